import type { NextStep } from "@shop/contract";
import { formatMoney } from "@shop/contract/format";
import { isTapPayMethod, PAYMENT_METHOD_LABELS, refundsThroughTapPay } from "@shop/contract/order";
import { and, asc, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { payments } from "../../db/schema/index.js";
import { conflict, forbidden, notFound, unprocessable } from "../../lib/errors.js";
import { type PaymentRow, type PaymentsContext, payeeOf, returnWhole } from "./payment-refunds.js";
import { STATE_CHANGED } from "./state.js";
import type { Buyer, Order } from "./types.js";

// Money coming in: what the buyer does next, card settlements, offline confirmations.

export async function nextFor(deps: PaymentsContext, order: Order, lastPayment?: PaymentRow): Promise<NextStep> {
  if (order.status !== "pending_payment") return { type: "done" };
  if (order.paymentMethod === "transfer") {
    const { bank } = await deps.transferAccount(order.shopId);
    return { type: "transfer", bank, amount: order.payable, deadline: (order.payBy ?? deps.now()).toISOString() };
  }
  const method = order.paymentMethod;
  if (method === "atm" && lastPayment?.status === "pending" && lastPayment.virtualAccount) {
    const va = lastPayment.virtualAccount;
    return {
      type: "virtual_account",
      virtual_account: { bank_code: va.bank_code, account: va.account, amount: lastPayment.amount, deadline: va.expires_at },
    };
  }
  if (isTapPayMethod(method)) {
    const label = PAYMENT_METHOD_LABELS[method];
    if (lastPayment?.status === "awaiting_3ds")
      return {
        type: "card_failed",
        message: method === "card" ? "尚未完成 3D 驗證，請重新付款" : `尚未完成${label}付款，請重新付款`,
      };
    return { type: "card_failed", message: lastPayment?.message || `${label}尚未付款成功，請重新付款` };
  }
  return { type: "done" };
}

/** Cash on delivery collected: its payment is paid and the order records when and who said so. */
async function collect(deps: PaymentsContext, tx: Tx, o: Order, p: PaymentRow, actor: string, reason: string) {
  await tx
    .update(payments)
    .set({ status: "paid", message: "", updatedAt: deps.now() })
    .where(and(eq(payments.id, p.id), eq(payments.status, "pending")));
  await deps.lifecycle.markCollected(tx, o, actor, reason);
}

/**
 * A card the provider says was charged. Marks the order paid once; if the order was cancelled or
 * paid by another attempt meanwhile, the money goes straight back. `orderId`: the attempt's
 * order when the caller knows it (saves a read).
 */
export async function settleCard(
  deps: PaymentsContext,
  paymentId: number,
  recTradeId: string,
  last4: string,
  reason: string,
  orderId?: number,
) {
  const [first] = orderId
    ? [{ orderId }]
    : await deps.db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, paymentId));
  if (!first) return;
  await deps.lifecycle.withOrder({ id: first.orderId }, async (tx, o, commit) => {
    // One conditional update under the order's lock: an attempt counted already (a repeated
    // notify) or refunded is left as it is.
    const [paid] = await tx
      .update(payments)
      .set({
        status: "paid",
        providerRef: recTradeId,
        message: last4 ? last4 : sql`${payments.message}`,
        updatedAt: deps.now(),
      })
      .where(and(eq(payments.id, paymentId), eq(payments.orderId, o.id), notInArray(payments.status, ["paid", "refunded"])))
      .returning();
    if (!paid) return;
    if (o.status === "pending_payment" && o.paymentMethod === paid.method) {
      await deps.lifecycle.pay(tx, o, `provider:${paid.provider}`, reason);
      return;
    }
    // Where the money goes back: through TapPay to the card or wallet; a virtual account's like a transfer's.
    const back = refundsThroughTapPay(paid.method) ? "已自動退款" : o.memberId !== null ? "款項已退回錢包" : "款項由客服退還";
    const label = PAYMENT_METHOD_LABELS[paid.method];
    const why =
      o.status === "cancelled"
        ? `訂單取消後收到${label}付款，${back}`
        : o.status === "pending_payment"
          ? `已改用其他付款方式，${label}款項${back}`
          : `重複付款，${back}`;
    await returnWhole(deps, tx, o, paid, commit, why);
  });
}

