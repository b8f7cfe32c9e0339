import { cardExpiryProblem, cardNumberProblem } from "./card.js";
import { CVS_METHODS, ORDER_STATUS_CODES, type OrderStatus, PAYMENT_METHOD_CODES, SHIP_METHOD_CODES } from "./codes.js";
import { captchaSchema, idSchema, pageQuerySchema, phoneSchema, shopIdSchema } from "./common.js";
import { invoiceSchema } from "./invoice.js";
import { DEVICE_WALLETS, INSTALMENT_COUNTS, PAYABLE_METHODS, REDIRECT_WALLETS } from "./payment-methods.js";
import type { eInvoiceView } from "./responses/invoice.js";
import type { addressBookEntry } from "./responses/member.js";
import type {
  nextStep,
  notificationView,
  orderEventView,
  orderSummary,
  orderView,
  payInfo,
  quoteView,
  storeResult,
  trackingView,
} from "./responses/order.js";
import { DELIVERY_TIMES } from "./shipping.js";
import { z } from "./zod.js";

export {
  ADDRESS_METHODS,
  CVS_METHODS,
  type CvsMethod,
  deliversToAddress,
  ECPAY_HOME_METHODS,
  type EcpayHomeMethod,
  ORDER_STATUS_CODES,
  type OrderStatus,
  PAYMENT_METHOD_CODES,
  type PaymentMethodCode,
  SHIP_METHOD_CODES,
  type ShipMethodCode,
} from "./codes.js";
export { normalizeMobile } from "./common.js";

import { LANGS } from "./language.js";

export * from "./language.js";
export * from "./payment-methods.js";

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: "待付款",
  paid: "已付款",
  processing: "備貨中",
  shipped: "已出貨",
  delivered: "已送達",
  completed: "已完成",
  cancelled: "已取消",
  refunded: "已退款",
};

const amountSchema = z.coerce
  .number({ error: "金額格式錯誤" })
  .int({ error: "金額需為整數" })
  .min(0, { error: "金額不可為負數" })
  .max(10_000_000, { error: "金額過大" });
const qtySchema = z.coerce
  .number({ error: "數量格式錯誤" })
  .int({ error: "數量需為整數" })
  .min(1, { error: "數量至少為 1" })
  .max(99, { error: "數量最多為 99" });
const text = (label: string, max: number) =>
  z
    .string({ error: `請輸入${label}` })
    .trim()
    .min(1, { error: `請輸入${label}` })
    .max(max, { error: `${label}最多 ${max} 個字` });

export const orderNoSchema = z
  .string({ error: "請輸入訂單編號" })
  .trim()
  .min(1, { error: "請輸入訂單編號", abort: true })
  .regex(/^\d{14}$/, { error: "訂單編號為 14 位數字" });

const instalmentSchema = z.coerce
  .number({ error: "分期期數錯誤" })
  .int({ error: "分期期數錯誤" })
  .refine((n) => n === 0 || (INSTALMENT_COUNTS as readonly number[]).includes(n), { error: "分期期數錯誤" })
  .optional();

const quoteFields = {
  ship_method: z.enum(SHIP_METHOD_CODES, { error: "請選擇配送方式" }).optional(),
  coupon_id: idSchema.optional(),
  /** A coupon code typed at checkout (decision 92): case and spaces do not matter. Members only, instead of coupon_id. */
  coupon_code: z
    .string({ error: "優惠碼格式錯誤" })
    .trim()
    .max(40, { error: "優惠碼過長" })
    .transform((c) => c.toUpperCase().replace(/\s+/g, ""))
    .optional(),
  /** 加價購 items asked for (decision 93). */
  addons: z
    .array(z.strictObject({ deal_id: idSchema, qty: qtySchema }), { error: "加價購資料錯誤" })
    .max(20, { error: "加價購項目過多" })
    .optional(),
  /** The gift chosen per 滿額贈 rule, where a rule offers several. */
  gifts: z
    .array(z.strictObject({ rule_id: idSchema, variant_id: idSchema }), { error: "贈品資料錯誤" })
    .max(10, { error: "贈品項目過多" })
    .optional(),
  points: amountSchema.optional(),
  wallet: amountSchema.optional(),
  shop_id: shopIdSchema.optional(),
  /**
   * Where the parcel goes, as text starting with the county and district (「澎湖縣馬公市」, or a store's
   * address): the quote prices 離島 and refuses what cannot reach it. Placing an order reads
   * `address` or `cvs_store` instead.
   */
  destination: z.string().trim().max(140, { error: "地址過長" }).optional(),
  /** 黑貓's delivery slot the buyer asks for (other methods ignore it). */
  delivery_time: z.enum(DELIVERY_TIMES, { error: "指定配送時段錯誤" }).optional(),
};
const lineIds = z
  .array(idSchema, { error: "請選擇要結帳的商品" })
  .min(1, { error: "請選擇要結帳的商品" })
  .max(100, { error: "一次最多結帳 100 項商品" });

export const payInfoInput = z.strictObject({ line_ids: lineIds, ...quoteFields });
export const fastPayInfoInput = z.strictObject({ variant_id: idSchema, qty: qtySchema.default(1), ...quoteFields });

