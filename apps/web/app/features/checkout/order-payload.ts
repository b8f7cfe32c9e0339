import { msg } from "@lingui/core/macro";
import {
  CVS_RECEIVER_NAME_ERROR,
  deliversToAddress,
  fastStoreOrderInput,
  isTapPayMethod,
  normalizeMobile,
  storeOrderInput,
} from "@shop/contract/order";
import type { Lang, MessageDescriptor } from "../../i18n/runtime";
import { type Draft, dealChoices, isCvs } from "./draft";

/** The page's useLingui `t`. */
type Translate = (d: MessageDescriptor) => string;

/**
 * The order schema's messages for the fields the form shows (the contract writes them in zh-TW; the
 * server's refusal of a field says the same), in the page's language. Others are shown as they are.
 */
const SCHEMA_MESSAGES: Record<string, MessageDescriptor> = {
  請選擇配送方式: msg`請選擇配送方式`,
  請選擇付款方式: msg`請選擇付款方式`,
  請輸入收件人姓名: msg`請輸入收件人姓名`,
  "收件人姓名最多 30 個字": msg`收件人姓名最多 30 個字`,
  [CVS_RECEIVER_NAME_ERROR]: msg`超商取貨的收件人姓名需為 2～5 個中文字或 4～10 個英文字母，與取件證件相同`,
  請輸入手機號碼: msg`請輸入手機號碼`,
  "手機號碼格式錯誤，請輸入 09 開頭的 10 位數字": msg`手機號碼格式錯誤，請輸入 09 開頭的 10 位數字`,
  電子郵件格式錯誤: msg`電子郵件格式錯誤`,
  請輸入郵遞區號: msg`請輸入郵遞區號`,
  "郵遞區號為 3、5 或 6 位數字": msg`郵遞區號為 3、5 或 6 位數字`,
  請選擇縣市: msg`請選擇縣市`,
  "縣市最多 10 字": msg`縣市最多 10 字`,
  請選擇鄉鎮市區: msg`請選擇鄉鎮市區`,
  "鄉鎮市區最多 10 字": msg`鄉鎮市區最多 10 字`,
  請輸入地址: msg`請輸入地址`,
  "地址最多 100 個字": msg`地址最多 100 個字`,
  請選擇取貨門市: msg`請選擇取貨門市`,
  門市代號格式錯誤: msg`門市代號格式錯誤`,
  請選擇發票類型: msg`請選擇發票類型`,
  請輸入手機條碼: msg`請輸入手機條碼`,
  "手機條碼格式錯誤：「/」開頭加 7 碼英數字": msg`手機條碼格式錯誤：「/」開頭加 7 碼英數字`,
  請輸入捐贈碼: msg`請輸入捐贈碼`,
  "捐贈碼為 3 到 7 位數字": msg`捐贈碼為 3 到 7 位數字`,
  請輸入統一編號: msg`請輸入統一編號`,
  "統一編號不正確，請再確認": msg`統一編號不正確，請再確認`,
  請輸入公司抬頭: msg`請輸入公司抬頭`,
  "公司抬頭最多 60 個字": msg`公司抬頭最多 60 個字`,
  優惠碼格式錯誤: msg`優惠碼格式錯誤`,
  優惠碼過長: msg`優惠碼過長`,
  金額格式錯誤: msg`金額格式錯誤`,
  金額需為整數: msg`金額需為整數`,
  金額不可為負數: msg`金額不可為負數`,
  金額過大: msg`金額過大`,
  "備註最多 200 個字": msg`備註最多 200 個字`,
};

/** A field's message (the schema's or the server's) in the page's language when it is a known one. */
export function fieldMessage(message: string, t: Translate): string {
  return Object.hasOwn(SCHEMA_MESSAGES, message) ? t(SCHEMA_MESSAGES[message] as MessageDescriptor) : message;
}

