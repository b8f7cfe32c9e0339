import { z } from "zod";
import {
  at,
  dateRange,
  id,
  imagePath,
  link,
  listQuery,
  money,
  optionalImage,
  optionalText,
  percent,
  richText,
  richTextEn,
  sort,
  text,
} from "./admin-fields.js";
import { shipRatesSchema } from "./shipping.js";

/** Back-office inputs for what the storefront shows and sells: content, shop set-up, marketing, payouts, shops and dealers. */
// Content
export const newsInput = z.strictObject({
  shop_id: id.default(1),
  title: text("標題", 80),
  summary: z.string().trim().max(200, { error: "摘要最多 200 字" }).default(""),
  content: richText,
  /** English for the English storefront, "" for none (it shows the Chinese; decision 109). */
  title_en: optionalText("英文標題", 80),
  content_en: richTextEn,
  image: optionalImage,
  /** Shown on the storefront from this time (a later time schedules it). */
  published_at: at,
});
export const staticPageInput = z.strictObject({
  shop_id: id.default(1),
  key: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,29}$/, { error: "代碼為 2–30 個小寫英數字或底線" }),
  title: text("標題", 60),
  content: richText,
});
export const homeVideoInput = z.strictObject({
  type: z.enum(["youtube", "file"]),
  src: z
    .string()
    .trim()
    .max(300)
    .regex(/^https:\/\/(www\.)?(youtube\.com|youtube-nocookie\.com|youtu\.be)\/[^\s]+$|^\/uploads\/[A-Za-z0-9/_.-]+$/, {
      error: "影片須為 YouTube 網址或上傳的檔案",
    }),
  poster: optionalImage,
  title: z.string().trim().max(60).default(""),
});
const promoImageInput = z.strictObject({
  title: z.string().trim().max(60).default(""),
  image: imagePath,
  image_mobile: imagePath,
  link,
});
/** Every home block of one shop saved at once. */
export const homeBlocksInput = z.strictObject({
  home_title: z.string().trim().max(60).default(""),
  home_description: z.string().trim().max(2000, { error: "首頁介紹最多 2000 字" }).default(""),
  video: homeVideoInput.nullable().default(null),
  top_links: z
    .array(z.strictObject({ title: text("連結名稱", 20), url: link.refine((u) => u !== "", { error: "請輸入連結" }) }))
    .max(10, { error: "最多 10 個連結" })
    .default([]),
  single_images: z.array(promoImageInput).max(3, { error: "單張廣告圖最多 3 張" }).default([]),
  twice_images: z.array(promoImageInput).max(6, { error: "雙圖廣告最多 6 張" }).default([]),
  quick_orders: z
    .array(z.strictObject({ variant_id: id, title: text("名稱", 40), image: optionalImage }))
    .max(12, { error: "快速下單最多 12 項" })
    .default([]),
});
export type HomeBlocksInput = z.infer<typeof homeBlocksInput>;

// Catalogue
export const shipMethodInput = z.strictObject({
  name: text("名稱", 30),
  fee: money,
  free_threshold: money.nullable().default(null),
  enabled: z.boolean(),
  sort,
  /** The fee table by size, region and temperature (decision 89); null: `fee` for every parcel. */
  rates: shipRatesSchema
    .refine((r) => new Set(r.size_fees.map((s) => s.size)).size === r.size_fees.length, {
      path: ["size_fees"],
      message: "同一材積只能設定一次",
    })
    .nullable()
    .optional(),
});

// Marketing
export const couponInput = z
  .strictObject({
    title: text("名稱", 40),
    kind: z.enum(["amount", "percent"], { error: "請選擇折扣方式" }),
    value: z.number().int().min(1, { error: "折扣須大於 0" }).max(100_000),
    min_spend: money.default(0),
    product_ids: z.array(id).max(200).default([]),
    category_ids: z.array(id).max(50).default([]),
    /** issued: given to members; shared: one code anyone types; single: a batch of single-use codes (decision 92). */
    issue: z.enum(["issued", "shared", "single"], { error: "請選擇發放方式" }).default("issued"),
    /** The shared code: 3–20 letters, digits or dashes, upper-cased. */
    code: z
      .string()
      .trim()
      .transform((c) => c.toUpperCase().replace(/\s+/g, ""))
      .pipe(z.string().regex(/^[A-Z0-9-]{3,20}$/, { error: "優惠碼為 3–20 個英文字母、數字或 -" }))
      .nullable()
      .default(null),
    starts_at: at.nullable().default(null),
    ends_at: at.nullable().default(null),
    /** Orders that may use it in all (null: no limit), and per member. */
    total_limit: z.number().int().min(1, { error: "總使用次數至少 1" }).max(1_000_000).nullable().default(null),
    per_member_limit: z
      .number()
      .int()
      .min(1, { error: "每人使用次數至少 1" })
      .max(100, { error: "每人使用次數最多 100" })
      .default(1),
    active: z.boolean().default(true),
  })
  .refine((c) => c.kind !== "percent" || c.value <= 99, { path: ["value"], message: "折扣百分比為 1–99" })
  .refine((c) => c.issue !== "shared" || c.code !== null, { path: ["code"], message: "請輸入優惠碼" })
  .refine((c) => c.issue === "shared" || c.code === null, { path: ["code"], message: "只有共用優惠碼需要填寫優惠碼" })
  .refine((c) => !c.starts_at || !c.ends_at || c.starts_at < c.ends_at, { path: ["ends_at"], message: "結束時間須晚於開始時間" });
