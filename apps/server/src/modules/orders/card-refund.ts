import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { payments } from "../../db/schema/index.js";
import type { CardGateway } from "../../integrations/tappay/client.js";

export const CARD_REFUND_JOB = "payments.card_refund";
const REFUND_LEASE_MS = 60_000;

/**
 * Card refunds with the provider. A refund is decided inside the order's transaction (the
 * payment's `refunded` grows and a job is queued with it); this runs what was decided and not yet
 * confirmed (`refunded − refund_settled`), one caller at a time per payment (a lease), and the
 * job queue retries it until the provider confirms.
 */
export function createCardRefunds(deps: { db: Db; card: CardGateway; now?: () => Date }) {
  const { db, card } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Runs the card refunds decided for a payment and not yet confirmed by the provider. One caller
   * at a time per payment (a lease); the job queue retries it until it succeeds.
   */
  return async function runCardRefund(paymentId: number) {
    const at = now();
    const [p] = await db
      .update(payments)
      .set({ refundLeaseUntil: new Date(at.getTime() + REFUND_LEASE_MS) })
      .where(
        and(
          eq(payments.id, paymentId),
          sql`${payments.refunded} > ${payments.refundSettled}`,
          or(isNull(payments.refundLeaseUntil), lt(payments.refundLeaseUntil, at)),
        ),
      )
      .returning();
    if (!p) return;
    const due = p.refunded - p.refundSettled;
    let ok = false;
    try {
      ok = Boolean(p.providerRef) && (await card.refund(p.providerRef ?? "", due)).status === 0;
    } finally {
      await db
        .update(payments)
        .set(
          ok
            ? {
                refundSettled: sql`${payments.refundSettled} + ${due}`,
                status: sql`case when ${payments.refundSettled} + ${due} = ${payments.amount} then 'refunded' else ${payments.status} end`,
                message: "已退刷",
                refundLeaseUntil: null,
                updatedAt: now(),
              }
            : { message: "退刷處理中，如未完成將由客服處理", refundLeaseUntil: null, updatedAt: now() },
        )
        .where(eq(payments.id, p.id));
    }
    if (!ok) throw new Error(`card refund of payment ${p.id} failed`);
  };
}
