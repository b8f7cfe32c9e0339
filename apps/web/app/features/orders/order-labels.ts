import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "../../i18n/runtime";

// Labels the server sends in zh-TW from small fixed sets (ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS,
// the ship method names, E_INVOICE_STATUS_LABELS, the return labels): each keyed by the server's
// Chinese, so an English page shows their English and a label we do not know shows as sent.

type Translate = (descriptor: MessageDescriptor) => string;

/** ORDER_STATUS_LABELS (an order's status and each step of its history). */
const ORDER_STATUSES: Record<string, MessageDescriptor> = {
  待付款: msg`待付款`,
  已付款: msg`已付款`,
  備貨中: msg`備貨中`,
  已出貨: msg`已出貨`,
  已送達: msg`已送達`,
  已完成: msg`已完成`,
  已取消: msg`已取消`,
  已退款: msg`已退款`,
};

/** PAYMENT_METHOD_LABELS (the brand names LINE Pay, Apple Pay, Google Pay read the same). */
const PAYMENT_METHODS: Record<string, MessageDescriptor> = {
  信用卡: msg`信用卡`,
  "ATM／銀行轉帳": msg`ATM／銀行轉帳`,
  貨到付款: msg`貨到付款`,
  "點數／錢包全額付款": msg`點數／錢包全額付款`,
  街口支付: msg`街口支付`,
  悠遊付: msg`悠遊付`,
  "Atome 先享後付": msg`Atome 先享後付`,
  "ATM 虛擬帳號（免回報）": msg`ATM 虛擬帳號（免回報）`,
};

/** The server's ship method names (buyer-views.ts SHIP_NAMES). */
const SHIP_METHODS: Record<string, MessageDescriptor> = {
  新竹物流宅配: msg`新竹物流宅配`,
  黑貓宅急便: msg`黑貓宅急便`,
  中華郵政宅配: msg`中華郵政宅配`,
  "7-ELEVEN 超商取貨": msg`7-ELEVEN 超商取貨`,
  全家超商取貨: msg`全家超商取貨`,
  萊爾富超商取貨: msg`萊爾富超商取貨`,
  "OK 超商取貨": msg`OK 超商取貨`,
  "雲端庫存（暫不出貨）": msg`雲端庫存（暫不出貨）`,
  賣家自行配送: msg`賣家自行配送`,
};

/** Why a way to pay cannot be used on this order (pay-methods.ts). */
const PAY_OPTION_REASONS: Record<string, MessageDescriptor> = {
  "已由點數／錢包全額支付": msg`已由點數／錢包全額支付`,
  "限時搶購商品僅能以線上付款（信用卡等）結帳": msg`限時搶購商品僅能以線上付款（信用卡等）結帳`,
  貨到付款僅限宅配與超商取貨: msg`貨到付款僅限宅配與超商取貨`,
};

/** E_INVOICE_STATUS_LABELS. */
const INVOICE_STATUSES: Record<string, MessageDescriptor> = {
  開立中: msg`開立中`,
  已開立: msg`已開立`,
  已作廢: msg`已作廢`,
  未開立: msg`未開立`,
};

/** The tracking events our own server writes (the carriers' own words are shown as they send them). */
const TRACKING_EVENTS: Record<string, MessageDescriptor> = {
  已出貨: msg`已出貨`,
  已送達: msg`已送達`,
};

const known = (t: Translate, map: Record<string, MessageDescriptor>, label: string) => {
  const descriptor = map[label];
  return descriptor ? t(descriptor) : label;
};

/** An order status as the server names it (status_label, a history step's label). */
export const orderStatusText = (t: Translate, label: string) => known(t, ORDER_STATUSES, label);

export const paymentMethodText = (t: Translate, label: string) => known(t, PAYMENT_METHODS, label);

export const payOptionReasonText = (t: Translate, reason: string) => known(t, PAY_OPTION_REASONS, reason);

export const invoiceStatusText = (t: Translate, label: string) => known(t, INVOICE_STATUSES, label);

/** A ship method's name; the seller's own delivery names its carrier: 賣家自行配送（順豐）. */
export function shipMethodText(t: Translate, label: string): string {
  const own = /^賣家自行配送（(.*)）$/.exec(label);
  if (own) {
    const carrier = own[1] ?? "";
    return t(msg`賣家自行配送（${carrier}）`);
  }
  return known(t, SHIP_METHODS, label);
}

