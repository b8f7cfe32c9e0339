import type { NextStep } from "@shop/contract";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { orders, payments } from "../../db/schema/index.js";
import type { CardGateway, PayByPrimeResult } from "../../integrations/tappay/client.js";
import { conflict } from "../../lib/errors.js";
import type { PaymentRow, Payments } from "./payments.js";
import type { Order, OrderLifecycle } from "./service.js";

/** An attempt in doubt blocks a new one until reconciliation (every 5 minutes) has looked it up. */
const IN_DOUBT_MS = 10 * 60_000;
/** How old an attempt must be before reconciliation asks TapPay about it (the call takes at most 30 s). */
const RECONCILE_AFTER_MS = 2 * 60_000;

/**
 * Charging a card for an order (TapPay Pay by Prime). The attempt is claimed under the order's row
 * lock, so twin requests and repays never charge twice at once; the provider call runs outside
 * any transaction. Every later write to the attempt is conditional on it still being the
 * attempt's state, and the provider's trade id is always kept, so a 3-D Secure success that
 * arrives after a cancellation can still be found and refunded.
 */
export function createCardCharge(deps: {
  db: Db;
  lifecycle: OrderLifecycle;
  card: CardGateway;
  payments: Payments;
  now?: () => Date;
}) {
  const { db, lifecycle, card, payments: pay } = deps;
  const now = deps.now ?? (() => new Date());

  const fail = async (paymentId: number, message: string): Promise<NextStep> => {
    await db
      .update(payments)
      .set({ status: "failed", message, updatedAt: now() })
      .where(and(eq(payments.id, paymentId), eq(payments.status, "charging")));
    return { type: "card_failed", message };
  };

  async function charge(order: Order, prime: string, origin: string): Promise<NextStep> {
    const attempt = await lifecycle.withOrder({ id: order.id }, async (tx, o) => {
      if (o.status !== "pending_payment") return { order: o, payment: null };
      const mine = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, o.id), eq(payments.method, "card")));
      const at = now();
      if (mine.some((p) => p.status === "charging" && at.getTime() - p.updatedAt.getTime() < IN_DOUBT_MS)) {
        throw conflict("PAYMENT_IN_PROGRESS", "付款處理中，請稍候再查看訂單");
      }
      const fresh = mine.find((p) => p.status === "pending");
      const [claimed] = fresh
        ? await tx.update(payments).set({ status: "charging", updatedAt: at }).where(eq(payments.id, fresh.id)).returning()
        : await tx
            .insert(payments)
            .values({
              orderId: o.id,
              method: "card",
              provider: card.simulated ? "tappay-simulator" : "tappay",
              amount: o.payable,
              status: "charging",
              createdAt: at,
              updatedAt: at,
            })
            .returning();
      return { order: o, payment: claimed ?? null };
    });
    if (!attempt.payment) return pay.nextFor(attempt.order);
    return chargeClaimed(order, attempt.payment, prime, origin);
  }

  /**
   * The provider call for an attempt already claimed (status charging): by `charge`, or by the
   * transaction that created the order with its first attempt (no one else could see it yet).
   */
  async function chargeClaimed(order: Order, payment: PaymentRow, prime: string, origin: string): Promise<NextStep> {
    const finishUrl = `${origin}/orderfinish?order_no=${order.orderNo}`;
    let result: PayByPrimeResult;
    try {
      result = await card.payByPrime({
        prime,
        amount: payment.amount,
        orderNumber: order.orderNo,
        details: `茶山好物訂單 ${order.orderNo}`,
        cardholder: { phone_number: order.receiverPhone, name: order.receiverName, email: order.email },
        threeDomainSecure: true,
        resultUrl: {
          frontend_redirect_url: finishUrl,
          backend_notify_url: `${origin}/api/payments/tappay/notify`,
          go_back_url: finishUrl,
        },
      });
    } catch {
      // No answer: the card may or may not have been charged. The attempt stays in doubt (a new
      // one is refused) until reconciliation finds TapPay's record of it, or that there is none.
      await db.update(payments).set({ message: "付款結果確認中", updatedAt: now() }).where(eq(payments.id, payment.id));
      return { type: "card_failed", message: "付款結果確認中，請稍後查看訂單，請勿重複付款" };
    }
    const last4 = result.card_info?.last_four ? `末四碼 ${result.card_info.last_four}` : "";
    if (result.status !== 0 || !result.rec_trade_id) {
      return fail(payment.id, "信用卡授權失敗，請確認卡片資料或改用其他付款方式");
    }
    if (result.payment_url) {
      // Under the order's lock, like every payment change: the attempt waits for 3-D Secure only
      // while the order still waits for payment. The trade id is kept either way, so a late
      // notify finds the attempt (and refunds it).
      const rec = result.rec_trade_id;
      const waiting = await lifecycle.withOrder({ id: order.id }, async (tx, o) => {
        const [p] = await tx
          .update(payments)
          .set({
            providerRef: rec,
            status:
              o.status === "pending_payment"
                ? sql`case when ${payments.status} = 'charging' then 'awaiting_3ds' else ${payments.status} end`
                : "failed",
            message: o.status === "pending_payment" ? last4 : "訂單已取消",
            updatedAt: now(),
          })
          .where(eq(payments.id, payment.id))
          .returning();
        return p?.status === "awaiting_3ds";
      });
      if (!waiting) return { type: "card_failed", message: "訂單狀態已變更，請重新整理" };
      return { type: "redirect_3ds", url: result.payment_url };
    }
    await pay.settleCard(payment.id, result.rec_trade_id, last4, "信用卡付款成功", order.id);
    return { type: "done" };
  }

  /**
   * An attempt left charging (the answer was lost, or the process died mid-call): TapPay's records
   * of the order say whether it was charged. A trade no other attempt owns settles it (a
   * cancelled order's money then goes straight back); none means it failed.
   */
  async function reconcileCharge(paymentId: number) {
    const [p] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.status, "charging")));
    if (!p) return;
    const [order] = await db.select().from(orders).where(eq(orders.id, p.orderId));
    if (!order) return;
    const records = await card.recordsByOrder(order.orderNo);
    const owned = new Set(
      (await db.select({ ref: payments.providerRef }).from(payments).where(eq(payments.orderId, p.orderId))).map((r) => r.ref),
    );
    const charged = records.find(
      (r) => (r.record_status === 0 || r.record_status === 1) && r.amount === p.amount && !owned.has(r.rec_trade_id),
    );
    if (charged) return pay.settleCard(p.id, charged.rec_trade_id, "", "信用卡付款確認成功");
    await db
      .update(payments)
      .set({ status: "failed", message: "信用卡未完成付款，請重新付款", updatedAt: now() })
      .where(and(eq(payments.id, p.id), eq(payments.status, "charging")));
  }

  return {
    charge,
    chargeClaimed,
    reconcileCharge,
    /** Attempts charging for longer than any provider call takes. */
    /** Card charges whose answer never came, older than the reconciliation delay (stuck work for /metrics). */
    async inDoubtCount(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(payments)
        .where(and(eq(payments.status, "charging"), lt(payments.updatedAt, new Date(now().getTime() - RECONCILE_AFTER_MS))));
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