/**
 * The order's first payment, in the transaction that creates the order. `charging`: a card
 * attempt claimed at once, as the order is charged right after it commits.
 */
export async function openPayment(
  deps: PaymentsContext,
  tx: Tx,
  order: Order,
  payee: "company" | "shop",
  charging = false,
  instalment = 0,
) {
  const [row] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      method: order.paymentMethod,
      provider: isTapPayMethod(order.paymentMethod) ? (deps.card.simulated ? "tappay-simulator" : "tappay") : order.paymentMethod,
      instalment,
      amount: order.payable,
      status: order.payable === 0 ? "paid" : charging ? "charging" : "pending",
      payee,
      createdAt: order.createdAt,
      updatedAt: order.createdAt,
    })
    .returning();
  return row;
}

/**
 * Effect of delivery: the carrier (or the seller delivering) collected cash on delivery, so its
 * payment is paid — the carrier's delivery report is its collection report. A payment staff
 * confirmed before is left as it is.
 */
export async function collectOnDelivery(deps: PaymentsContext, tx: Tx, o: Order, actor: string) {
  if (o.paymentMethod !== "cod") return;
  const [p] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, o.id), eq(payments.method, "cod"), eq(payments.status, "pending")));
  if (p) await collect(deps, tx, o, p, actor, "貨到付款已由物流代收");
}

/**
 * TapPay's notify (3-D Secure, a wallet's page, a virtual account paid), the buyer's return to the
 * result page, and reconciliation all land here: trusted only after the Record API confirms it, and
 * settled once whichever comes first (settleCard's conditional update). `pushedAmount`: what the
 * unsigned push says was paid, only to tell staff of a virtual account paid with the wrong amount.
 */
export async function tapPayNotify(deps: PaymentsContext, recTradeId: string, pushedAmount?: number) {
  const [p] = await deps.db.select().from(payments).where(eq(payments.providerRef, recTradeId));
  if (!p) throw notFound("PAYMENT_NOT_FOUND", "找不到此交易");
  const record = await deps.card.record(recTradeId);
  if (!record) throw unprocessable("PAYMENT_NOT_CONFIRMED", "無法確認交易");
  const label = PAYMENT_METHOD_LABELS[p.method];
  if ((record.record_status === 0 || record.record_status === 1) && record.amount === p.amount) {
    const how =
      p.method === "card" ? "信用卡 3D 驗證付款成功" : p.method === "atm" ? "虛擬帳號入帳，自動對帳成功" : `${label}付款成功`;
    await settleCard(deps, p.id, recTradeId, p.message, how);
  } else if (record.record_status === -1) {
    await deps.lifecycle.withOrder({ id: p.orderId }, async (tx) => {
      await tx
        .update(payments)
        .set({
          status: "failed",
          message: p.method === "card" ? "3D 驗證未通過，請重新付款" : `${label}付款未完成，請重新付款`,
          updatedAt: deps.now(),
        })
        .where(and(eq(payments.id, p.id), inArray(payments.status, ["awaiting_3ds", "pending"])));
    });
  } else if (p.method === "atm" && pushedAmount !== undefined && pushedAmount !== p.amount) {
    await noteWrongAmount(deps, p, pushedAmount);
  }
}

/** How a virtual account paid with the wrong amount is noted (stuck work counts these). */
export const WRONG_AMOUNT_NOTE = "虛擬帳號收到";

/** A virtual account paid with another amount: the order stays unpaid, with a note staff see once. */
async function noteWrongAmount(deps: PaymentsContext, p: PaymentRow, pushed: number) {
  const note = `${WRONG_AMOUNT_NOTE} ${formatMoney(pushed)}，與應付金額 ${formatMoney(p.amount)} 不符，訂單尚未付款：請以正確金額重新轉帳，客服將與您聯繫退還此筆款項`;
  await deps.lifecycle.withOrder({ id: p.orderId }, async (tx, o) => {
    const [noted] = await tx
      .update(payments)
      .set({ message: note, updatedAt: deps.now() })
      .where(and(eq(payments.id, p.id), eq(payments.status, "pending"), ne(payments.message, note)))
      .returning();
    if (noted) await deps.lifecycle.event(tx, o.id, o.status, o.status, "provider:tappay", note);
  });
}

