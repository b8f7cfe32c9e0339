import type { PaymentMethodCode } from "./codes.js";

// The ways an order is paid (decision 88): which go through TapPay's Pay by Prime, which send the
// shopper away to a wallet's page, which ask the device's Payment Request sheet, and the card's
// instalments. Imports nothing but the codes, so the storefront's bundle stays small.

/** Wallets the shopper leaves for (TapPay answers a payment_url) and comes back from. */
export const REDIRECT_WALLETS = ["line_pay", "jko_pay", "easy_wallet", "atome"] as const;
export type RedirectWallet = (typeof REDIRECT_WALLETS)[number];
/** Device wallets through the browser's Payment Request API (TPDirect.paymentRequestApi). */
export const DEVICE_WALLETS = ["apple_pay", "google_pay"] as const;
export type DeviceWallet = (typeof DEVICE_WALLETS)[number];
/** Every method paid with a TapPay prime: the card, the wallets and the virtual account. */
export const TAPPAY_METHODS = ["card", ...REDIRECT_WALLETS, ...DEVICE_WALLETS, "atm"] as const;
export type TapPayMethod = (typeof TAPPAY_METHODS)[number];
/** Methods the buyer may choose at checkout or when paying again (points and wallet cover an order by themselves). */
export const PAYABLE_METHODS = ["card", ...REDIRECT_WALLETS, ...DEVICE_WALLETS, "atm", "transfer", "cod"] as const;
export type PayableMethod = (typeof PAYABLE_METHODS)[number];

export const isTapPayMethod = (m: string): m is TapPayMethod => (TAPPAY_METHODS as readonly string[]).includes(m);
export const isRedirectWallet = (m: string): m is RedirectWallet => (REDIRECT_WALLETS as readonly string[]).includes(m);
export const isDeviceWallet = (m: string): m is DeviceWallet => (DEVICE_WALLETS as readonly string[]).includes(m);
/** Money that goes back through TapPay's refund call (a virtual account's goes back like a transfer's). */
export const refundsThroughTapPay = (m: string) => isTapPayMethod(m) && m !== "atm";

export const PAYMENT_METHOD_LABELS: Record<PaymentMethodCode, string> = {
  card: "信用卡",
  transfer: "ATM／銀行轉帳",
  cod: "貨到付款",
  points_wallet: "點數／錢包全額付款",
  line_pay: "LINE Pay",
  jko_pay: "街口支付",
  easy_wallet: "悠遊付",
  atome: "Atome 先享後付",
  apple_pay: "Apple Pay",
  google_pay: "Google Pay",
  atm: "ATM 虛擬帳號（免回報）",
};

/** The order checkout lists them in when staff have not set one. */
export const DEFAULT_PAYMENT_ORDER: readonly PayableMethod[] = [
  "card",
  "line_pay",
  "apple_pay",
  "google_pay",
  "jko_pay",
  "easy_wallet",
  "atome",
  "atm",
  "transfer",
  "cod",
];

/** Interest-free instalment counts a shop may offer on cards. */
export const INSTALMENT_COUNTS = [3, 6, 12, 24] as const;
export type InstalmentCount = (typeof INSTALMENT_COUNTS)[number];

/**
 * What each month costs: whole dollars, the remainder on the first payment (as Taiwanese issuers
 * bill it), so the payments add up to the total exactly.
 */
export function instalmentPlan(total: number, count: number): { first: number; monthly: number } {
  const monthly = Math.floor(total / count);
  return { first: total - monthly * (count - 1), monthly };
}
