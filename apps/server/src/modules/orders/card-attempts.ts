import type { NextStep } from "@shop/contract";
import { shopPagePath } from "@shop/contract/links";
import { isRedirectWallet, isTapPayMethod, PAYMENT_METHOD_LABELS, type TapPayMethod } from "@shop/contract/order";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { orders, payments } from "../../db/schema/index.js";
import { type CardGateway, type PayByPrimeResult, virtualAccountOf } from "../../integrations/tappay/client.js";
import { conflict } from "../../lib/errors.js";
import type { PaymentRow, Payments } from "./payments.js";
import type { Order, OrderLifecycle } from "./types.js";

/** An attempt in doubt blocks a new one until reconciliation (every 5 minutes) has looked it up. */
const IN_DOUBT_MS = 10 * 60_000;

/** What a TapPay attempt works with (card-charge.ts builds it once). */
export interface CardChargeContext {
  db: Db;
  lifecycle: OrderLifecycle;
  card: CardGateway;
  payments: Payments;
  /** Each method's TapPay merchant (decision 88). */
  merchants: Partial<Record<TapPayMethod, string>>;
  now: () => Date;
}

/** What the buyer is told when TapPay refuses a method's prime. */
const REFUSED: Record<TapPayMethod, string> = {
  card: "信用卡授權失敗，請確認卡片資料或改用其他付款方式",
  apple_pay: "Apple Pay 付款失敗，請改用其他付款方式",
  google_pay: "Google Pay 付款失敗，請改用其他付款方式",
  line_pay: "LINE Pay 付款未成功，請再試一次或改用其他付款方式",
  jko_pay: "街口支付付款未成功，請再試一次或改用其他付款方式",
  easy_wallet: "悠遊付付款未成功，請再試一次或改用其他付款方式",
  atome: "Atome 付款未成功，請再試一次或改用其他付款方式",
  atm: "虛擬帳號建立失敗，請稍後再試或改用其他付款方式",
};

async function fail(deps: CardChargeContext, paymentId: number, message: string): Promise<NextStep> {
  await deps.db
    .update(payments)
    .set({ status: "failed", message, updatedAt: deps.now() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, "charging")));
  return { type: "card_failed", message };
}

/**
 * A new attempt (a repay, or a method chosen again), claimed under the order's row lock, then
 * charged outside it. `instalment`: the card's instalment count (0: at once).
 */