/** Generating a batch of single-use codes for a `single` coupon. */
export const couponCodesInput = z.strictObject({
  count: z
    .number({ error: "請輸入產生數量" })
    .int({ error: "產生數量須為整數" })
    .min(1, { error: "至少產生 1 組" })
    .max(5000, { error: "每次最多產生 5,000 組" }),
});
export const issueCouponInput = z.strictObject({
  coupon_id: id,
  days: z.number().int().min(1, { error: "有效天數至少 1 天" }).max(365, { error: "有效天數最多 365 天" }),
});
export const promotionInput = z
  .strictObject({
    shop_id: id.default(1),
    title: text("名稱", 40),
    kind: z.enum(["amount_off", "percent_off", "bundle_price"], { error: "請選擇活動方式" }),
    threshold: money.default(0),
    value: z.number().int().min(0).max(100_000).default(0),
    bundle_qty: z.number().int().min(2).max(99).nullable().default(null),
    bundle_price: money.nullable().default(null),
    summary: z.string().trim().max(120).default(""),
    description: richText,
    image: optionalImage,
    product_ids: z.array(id).max(200).default([]),
    starts_at: at,
    ends_at: at,
  })
  .refine(dateRange, { path: ["ends_at"], message: "結束時間須晚於開始時間" })
  .refine((p) => p.kind !== "percent_off" || (p.value >= 1 && p.value <= 99), { path: ["value"], message: "折扣百分比為 1–99" })
  .refine((p) => p.kind !== "amount_off" || (p.value >= 1 && p.value <= p.threshold), {
    path: ["value"],
    message: "折抵金額須大於 0 且不超過門檻",
  })
  .refine((p) => p.kind !== "bundle_price" || (p.bundle_qty !== null && p.bundle_price !== null && p.product_ids.length > 0), {
    path: ["bundle_price"],
    message: "組合價需填寫件數、價格並選擇商品",
  });
export const PRIZE_KINDS = ["points", "wallet", "coupon", "goods", "nothing"] as const;
export const prizeInput = z
  .strictObject({
    id: id.optional(),
    title: text("獎項名稱", 40),
    kind: z.enum(PRIZE_KINDS, { error: "請選擇獎項類型" }),
    amount: z.number().int().min(0).max(100_000).default(0),
    coupon_id: id.nullable().default(null),
    coupon_days: z.number().int().min(1).max(365).default(30),
    variant_id: id.nullable().default(null),
    weight: z.number().int().min(1, { error: "機率權重至少為 1" }).max(1_000_000),
    /** Prizes left; null = unlimited (only for 銘謝惠顧). */
    stock: z.number().int().min(0, { error: "數量不可小於 0" }).max(100_000).nullable(),
  })
  .refine((p) => !["points", "wallet"].includes(p.kind) || p.amount > 0, { path: ["amount"], message: "請填寫點數或金額" })
  .refine((p) => p.kind !== "coupon" || p.coupon_id !== null, { path: ["coupon_id"], message: "請選擇優惠券" })
  .refine((p) => p.kind !== "goods" || p.variant_id !== null, { path: ["variant_id"], message: "請選擇贈品規格" })
  .refine((p) => p.kind === "nothing" || p.stock !== null, { path: ["stock"], message: "請填寫獎項數量" });
export const raffleInput = z
  .strictObject({
    title: text("名稱", 40),
    description: z.string().trim().max(1000).default(""),
    min_order_amount: money,
    cards_per_order: z.number().int().min(1).max(10).default(1),
    starts_at: at,
    ends_at: at,
    active: z.boolean().default(true),
    prizes: z.array(prizeInput).min(1, { error: "請至少設定一個獎項" }).max(20, { error: "最多 20 個獎項" }),
  })
  .refine(dateRange, { path: ["ends_at"], message: "結束時間須晚於開始時間" });
