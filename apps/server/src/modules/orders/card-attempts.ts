import type { NextStep } from "@shop/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { orders, payments } from "../../db/schema/index.js";
import type { CardGateway, PayByPrimeResult } from "../../integrations/tappay/client.js";
import { conflict } from "../../lib/errors.js";
import type { PaymentRow, Payments } from "./payments.js";
import type { Order, OrderLifecycle } from "./types.js";

/** An attempt in doubt blocks a new one until reconciliation (every 5 minutes) has looked it up. */
const IN_DOUBT_MS = 10 * 60_000;

/** What a card attempt works with (card-charge.ts builds it once). */
export interface CardChargeContext {
  db: Db;
  lifecycle: OrderLifecycle;
  card: CardGateway;
  payments: Payments;
  now: () => Date;
}

async function fail(deps: CardChargeContext, paymentId: number, message: string): Promise<NextStep> {
  await deps.db
    .update(payments)
    .set({ status: "failed", message, updatedAt: deps.now() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, "charging")));
  return { type: "card_failed", message };
}

/** A new attempt (a repay), claimed under the order's row lock, then charged outside it. */
export async function chargeCard(deps: CardChargeContext, order: Order, prime: string, origin: string): Promise<NextStep> {
  const { card, now } = deps;
  const attempt = await deps.lifecycle.withOrder({ id: order.id }, async (tx, o) => {
    if (o.status !== "pending_payment") return { order: o, payment: null };
    // Another tab may have changed the method since the caller read the order (changePayment).
    if (o.paymentMethod !== "card") throw conflict("PAYMENT_METHOD_CHANGED", "付款方式已變更，請重新整理訂單頁面");
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
  if (!attempt.payment) return deps.payments.nextFor(attempt.order);
  return chargeClaimed(deps, order, attempt.payment, prime, origin);
}

/**
 * The provider call for an attempt already claimed (status charging): by `chargeCard`, or by the
 * transaction that created the order with its first attempt (no one else could see it yet).
 */
export async function chargeClaimed(
  deps: CardChargeContext,
  order: Order,
  payment: PaymentRow,
  prime: string,
  origin: string,
): Promise<NextStep> {
  const { db, now } = deps;
  const finishUrl = `${origin}/orderfinish?order_no=${order.orderNo}`;
  let result: PayByPrimeResult;
  try {
    result = await deps.card.payByPrime({
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
    return fail(deps, payment.id, "信用卡授權失敗，請確認卡片資料或改用其他付款方式");
  }
  if (result.payment_url) {
    // Under the order's lock, like every payment change: the attempt waits for 3-D Secure only
    // while the order still waits for payment. The trade id is kept either way, so a late
    // notify finds the attempt (and refunds it).
    const rec = result.rec_trade_id;
    const waiting = await deps.lifecycle.withOrder({ id: order.id }, async (tx, o) => {
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
  await deps.payments.settleCard(payment.id, result.rec_trade_id, last4, "信用卡付款成功", order.id);
  return { type: "done" };
}

/**
 * An attempt left charging (the answer was lost, or the process died mid-call): TapPay's records
 * of the order say whether it was charged. A trade no other attempt owns settles it (a
 * cancelled order's money then goes straight back); none means it failed.
 */
export async function reconcileCharge(deps: CardChargeContext, paymentId: number) {
  const { db } = deps;
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.status, "charging")));
  if (!p) return;
  const [order] = await db.select().from(orders).where(eq(orders.id, p.orderId));
  if (!order) return;
  const records = await deps.card.recordsByOrder(order.orderNo);
  const owned = new Set(
    (await db.select({ ref: payments.providerRef }).from(payments).where(eq(payments.orderId, p.orderId))).map((r) => r.ref),
  );
  const charged = records.find(
    (r) => (r.record_status === 0 || r.record_status === 1) && r.amount === p.amount && !owned.has(r.rec_trade_id),
  );
  if (charged) return deps.payments.settleCard(p.id, charged.rec_trade_id, "", "信用卡付款確認成功");
  await db
    .update(payments)
    .set({ status: "failed", message: "信用卡未完成付款，請重新付款", updatedAt: deps.now() })
    .where(and(eq(payments.id, p.id), eq(payments.status, "charging")));
}
