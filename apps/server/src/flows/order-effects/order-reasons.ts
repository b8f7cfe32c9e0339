import { type Lang, PAYMENT_METHOD_LABELS, PAYMENT_METHOD_LABELS_EN, type PaymentMethodCode } from "@shop/contract";
import { type EnglishPattern, englishPatterns } from "../../lib/english-patterns.js";

/**
 * Why an order moved, as the orders module writes it (zh-TW, kept so in its history), said in
 * English for an order placed in English (decision 109). What staff or a buyer typed after
 * 「客服取消：」 is theirs and stays as written; a reason not listed here stays zh-TW.
 */
const REASONS: readonly EnglishPattern[] = [
  ["開始備貨", "We are preparing your order"],
  ["已出貨", "Your order has shipped"],
  ["已送達", "Your order has been delivered"],
  ["訂單完成", "Your order is complete"],
  ["商品已存入雲端庫存", "The goods are kept in your cloud stock"],
  ["鑑賞期已過，訂單自動完成", "The 7-day return period has ended; the order is complete"],
  ["逾期未付款，訂單已自動取消", "The order was not paid in time and has been cancelled"],
  ["付款逾時，訂單已自動取消", "The payment timed out and the order has been cancelled"],
  ["確認收到匯款", "Your transfer has been received"],
  ["確認貨到付款", "Cash on delivery confirmed"],
  ["確認貨到付款已收款", "Your cash on delivery payment has been received"],
  ["貨到付款已由物流代收", "The carrier has collected your cash on delivery payment"],
  ["信用卡 3D 驗證付款成功", "Card payment confirmed"],
  ["虛擬帳號入帳，自動對帳成功", "Your payment to the virtual account has been received"],
  ["點數／錢包全額付款", "Paid in full with points and wallet"],
  ["{method}付款成功", "Paid by {method}"],
  ["買家取消：{why}", "Cancelled by you: {why}"],
  ["客服取消：{why}", "Cancelled by customer service: {why}"],
  ["訂單取消後收到{method}付款，已自動退款", "A {method} payment arrived after the order was cancelled; it has been refunded"],
  [
    "訂單取消後收到{method}付款，款項已退回錢包",
    "A {method} payment arrived after the order was cancelled; it is back in your wallet",
  ],
  [
    "訂單取消後收到{method}付款，款項由客服退還",
    "A {method} payment arrived after the order was cancelled; customer service will return it",
  ],
  ["訂單取消後確認收款，款項已退回錢包", "Payment confirmed after the order was cancelled; it is back in your wallet"],
  ["訂單取消後確認收款，款項由客服退還", "Payment confirmed after the order was cancelled; customer service will return it"],
];

/** The payment methods' names, zh-TW to English, for the reasons that name one. */
const METHODS = Object.fromEntries(
  (Object.keys(PAYMENT_METHOD_LABELS) as PaymentMethodCode[]).map((m) => [PAYMENT_METHOD_LABELS[m], PAYMENT_METHOD_LABELS_EN[m]]),
);

const english = englishPatterns(REASONS, METHODS);

/** The reason in the order's language. */
export const reasonIn = (lang: Lang, reason: string): string => (lang === "en" ? (english(reason) ?? reason) : reason);