/** A tracking event's status: ours in the page's language, a carrier's as it came. */
export function trackingEventText(t: Translate, status: string): { text: string; ours: boolean } {
  const seller = /^賣家已交寄（(.*)）$/.exec(status);
  if (seller) {
    const carrier = seller[1] ?? "";
    return { text: t(msg`賣家已交寄（${carrier}）`), ours: true };
  }
  const descriptor = TRACKING_EVENTS[status];
  return descriptor ? { text: t(descriptor), ours: true } : { text: status, ours: false };
}

/**
 * The buyer's invoice choice in words, as the contract's invoiceText writes it (會員載具, 手機條碼 …,
 * 捐贈（愛心碼 …）, 三聯式　統編 …　抬頭 …); a masked guest's ○○○ and anything else as it is.
 */
export function invoiceChoiceText(t: Translate, text: string): string {
  if (text === "會員載具") return t(msg`會員載具`);
  const mobile = /^手機條碼 (.*)$/.exec(text);
  if (mobile) {
    const carrier = mobile[1] ?? "";
    return t(msg`手機條碼 ${carrier}`);
  }
  const donation = /^捐贈（愛心碼 (.*)）$/.exec(text);
  if (donation) {
    const code = donation[1] ?? "";
    return t(msg`捐贈（愛心碼 ${code}）`);
  }
  const company = /^三聯式　統編 (.*?)　抬頭 (.*)$/.exec(text);
  if (company) {
    const taxId = company[1] ?? "";
    const title = company[2] ?? "";
    return t(msg`三聯式　統編 ${taxId}　抬頭 ${title}`);
  }
  return text;
}

/** RETURN_KINDS, RETURN_REASONS, returnStatusLabel and the return parcel's labels (return-parcels.ts). */
const RETURN_LABELS: Record<string, MessageDescriptor> = {
  退貨: msg`退貨`,
  換貨: msg`換貨`,
  鑑賞期內不想要了: msg`鑑賞期內不想要了`,
  商品瑕疵或損壞: msg`商品瑕疵或損壞`,
  寄錯商品或數量: msg`寄錯商品或數量`,
  與商品描述不符: msg`與商品描述不符`,
  其他: msg`其他`,
  退貨申請中: msg`退貨申請中`,
  換貨申請中: msg`換貨申請中`,
  退貨申請未通過: msg`退貨申請未通過`,
  換貨申請未通過: msg`換貨申請未通過`,
  "已核准，請寄回商品": msg`已核准，請寄回商品`,
  已收到退回商品: msg`已收到退回商品`,
  換貨商品已寄出: msg`換貨商品已寄出`,
  等待寄回: msg`等待寄回`,
  退貨包裹運送中: msg`退貨包裹運送中`,
  包裹已退回: msg`包裹已退回`,
};

/** A return request's kind, reason, status or parcel label as the server (or the contract) names it. */
export const returnLabelText = (t: Translate, label: string) => known(t, RETURN_LABELS, label);

const STORE_CHAINS: Record<string, MessageDescriptor> = {
  全家: msg`全家`,
  萊爾富: msg`萊爾富`,
};

/** How an approved return goes back through the carrier (return-parcels.ts sendBackHow), or null when it reads otherwise. */
export function sendBackHowText(t: Translate, how: string): string | null {
  if (how === "黑貓宅急便將於 1–2 個工作天內至您的收件地址取件，請備妥包裹（免付運費）。")
    return t(msg`黑貓宅急便將於 1–2 個工作天內至您的收件地址取件，請備妥包裹（免付運費）。`);
  const store = /^請於 (\d+) 天內至任一 (.+) 門市，以退貨編號 (.+) 寄回（免付運費）。$/.exec(how);
  if (!store) return null;
  const days = store[1] ?? "";
  const chain = known(t, STORE_CHAINS, store[2] ?? "");
  const code = store[3] ?? "";
  return t(msg`請於 ${days} 天內至任一 ${chain} 門市，以退貨編號 ${code} 寄回（免付運費）。`);
}