export const receiverSchema = z.strictObject({ name: text("收件人姓名", 30), phone: phoneSchema });
const picked = (label: string, max: number) =>
  z
    .string({ error: `請選擇${label}` })
    .trim()
    .min(1, { error: `請選擇${label}` })
    .max(max, { error: `${label}最多 ${max} 字` });
export const addressSchema = z.strictObject({
  zip: z
    .string({ error: "請輸入郵遞區號" })
    .trim()
    .min(1, { error: "請輸入郵遞區號", abort: true })
    .regex(/^\d{3}(\d{2,3})?$/, { error: "郵遞區號為 3、5 或 6 位數字" }),
  // Picked from the post office's list on every form (features/address/PostalSelects.tsx).
  county: picked("縣市", 10),
  district: picked("鄉鎮市區", 10),
  line: text("地址", 100),
});
export type Address = z.output<typeof addressSchema>;
export const cvsStoreSchema = z.strictObject({
  type: z.enum(CVS_METHODS, { error: "超商類型錯誤" }),
  id: z
    .string({ error: "請選擇取貨門市" })
    .trim()
    .min(1, { error: "請選擇取貨門市", abort: true })
    .regex(/^[0-9A-Za-z]{3,10}$/, { error: "門市代號格式錯誤" }),
  name: text("門市名稱", 40),
  address: text("門市地址", 120),
});
export type CvsStore = z.output<typeof cvsStoreSchema>;

const storeFields = {
  ship_method: z.enum(SHIP_METHOD_CODES, { error: "請選擇配送方式" }),
  payment_method: z.enum(PAYMENT_METHOD_CODES, { error: "請選擇付款方式" }),
  receiver: receiverSchema,
  email: z.email({ error: "電子郵件格式錯誤" }).max(100).optional().or(z.literal("")),
  address: addressSchema.optional(),
  /** A member's address book entry instead of `address`. */
  address_id: idSchema.optional(),
  cvs_store: cvsStoreSchema.optional(),
  prime: z.string().trim().min(10, { error: "信用卡資料無效，請重新輸入" }).max(200).optional(),
  /** Card instalments (分期): 0 or absent pays at once; the shop's settings say which counts it offers. */
  instalment: instalmentSchema,
  invoice: invoiceSchema,
  note: z.string().trim().max(200, { error: "備註最多 200 個字" }).optional(),
  /** The payable amount the shopper saw; a different amount now (price or promotion changed) is refused. */
  expected_payable: amountSchema.optional(),
  /** The storefront's language the order was placed in: its messages are written in it (decision 109). */
  lang: z.enum(LANGS, { error: "語言代碼錯誤" }).optional(),
};
/**
 * A store pick-up's receiver as ECPay takes them (the name on the ID shown at the counter): 2–5
 * Chinese characters, or 4–10 English letters (spaces between words allowed).
 */
export const CVS_RECEIVER_NAME = /^(?:[\u3400-\u9fff\uf900-\ufaff]{2,5}|[A-Za-z][A-Za-z ]{2,8}[A-Za-z])$/;
export const CVS_RECEIVER_NAME_ERROR = "超商取貨的收件人姓名需為 2～5 個中文字或 4～10 個英文字母，與取件證件相同";

/**
 * Checked in every mode (the simulated store shipments too): the provider refuses the rest. It runs
 * even when other fields are wrong (so every message shows at once): the body may be anything.
 */
function cvsReceiverName(order: { ship_method?: string; receiver?: { name?: string } } | null, ctx: z.RefinementCtx) {
  const name = order?.receiver?.name;
  if (!isCvsMethod(order?.ship_method) || typeof name !== "string" || name === "") return;
  if (!CVS_RECEIVER_NAME.test(name))
    ctx.addIssue({ code: "custom", path: ["receiver", "name"], message: CVS_RECEIVER_NAME_ERROR });
}
const isCvsMethod = (m: unknown) => (CVS_METHODS as readonly unknown[]).includes(m);
// Checked even when other fields are wrong too: every message shows at once.
const always = { when: () => true };

export const storeOrderInput = z
  .strictObject({ line_ids: lineIds, ...quoteFields, ...storeFields })
  .superRefine(cvsReceiverName, always);
export const fastStoreOrderInput = z
  .strictObject({
    variant_id: idSchema,
    qty: qtySchema.default(1),
    ...quoteFields,
    ...storeFields,
  })
  .superRefine(cvsReceiverName, always);
export type StoreOrderInput = z.output<typeof storeOrderInput>;
export type FastStoreOrderInput = z.output<typeof fastStoreOrderInput>;

export const orderSearchInput = pageQuerySchema.extend({
  status: z.enum(ORDER_STATUS_CODES, { error: "訂單狀態錯誤" }).optional(),
});
/** A guest's proof of the order's phone (from an SMS code, or from placing the order in this browser). */
export const orderAccessTokenSchema = z
  .string({ error: "訂單驗證已失效，請重新驗證手機" })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: "訂單驗證已失效，請重新驗證手機" });
