import { msg } from "@lingui/core/macro";
import type { PayableMethod, StoreResult } from "@shop/contract/order";
import type { SellerOrderView } from "@shop/contract/seller";
import { type MessageDescriptor, translate } from "../../i18n/runtime";
import { api } from "../../lib/api";
import { lookupOf } from "./order-read";
import { paymentMessageText } from "./payment-messages";

/** What a buyer does with an order from its page (the card's prime is taken in the browser first). */
export type OrderAction =
  | { intent: "cancel"; order_no: string }
  | { intent: "report"; order_no: string; last5: string; amount: number; paid_at: string }
  | { intent: "repay"; order_no: string; prime: string }
  | { intent: "change"; order_no: string; payment_method: PayableMethod; prime?: string; instalment?: number }
  | { intent: "reorder"; order_no: string; shop_id: number; lines: Array<{ variant_id: number; qty: number; name: string }> };

/**
 * The answer the page shows as a dialog (成功 or 錯誤); `leaving` when the browser is going to the bank's page;
 * `missed` when 再買一次 could not put every line into the cart.
 */
export type OrderActionAnswer = {
  intent: OrderAction["intent"] | "seller";
  ok: boolean;
  message: string;
  leaving?: boolean;
  missed?: boolean;
};

/** Our own words in the language of the page the action came from (its path). */
const inLangOf = (pathname: string) => (descriptor: MessageDescriptor) => translate(pathname, descriptor);

/**
 * 再買一次: each line into the cart at today's price, as far as stock allows (the cart checks);
 * `ok` when any went in, `message` names those that could not.
 */
async function reorder(
  a: Extract<OrderAction, { intent: "reorder" }>,
  t: (d: MessageDescriptor) => string,
): Promise<OrderActionAnswer> {
  const missed: string[] = [];
  for (const l of a.lines) {
    const r = await api("/api/cart/store", { body: { variant_id: l.variant_id, qty: l.qty, shop_id: a.shop_id } });
    const name = l.name;
    const why = r.message;
    if (!r.status) missed.push(why.includes(name) ? why : t(msg`「${name}」${why}`));
  }
  const ok = missed.length < a.lines.length;
  const list = missed.join("\n");
  return {
    intent: a.intent,
    ok,
    missed: missed.length > 0,
    message: missed.length ? t(msg`以下商品未加入購物車：\n${list}`) : t(msg`已加入購物車`),
  };
}

/**
 * Runs a buyer's action for a route's clientAction; React Router reads the order again afterwards.
 * `pathname` is the page's (new URL(request.url).pathname): our messages are in its language.
 */
export async function orderAction(a: OrderAction, pathname = window.location.pathname): Promise<OrderActionAnswer> {
  const t = inLangOf(pathname);
  if (a.intent === "reorder") return reorder(a, t);
  const lookup = lookupOf(a.order_no);
  if (a.intent === "cancel") {
    // The reason is recorded for staff (the order's history), in the shop's own language.
    const r = await api("/api/order/cancelOrder", { body: { ...lookup, reason: "買家於網站取消" } });
    return { intent: a.intent, ok: r.status, message: r.status ? t(msg`訂單已取消`) : r.message };
  }
  if (a.intent === "report") {
    const r = await api("/api/order/paymentTransfer", {
      body: { ...lookup, last5: a.last5, amount: a.amount, paid_at: a.paid_at },
    });
    return { intent: a.intent, ok: r.status, message: r.status ? t(msg`已收到您的匯款回報，確認後將為您出貨`) : r.message };
  }
  const r =
    a.intent === "change"
      ? await api<StoreResult>("/api/order/changePayment", {
          body: {
            ...lookup,
            payment_method: a.payment_method,
            ...(a.prime ? { prime: a.prime } : {}),
            ...(a.instalment ? { instalment: a.instalment } : {}),
          },
        })
      : await api<StoreResult>("/api/order/repayTappays", { body: { ...lookup, prime: a.prime } });
  if (!r.status) return { intent: a.intent, ok: false, message: r.message };
  // The bank's 3-D Secure page or the wallet's own: the browser comes back to the finish page.
  if (r.data.next.type === "redirect_3ds" || r.data.next.type === "redirect_wallet") {
    window.location.assign(r.data.next.url);
    return { intent: a.intent, ok: true, message: "", leaving: true };
  }
  if (r.data.next.type === "card_failed")
    return { intent: a.intent, ok: false, message: paymentMessageText(t, r.data.next.message) };
  if (r.data.next.type === "virtual_account")
    return { intent: a.intent, ok: true, message: t(msg`已改用 ATM 虛擬帳號，請於期限內轉帳至專屬帳號`) };
  if (r.data.next.type === "transfer")
    return { intent: a.intent, ok: true, message: t(msg`已改用 ATM／銀行轉帳，請於期限內完成匯款`) };
  if (a.intent === "change" && a.payment_method === "cod") return { intent: a.intent, ok: true, message: t(msg`已改用貨到付款`) };
  return { intent: a.intent, ok: true, message: t(msg`付款成功`) };
}

/** The seller's steps on one of their shop's orders (the server checks each again). */
const SELLER_STEPS = ["updateSellerPayment", "updateShipMethod", "updateShipStatus", "updateSelfShip", "updateFinish"] as const;
export type SellerAction = {
  intent: "seller";
  step: (typeof SELLER_STEPS)[number];
  order_no: string;
  [field: string]: unknown;
};

export async function sellerAction(
  { intent, step, ...body }: SellerAction,
  pathname = window.location.pathname,
): Promise<OrderActionAnswer> {
  if (!SELLER_STEPS.includes(step)) return { intent, ok: false, message: translate(pathname, msg`無法執行此操作`) };
  const r = await api<SellerOrderView>(`/api/seller/${step}`, { body });
  return { intent, ok: r.status, message: r.message };
}