export async function chargeCard(
  deps: CardChargeContext,
  order: Order,
  prime: string,
  origin: string,
  instalment = 0,
): Promise<NextStep> {
  const { card, now } = deps;
  const method = order.paymentMethod;
  if (!isTapPayMethod(method)) throw conflict("PAYMENT_METHOD_CHANGED", "付款方式已變更，請重新整理訂單頁面");
  const attempt = await deps.lifecycle.withOrder({ id: order.id }, async (tx, o) => {
    if (o.status !== "pending_payment") return { order: o, payment: null };
    // Another tab may have changed the method since the caller read the order (changePayment).
    if (o.paymentMethod !== method) throw conflict("PAYMENT_METHOD_CHANGED", "付款方式已變更，請重新整理訂單頁面");
    const mine = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, o.id), eq(payments.method, method)));
    const at = now();
    if (mine.some((p) => p.status === "charging" && at.getTime() - p.updatedAt.getTime() < IN_DOUBT_MS)) {
      throw conflict("PAYMENT_IN_PROGRESS", "付款處理中，請稍候再查看訂單");
    }
    // A virtual account already given stays the order's: a second one would leave two to pay into.
    const given = mine.find((p) => p.status === "pending" && p.virtualAccount);
    if (given) return { order: o, payment: null, given };
    const fresh = mine.find((p) => p.status === "pending");
    const [claimed] = fresh
      ? await tx
          .update(payments)
          .set({ status: "charging", instalment, updatedAt: at })
          .where(eq(payments.id, fresh.id))
          .returning()
      : await tx
          .insert(payments)
          .values({
            orderId: o.id,
            method,
            provider: card.simulated ? "tappay-simulator" : "tappay",
            amount: o.payable,
            status: "charging",
            instalment,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
    return { order: o, payment: claimed ?? null, given: undefined };
  });
  if (!attempt.payment) return deps.payments.nextFor(attempt.order, attempt.given);
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
  const method = payment.method as TapPayMethod;
  // Back to the shop the order was placed in, in its language (decision 109).
  const finishUrl = `${origin}${shopPagePath(order.shopId, order.lang, "/orderfinish")}?order_no=${order.orderNo}`;
  let result: PayByPrimeResult;
  try {
    result = await deps.card.payByPrime({
      prime,
      merchantId: deps.merchants[method],
      instalment: payment.instalment,
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
    // No answer: the buyer may or may not have been charged. The attempt stays in doubt (a new
    // one is refused) until reconciliation finds TapPay's record of it, or that there is none.
    await db.update(payments).set({ message: "付款結果確認中", updatedAt: now() }).where(eq(payments.id, payment.id));
    return { type: "card_failed", message: "付款結果確認中，請稍後查看訂單，請勿重複付款" };
  }
  const last4 = result.card_info?.last_four ? `末四碼 ${result.card_info.last_four}` : "";
  if (result.status !== 0 || !result.rec_trade_id) return fail(deps, payment.id, REFUSED[method]);
  const account = method === "atm" ? virtualAccountOf(result) : null;
  if (method === "atm") {
    if (!account) return fail(deps, payment.id, REFUSED.atm);
    return giveVirtualAccount(deps, order, payment, result.rec_trade_id, account);
  }
  if (result.payment_url) {
    // Under the order's lock, like every payment change: the attempt waits for the bank's or the
    // wallet's page only while the order still waits for payment. The trade id is kept either
    // way, so a late notify finds the attempt (and refunds it).
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
    return isRedirectWallet(method)
      ? { type: "redirect_wallet", url: result.payment_url, method }
      : { type: "redirect_3ds", url: result.payment_url };
  }
  await deps.payments.settleCard(payment.id, result.rec_trade_id, last4, `${PAYMENT_METHOD_LABELS[method]}付款成功`, order.id);
  return { type: "done" };
}

/**
 * A virtual account TapPay gave the order: kept on the attempt (pending until the bank's push),
 * and the order's deadline becomes the account's, under the order's lock.
 */
async function giveVirtualAccount(
  deps: CardChargeContext,
  order: Order,
  payment: PaymentRow,
  rec: string,
  account: { bankCode: string; account: string; expiresAt: Date },
): Promise<NextStep> {
  const details = { bank_code: account.bankCode, account: account.account, expires_at: account.expiresAt.toISOString() };
  const given = await deps.lifecycle.withOrder({ id: order.id }, async (tx, o) => {
    const open = o.status === "pending_payment";
    const [p] = await tx
      .update(payments)
      .set({
        providerRef: rec,
        status: open ? "pending" : "failed",
        virtualAccount: details,
        message: open ? "" : "訂單已取消",
        updatedAt: deps.now(),
      })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "charging")))
      .returning();
    if (p?.status !== "pending") return false;
    const [moved] = await tx.update(orders).set({ payBy: account.expiresAt }).where(eq(orders.id, o.id)).returning();
    const given = { bankCode: account.bankCode, account: account.account, amount: p.amount, deadline: account.expiresAt };
    for (const run of deps.lifecycle.effects.accountGiven) await run(tx, moved ?? o, given);
    return true;
  });
  if (!given) return { type: "card_failed", message: "訂單狀態已變更，請重新整理" };
  return {
    type: "virtual_account",
    virtual_account: {
      bank_code: details.bank_code,
      account: details.account,
      amount: payment.amount,
      deadline: details.expires_at,
    },
  };
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
  if (charged) return deps.payments.settleCard(p.id, charged.rec_trade_id, "", "付款確認成功（對帳）");
  await db
    .update(payments)
    .set({ status: "failed", message: "未完成付款，請重新付款", updatedAt: deps.now() })
    .where(and(eq(payments.id, p.id), eq(payments.status, "charging")));
}

/**
 * An attempt waiting on TapPay's notify (a wallet's page, 3-D Secure, a virtual account) whose
 * notify may have been lost: the Record API says whether it was paid (decision 88). The same
 * settlement as the notify's, so whichever comes first counts, once.
 */
export async function reconcileWaiting(deps: CardChargeContext, paymentId: number) {
  const [p] = await deps.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!p?.providerRef || (p.status !== "awaiting_3ds" && p.status !== "pending")) return;
  await deps.payments.tapPayNotify(p.providerRef);
  // A virtual account may wait days: once looked at, it goes to the back of the queue (the job
  // takes the 100 looked at longest ago), so every account is asked about in turn.
  if (p.status === "pending")
    await deps.db
      .update(payments)
      .set({ updatedAt: deps.now() })
      .where(and(eq(payments.id, p.id), eq(payments.status, "pending")));
}
