import type { OrderStatus, PaymentMethodCode } from "./codes.js";

/**
 * The storefront's languages (decision 109): zh-TW is the shop's own, English is offered beside it
 * under `/en/`. An order remembers the one it was placed in, and its messages are written in it.
 */
export const LANGS = ["zh-TW", "en"] as const;
export type Lang = (typeof LANGS)[number];

/** The English of ORDER_STATUS_LABELS, for the messages of an order placed in English. */
export const ORDER_STATUS_LABELS_EN: Record<OrderStatus, string> = {
  pending_payment: "awaiting payment",
  paid: "paid",
  processing: "being prepared",
  shipped: "shipped",
  delivered: "delivered",
  completed: "completed",
  cancelled: "cancelled",
  refunded: "refunded",
};

/** The English of PAYMENT_METHOD_LABELS. */
export const PAYMENT_METHOD_LABELS_EN: Record<PaymentMethodCode, string> = {
  card: "Credit card",
  transfer: "ATM / bank transfer",
  cod: "Cash on delivery",
  points_wallet: "Points / wallet (paid in full)",
  line_pay: "LINE Pay",
  jko_pay: "JKOPAY",
  easy_wallet: "easy wallet",
  atome: "Atome (buy now, pay later)",
  apple_pay: "Apple Pay",
  google_pay: "Google Pay",
  atm: "ATM virtual account (no need to report)",
};