/** What is bought: cart lines chosen on /select_cart, or one product (quick order). */
export type OrderSource = { variant_id: number; qty: number } | { line_ids: number[] };

export interface OrderContext {
  source: OrderSource;
  shopId: number;
  /** The payable amount the shopper was shown. */
  expectedPayable: number | undefined;
  /** False when the shop issues its invoices elsewhere: no invoice choice is asked or sent. */
  einvoice?: boolean;
  /** A member's points and the shop's cap per order (null: none), from the quote. */
  points?: { owned: number; cap: number | null };
  /** The card instalment counts the quote offers on this amount. */
  instalments?: number[];
  /** The storefront's language: an English order's messages are written in English (decision 109). */
  lang?: Lang;
}

/** Stands in for the prime while validating the form; the real one (card, wallet, virtual account) is taken right after. */
const PRIME_CHECKED_LATER = "prime-comes-from-the-card-step";

/** The body of /api/order/store (or /api/order/store/fast) for the draft. */
export function orderPayload(draft: Draft, ctx: OrderContext, prime?: string) {
  const invoice =
    ctx.einvoice === false
      ? { type: "member" }
      : draft.invoiceType === "mobile"
        ? { type: "mobile", carrier: draft.carrier }
        : draft.invoiceType === "donation"
          ? { type: "donation", donation_code: draft.donationCode }
          : draft.invoiceType === "company"
            ? { type: "company", tax_id: draft.taxId, title: draft.title }
            : { type: "member" };
  return {
    ...ctx.source,
    shop_id: ctx.shopId,
    ship_method: draft.ship || undefined,
    payment_method: draft.payment || undefined,
    ...(draft.payment === "card" && draft.instalment && ctx.instalments?.includes(draft.instalment)
      ? { instalment: draft.instalment }
      : {}),
    receiver: { name: draft.name, phone: normalizeMobile(draft.phone) },
    email: draft.email || undefined,
    ...(deliversToAddress(draft.ship) ? { address: draft.address } : {}),
    ...(draft.ship === "tcat" ? { delivery_time: draft.deliveryTime } : {}),
    ...(isCvs(draft.ship) && draft.cvs ? { cvs_store: draft.cvs } : {}),
    coupon_id: draft.couponId || undefined,
    coupon_code: draft.couponCode || undefined,
    points: draft.points || undefined,
    wallet: draft.wallet || undefined,
    ...dealChoices(draft),
    invoice,
    note: draft.note || undefined,
    expected_payable: ctx.expectedPayable,
    ...(ctx.lang === "en" ? { lang: ctx.lang } : {}),
    ...(prime ? { prime } : {}),
  };
}

/**
 * The form's errors by field path ("receiver.phone", "cvs_store"…), first message per field:
 * the same schema the server applies; the prime is checked after the card step. `t` says them in
 * the page's language.
 */
export function orderErrors(draft: Draft, ctx: OrderContext, fast: boolean, t: Translate): Record<string, string> {
  const schema = fast ? fastStoreOrderInput : storeOrderInput;
  const checked = schema.safeParse(orderPayload(draft, ctx, isTapPayMethod(draft.payment) ? PRIME_CHECKED_LATER : undefined));
  const found: Record<string, string> = {};
  if (!checked.success) for (const issue of checked.error.issues) found[issue.path.join(".")] ??= fieldMessage(issue.message, t);
  if (isCvs(draft.ship) && !draft.cvs) found.cvs_store = t(msg`請選擇取貨門市`);
  // Said under the field before the order goes (the server refuses the same, POINTS_CAP_EXCEEDED).
  const p = ctx.points;
  const owned = p?.owned ?? 0;
  const cap = p?.cap ?? null;
  if (p && draft.points > owned) found.points = t(msg`點數不足，目前可用 ${owned} 點`);
  else if (cap != null && draft.points > cap) found.points = t(msg`每筆訂單最多可折抵 ${cap} 點`);
  return found;
}