export const exchangeItemInput = z.strictObject({
  variant_id: id,
  title: text("名稱", 40),
  image: optionalImage,
  points: z.number().int().min(1, { error: "所需點數至少 1" }).max(10_000_000),
  active: z.boolean().default(true),
});

// Payouts
export const withdrawalQuery = listQuery.extend({ status: z.enum(["requested", "approved", "paid", "rejected"]).optional() });
export const payReferenceInput = z.strictObject({ reference: text("匯款參考編號", 60) });

// Shops, sellers, dealers
export const shopCreateInput = z.strictObject({
  owner_member_id: id,
  name: text("商城名稱", 40),
  intro: z.string().trim().max(500).default(""),
  commission_percent: percent.default(0),
});
/** Per-shop measurement ids (empty: none). Absent: unchanged. */
const ga4Id = z
  .string()
  .trim()
  .regex(/^(G-[A-Z0-9]{4,16})?$/, { error: "GA4 評估 ID 格式為 G- 開頭加英數字，例如 G-AB12CD34EF" });
const pixelId = z
  .string()
  .trim()
  .regex(/^(\d{8,20})?$/, { error: "Meta Pixel ID 為 8–20 位數字" });

// react-admin sends a cleared text field as null: that clears the id.
const cleared = (id: z.ZodType<string>) =>
  z
    .union([id, z.null()])
    .transform((v) => v ?? "")
    .optional();

/** A sub-mall's own host name (decision 48), e.g. tea.example.com: lower-case, no scheme or path. */
const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^((?=[a-z0-9-]{1,63}\.)[a-z0-9]+(-[a-z0-9]+)*\.)+[a-z]{2,24}$|^$/, {
    error: "網域格式不正確，請填主機名稱，例如 tea.example.com（不含 https:// 與路徑）",
  });

const footerText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label}最多 ${max} 個字` });

/** The footer's trust details a shop sets (decision 55); empty: the main mall's. */
export const SHOP_FOOTER_KEYS = [
  "footer_company",
  "footer_tax_id",
  "footer_address",
  "footer_phone",
  "footer_hours",
  "footer_line_url",
  "footer_dispatch",
] as const;

export const shopUpdateInput = z.strictObject({
  footer_company: cleared(footerText("公司名稱", 60)),
  footer_tax_id: cleared(
    z
      .string()
      .trim()
      .regex(/^(\d{8})?$/, { error: "統一編號為 8 位數字" }),
  ),
  footer_address: cleared(footerText("公司地址", 120)),
  footer_phone: cleared(footerText("客服電話", 30)),
  footer_hours: cleared(footerText("客服時間", 60)),
  footer_dispatch: cleared(footerText("出貨說明", 60)),
  /** Where buyers send returns (收件人、電話、地址); a sub-mall's own, else the main mall's (decision 83). */
  return_address: cleared(footerText("退貨收件資訊", 160)),
  footer_line_url: cleared(
    z
      .string()
      .trim()
      .regex(/^(https:\/\/(lin\.ee|line\.me|page\.line\.me)\/\S{1,200})?$/, {
        error: "LINE 官方帳號連結需為 https://lin.ee/… 或 https://line.me/… 的網址",
      }),
  ),
  ga4_measurement_id: cleared(ga4Id),
  domain: cleared(domain),
  meta_pixel_id: cleared(pixelId),
  /** The seller who owns the sub-mall (changing it binds the new owner there and releases the old one). */
  owner_member_id: id.nullable().optional(),
  name: text("商城名稱", 40),
  intro: z.string().trim().max(500).default(""),
  logo: optionalImage,
  banner: optionalImage,
  commission_percent: percent,
  status: z.enum(["open", "suspended"]),
});
export const dealerInput = z.strictObject({
  name: text("名稱", 60),
  county: text("縣市", 10),
  district: z.string().trim().max(10).default(""),
  address: z.string().trim().max(120).default(""),
  phone: z
    .string()
    .trim()
    .regex(/^[0-9()#\- ]{0,20}$/, { error: "電話格式不正確" })
    .default(""),
  image: optionalImage,
  intro: z.string().trim().max(2000).default(""),
  featured: z.boolean().default(false),
  status: z.enum(["active", "hidden"]).default("active"),
  sort,
  product_ids: z.array(id).max(500).default([]),
  outlets: z
    .array(
      z.strictObject({
        name: text("門市名稱", 60),
        county: text("縣市", 10),
        district: z.string().trim().max(10).default(""),
        address: text("地址", 120),
        phone: z.string().trim().max(20).default(""),
        hours: z.string().trim().max(60).default(""),
      }),
    )
    .max(100)
    .default([]),
});