export const orderLookupInput = z.strictObject({
  order_no: orderNoSchema,
  phone: phoneSchema.optional(),
  access_token: orderAccessTokenSchema.optional(),
});
/** A guest asks for a one-time SMS code to the phone on the order. */
export const guestOrderCodeInput = z.strictObject({ order_no: orderNoSchema, phone: phoneSchema });
/** …and trades it for an access token (full details and cancelling). */
export const guestOrderVerifyInput = z.strictObject({ order_no: orderNoSchema, phone: phoneSchema, captcha: captchaSchema });
export const paymentTransferInput = z.strictObject({
  order_no: orderNoSchema,
  phone: phoneSchema.optional(),
  access_token: orderAccessTokenSchema.optional(),
  last5: z
    .string({ error: "請輸入匯款帳號末五碼" })
    .trim()
    .min(1, { error: "請輸入匯款帳號末五碼", abort: true })
    .regex(/^\d{5}$/, { error: "匯款帳號末五碼為 5 位數字" }),
  amount: amountSchema.pipe(z.number().min(1, { error: "請輸入匯款金額" })),
  // An empty time is missing, not malformed (issue 47).
  paid_at: z
    .string({ error: "請輸入匯款時間" })
    .trim()
    .min(1, { error: "請輸入匯款時間" })
    .pipe(z.iso.datetime({ offset: true, error: "匯款時間格式錯誤" })),
});
export const cancelOrderInput = z.strictObject({
  order_no: orderNoSchema,
  phone: phoneSchema.optional(),
  access_token: orderAccessTokenSchema.optional(),
  reason: text("取消原因", 200),
});
export const repayInput = z.strictObject({
  order_no: orderNoSchema,
  phone: phoneSchema.optional(),
  access_token: orderAccessTokenSchema.optional(),
  prime: z.string({ error: "信用卡資料無效，請重新輸入" }).trim().min(10, { error: "信用卡資料無效，請重新輸入" }).max(200),
});
/** Paying a 待付款 order another way (decision 82): the card's prime when it is a card. */
export const changePaymentInput = z.strictObject({
  order_no: orderNoSchema,
  phone: phoneSchema.optional(),
  access_token: orderAccessTokenSchema.optional(),
  payment_method: z.enum(PAYABLE_METHODS, { error: "請選擇付款方式" }),
  /** The method's TapPay prime (card, wallets, virtual account). */
  prime: z.string().trim().min(10, { error: "付款資料無效，請重新選擇付款方式" }).max(200).optional(),
  instalment: instalmentSchema,
});
export const mapCreateTokenInput = z.strictObject({
  cvs_type: z.enum(CVS_METHODS, { error: "請選擇超商" }),
  device: z.enum(["pc", "mobile"]).default("pc"),
  /** Where the browser comes back after choosing (our checkout page). */
  return_path: z
    .string()
    .regex(/^\/(shop_\d+\/)?(en\/)?(cart|fast_order)(\?[\w=&%-]*)?$/, { error: "返回頁面錯誤" })
    .default("/cart"),
});
export const simulatorPrimeInput = z
  .strictObject({
    card_number: z.string({ error: "請輸入卡號" }),
    expiry: z.string({ error: "請輸入有效期限" }),
    ccv: z.string({ error: "請輸入安全碼" }).regex(/^\d{3,4}$/, { error: "安全碼為 3 或 4 位數字" }),
  })
  .superRefine((v, ctx) => {
    // As TapPay's card fields refuse them: a wrong check digit, an expiry in the past (decision 82).
    const number = cardNumberProblem(v.card_number);
    if (number) ctx.addIssue({ code: "custom", path: ["card_number"], message: number });
    const expiry = cardExpiryProblem(v.expiry);
    if (expiry) ctx.addIssue({ code: "custom", path: ["expiry"], message: expiry });
  })
  .transform((v) => ({ ...v, card_number: v.card_number.replace(/[\s-]/g, "") }));

/** 測試模式: the TapPay simulator's prime for a wallet or a virtual account (the SDK's getPrime). */
export const simulatorMethodPrimeInput = z.strictObject({
  method: z.enum([...REDIRECT_WALLETS, ...DEVICE_WALLETS, "atm"], { error: "付款方式錯誤" }),
});

export type QuoteView = z.output<typeof quoteView>;
export type PayInfo = z.output<typeof payInfo>;
export type NextStep = z.output<typeof nextStep>;
export type StoreResult = z.output<typeof storeResult>;
export type OrderEventView = z.output<typeof orderEventView>;
export type OrderSummary = z.output<typeof orderSummary>;
export type OrderView = z.output<typeof orderView>;
export type EInvoiceView = z.output<typeof eInvoiceView>;
export type TrackingView = z.output<typeof trackingView>;
export type NotificationView = z.output<typeof notificationView>;

export const addressBookInput = z.strictObject({
  id: idSchema.optional(),
  name: text("收件人姓名", 30),
  phone: phoneSchema,
  zip: addressSchema.shape.zip,
  county: addressSchema.shape.county,
  district: addressSchema.shape.district,
  line: addressSchema.shape.line,
});
export type AddressBookEntry = z.output<typeof addressBookEntry>;
export const MAX_ADDRESSES = 10;
