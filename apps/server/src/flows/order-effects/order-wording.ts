import {
  type Lang,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_LABELS_EN,
  type OrderStatus,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_LABELS_EN,
  type PaymentMethodCode,
} from "@shop/contract";

/**
 * What an order's messages say, in the language the order was placed in (decision 109). The shop's
 * own templates (decision 41) are zh-TW; an English order gets the English defaults.
 */
export interface OrderWording {
  status(s: OrderStatus): string;
  payment(m: PaymentMethodCode): string;
  preorder(shipOn: string | null): string;
  placed(payable: string, method: PaymentMethodCode, pre: string): string;
  /** `reason` then the pre-order note, joined as a sentence. */
  joined(reason: string, pre: string): string;
  tracking(no: string): string;
  accountTitle(orderNo: string): string;
  preorderArrivedTitle(orderNo: string): string;
  statusTitle(orderNo: string, s: OrderStatus): string;
  guestLookup: string;
  sms(brand: string, title: string, body: string): string;
  account(deadline: string, amount: string, bankCode: string, account: string): string;
  preorderArrived: string;
  atStore(store: string, codPayable: string | null): string;
  invoice(no: string, date: string, random: string, carrier: string): string;
  pickupReminder(store: string, until: string, codPayable: string | null): string;
  partialRefundTitle(orderNo: string, amount: string): string;
}

const zhTW: OrderWording = {
  status: (s) => ORDER_STATUS_LABELS[s],
  payment: (m) => PAYMENT_METHOD_LABELS[m],
  preorder: (shipOn) => `預購商品，預計 ${shipOn ?? "到貨後"} 出貨`,
  placed: (payable, method, pre) =>
    `應付金額 ${payable}（${PAYMENT_METHOD_LABELS[method]}）${method === "transfer" ? "，請於期限內完成轉帳並回報帳號後五碼" : ""}${pre ? `。${pre}` : ""}`,
  joined: (reason, pre) => (reason ? `${reason}。${pre}` : pre),
  tracking: (no) => `物流單號：${no}`,
  accountTitle: (no) => `訂單 ${no} 的 ATM 轉帳帳號`,
  preorderArrivedTitle: (no) => `訂單 ${no} 預購商品已到貨`,
  statusTitle: (no, s) => `訂單 ${no} ${ORDER_STATUS_LABELS[s]}`,
  guestLookup: "訂單查詢請輸入訂單編號與手機號碼",
  sms: (brand, title, body) => `【${brand}】${title}。${body}`,
  account: (deadline, amount, bank, account) =>
    `請於 ${deadline} 前轉帳 ${amount} 至 銀行代碼 ${bank} 帳號 ${account}，金額需完全相同，入帳後自動確認，免回報`,
  preorderArrived: "預購商品已到貨，我們將盡快為您出貨",
  atStore: (store, cod) => `請於 7 天內至 ${store || "取貨門市"} 取貨${cod ? `，取貨時付款 ${cod}` : ""}`,
  invoice: (no, date, random, carrier) => `發票號碼 ${no}，開立日期 ${date}，隨機碼 ${random}，${carrier}`,
  pickupReminder: (store, until, cod) =>
    `包裹仍在 ${store || "取貨門市"} 等您，請於 ${until} 前取貨，逾期將退回${cod ? `；取貨時付款 ${cod}` : ""}`,
  partialRefundTitle: (no, amount) => `訂單 ${no} 部分退款 ${amount}`,
};

const en: OrderWording = {
  status: (s) => ORDER_STATUS_LABELS_EN[s],
  payment: (m) => PAYMENT_METHOD_LABELS_EN[m],
  preorder: (shipOn) => (shipOn ? `Pre-order: expected to ship on ${shipOn}` : "Pre-order: ships when the goods arrive"),
  placed: (payable, method, pre) =>
    `Amount to pay: ${payable} (${PAYMENT_METHOD_LABELS_EN[method]})${method === "transfer" ? ". Please transfer before the deadline and report the last five digits of your account" : ""}${pre ? `. ${pre}` : ""}`,
  joined: (reason, pre) => (reason ? `${reason}. ${pre}` : pre),
  tracking: (no) => `Tracking number: ${no}`,
  accountTitle: (no) => `ATM transfer account for order ${no}`,
  preorderArrivedTitle: (no) => `The pre-ordered goods of order ${no} have arrived`,
  statusTitle: (no, s) => `Order ${no} ${ORDER_STATUS_LABELS_EN[s]}`,
  guestLookup: "To look up your order, enter the order number and your mobile number",
  sms: (brand, title, body) => `[${brand}] ${title}. ${body}`,
  account: (deadline, amount, bank, account) =>
    `Please transfer exactly ${amount} to bank code ${bank}, account ${account}, before ${deadline}. Payment is confirmed automatically; no need to report it`,
  preorderArrived: "Your pre-ordered goods have arrived; we will ship them as soon as we can",
  atStore: (store, cod) =>
    `Please pick up your parcel at ${store || "the pickup store"} within 7 days${cod ? `, and pay ${cod} at the store` : ""}`,
  invoice: (no, date, random, carrier) => `Invoice number ${no}, issued ${date}, random code ${random}, ${carrier}`,
  pickupReminder: (store, until, cod) =>
    `Your parcel is still waiting at ${store || "the pickup store"}. Please pick it up by ${until}, or it will be returned${cod ? `; pay ${cod} at the store` : ""}`,
  partialRefundTitle: (no, amount) => `Order ${no}: ${amount} refunded`,
};

export const orderWording = (lang: Lang): OrderWording => (lang === "en" ? en : zhTW);
