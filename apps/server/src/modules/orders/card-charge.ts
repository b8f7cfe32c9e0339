import type { TapPayMethod } from "@shop/contract/order";
import { and, asc, eq, inArray, isNotNull, like, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { payments } from "../../db/schema/index.js";
import type { CardGateway } from "../../integrations/tappay/client.js";
import { type CardChargeContext, chargeCard, chargeClaimed, reconcileCharge, reconcileWaiting } from "./card-attempts.js";
import { WRONG_AMOUNT_NOTE } from "./payment-settlement.js";
import type { PaymentRow, Payments } from "./payments.js";
import type { Order, OrderLifecycle } from "./types.js";

/** How old an attempt must be before reconciliation asks TapPay about it (the call takes at most 30 s). */
const RECONCILE_AFTER_MS = 2 * 60_000;
/** How long a wallet's page or a virtual account is left to its notify before the Record API is asked. */
const NOTIFY_LOST_AFTER_MS = 10 * 60_000;

/**
 * Charging a card for an order (TapPay Pay by Prime). The attempt is claimed under the order's row
 * lock, so twin requests and repays never charge twice at once; the provider call runs outside
 * any transaction. Every later write to the attempt is conditional on it still being the
 * attempt's state, and the provider's trade id is always kept, so a 3-D Secure success that
 * arrives after a cancellation can still be found and refunded. The steps are in card-attempts.ts.
 */
export function createCardCharge(deps: {
  db: Db;
  lifecycle: OrderLifecycle;
  card: CardGateway;
  payments: Payments;
  merchants: Partial<Record<TapPayMethod, string>>;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const d: CardChargeContext = {
    db,
    lifecycle: deps.lifecycle,
    card: deps.card,
    payments: deps.payments,
    merchants: deps.merchants,
    now,
  };

  return {
    /** Pays a 待付款 order with its method's TapPay prime (card, wallet, virtual account). */
    charge: (order: Order, prime: string, origin: string, instalment = 0) => chargeCard(d, order, prime, origin, instalment),
    chargeClaimed: (order: Order, payment: PaymentRow, prime: string, origin: string) =>
      chargeClaimed(d, order, payment, prime, origin),
    reconcileCharge: (paymentId: number) => reconcileCharge(d, paymentId),
    reconcileWaiting: (paymentId: number) => reconcileWaiting(d, paymentId),
    /** Attempts waiting on a notify (wallet pages, 3-D Secure, virtual accounts) long enough that it may be lost. */
    async waitingTooLong(): Promise<number[]> {
      const rows = await db
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            inArray(payments.status, ["awaiting_3ds", "pending"]),
            isNotNull(payments.providerRef),
            lt(payments.updatedAt, new Date(now().getTime() - NOTIFY_LOST_AFTER_MS)),
          ),
        )
        .orderBy(asc(payments.updatedAt))
        .limit(100);
      return rows.map((r) => r.id);
    },
    /**
     * Stuck work for /metrics: charges whose answer never came, older than the reconciliation delay,
     * and pages (a wallet's, 3-D Secure) whose notify has not come for twice the time reconciliation takes.
     */
    async inDoubtCount(): Promise<number> {
      const at = now().getTime();
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(payments)
        .where(
          or(
            and(eq(payments.status, "charging"), lt(payments.updatedAt, new Date(at - RECONCILE_AFTER_MS))),
            and(eq(payments.status, "awaiting_3ds"), lt(payments.updatedAt, new Date(at - 2 * NOTIFY_LOST_AFTER_MS))),
          ),
        );
      return row?.n ?? 0;
    },
    /** Virtual accounts paid with the wrong amount (decision 88), still waiting for staff. */
    async wrongAmountCount(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(payments)
        .where(and(eq(payments.method, "atm"), eq(payments.status, "pending"), like(payments.message, `${WRONG_AMOUNT_NOTE}%`)));
      return row?.n ?? 0;
    },
    async chargesInDoubt(): Promise<number[]> {
      const rows = await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.status, "charging"), lt(payments.updatedAt, new Date(now().getTime() - RECONCILE_AFTER_MS))))
        .limit(100);
      return rows.map((r) => r.id);
    },
  };
}

export type CardCharge = ReturnType<typeof createCardCharge>;