/**
 * Staff or the shop's seller confirm a transfer or cash on delivery. A seller may confirm only
 * money paid to the seller (the shop's own account, or cash they collected delivering
 * themselves); money that reaches a cancelled order goes straight back.
 */
export function confirmOffline(deps: PaymentsContext, orderNo: string, actor: string, as: "staff" | "seller") {
  return deps.lifecycle.withOrder({ no: orderNo }, async (tx, o, commit) => {
    if (o.paymentMethod !== "transfer" && o.paymentMethod !== "cod")
      throw conflict("NO_OFFLINE_PAYMENT", "此訂單的付款不需人工確認");
    const [p] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, o.id), eq(payments.method, o.paymentMethod)))
      .orderBy(asc(payments.id));
    if (!p) throw conflict("NO_OFFLINE_PAYMENT", "此訂單的付款不需人工確認");
    if (as === "seller" && payeeOf(o, p) !== "shop") {
      throw forbidden(
        "PAYMENT_NOT_TO_SELLER",
        o.paymentMethod === "cod" ? "貨到付款由物流代收，需由總公司確認收款" : "此筆款項匯入總公司帳戶，需由總公司確認收款",
      );
    }
    // A transfer arriving for a cancelled order is staff's to confirm (and to give back).
    const cancelledLate = as === "staff" && o.paymentMethod === "transfer" && o.status === "cancelled" && p.status === "failed";
    // Cash on delivery already on its way: the collection is recorded, the order stays where it is.
    if (o.paymentMethod === "cod" && (o.status === "processing" || o.status === "shipped")) {
      if (p.status !== "pending") throw conflict("ALREADY_COLLECTED", "此訂單已確認收款");
      await collect(deps, tx, o, p, actor, "確認貨到付款已收款");
      return o;
    }
    if (o.status !== "pending_payment" && !cancelledLate) throw conflict("ORDER_STATE_CHANGED", STATE_CHANGED);
    const [paid] = await tx
      .update(payments)
      .set({ status: "paid", message: "", updatedAt: deps.now() })
      .where(eq(payments.id, p.id))
      .returning();
    if (!paid) throw conflict("ORDER_STATE_CHANGED", STATE_CHANGED);
    if (!cancelledLate) return deps.lifecycle.pay(tx, o, actor, o.paymentMethod === "transfer" ? "確認收到匯款" : "確認貨到付款");
    await returnWhole(
      deps,
      tx,
      o,
      paid,
      commit,
      o.memberId !== null ? "訂單取消後確認收款，款項已退回錢包" : "訂單取消後確認收款，款項由客服退還",
    );
    return o;
  });
}

/** The buyer reports a transfer (last five digits, amount, time) for staff or the seller to check. */
export function reportTransfer(
  deps: PaymentsContext,
  buyer: Buyer,
  orderNo: string,
  input: { last5: string; amount: number; paid_at: string },
) {
  return deps.lifecycle.withOrder({ no: orderNo }, async (tx, o) => {
    const mine =
      buyer.memberId !== undefined ? o.memberId === buyer.memberId : o.memberId === null && o.receiverPhone === buyer.phone;
    if (!mine) throw notFound("ORDER_NOT_FOUND", "查無此訂單，請確認訂單編號與手機號碼");
    if (o.paymentMethod !== "transfer" || o.status !== "pending_payment")
      throw conflict("TRANSFER_REPORT_NOT_EXPECTED", "此訂單不需回報匯款");
    if (input.amount !== o.payable)
      throw unprocessable("TRANSFER_AMOUNT_MISMATCH", `匯款金額與應付金額 ${formatMoney(o.payable)} 不符`);
    await tx
      .update(payments)
      .set({ report: input, updatedAt: deps.now() })
      .where(and(eq(payments.orderId, o.id), eq(payments.method, "transfer")));
  });
}
