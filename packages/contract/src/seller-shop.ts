import { SHIP_METHOD_CODES, type ShipMethodCode } from "./order.js";
import type { sellerAnalytics, shopChangeRequestView, shopSettingsView } from "./responses/seller-shop.js";
import { z } from "./zod.js";

/**
 * A seller's own shop settings (decision 46). The intro is the seller's words and applies at once;
 * the name and banner (the brand) and the delivery options and self-delivery fee (money) are a
 * change request that applies when staff approve it.
 */
const upload = z
  .string()
  .regex(/^(\/uploads\/[A-Za-z0-9/_.-]{1,200})?$/, { error: "圖片路徑不正確，請重新上傳" })
  .refine((s) => !s.includes(".."), { error: "圖片路徑不正確，請重新上傳" });
const fee = z
  .number({ error: "運費需為數字" })
  .int({ error: "運費需為整數" })
  .min(0, { error: "運費不可小於 0" })
  .max(2000, { error: "運費最多 NT$2,000" });

export const shopDeliveryInput = z.strictObject({
  /** The ship methods the shop offers (at least one). */
  codes: z
    .array(z.enum(SHIP_METHOD_CODES, { error: "配送方式錯誤" }))
    .min(1, { error: "請至少保留一種配送方式" })
    .max(SHIP_METHOD_CODES.length)
    .refine((c) => new Set(c).size === c.length, { error: "配送方式重複" }),
  self_fee: fee,
  /** Self-delivered orders whose goods reach this ship free; null = never free. */
  self_free_threshold: z
    .number({ error: "免運門檻需為數字" })
    .int({ error: "免運門檻需為整數" })
    .min(0, { error: "免運門檻不可小於 0" })
    .max(1_000_000, { error: "免運門檻過大" })
    .nullable(),
});

export const sellerShopInput = z.strictObject({
  name: z
    .string({ error: "請輸入商城名稱" })
    .trim()
    .min(2, { error: "商城名稱至少 2 個字" })
    .max(40, { error: "商城名稱最多 40 字" }),
  intro: z.string({ error: "簡介格式錯誤" }).trim().max(500, { error: "簡介最多 500 字" }),
  banner: upload,
  delivery: shopDeliveryInput,
});
export type SellerShopInput = z.output<typeof sellerShopInput>;
export type ShopDelivery = z.output<typeof shopDeliveryInput>;
/** What a change request may change. */
export interface ShopChangeSet {
  name?: string;
  banner?: string;
  delivery?: ShopDelivery;
}

export const SHOP_CHANGE_STATUS_LABELS = {
  pending: "審核中",
  approved: "已核准",
  rejected: "未核准",
  withdrawn: "已被新申請取代",
} as const;
export type ShopChangeStatus = keyof typeof SHOP_CHANGE_STATUS_LABELS;

/** Staff turning a request down say why; the seller sees it. */
export const shopChangeRejectInput = z.strictObject({
  reason: z
    .string({ error: "請填寫未核准原因" })
    .trim()
    .min(1, { error: "請填寫未核准原因" })
    .max(200, { error: "原因最多 200 字" }),
});
export const shopChangeListQuery = z.object({
  status: z.enum(["pending", "approved", "rejected", "withdrawn"], { error: "狀態錯誤" }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

/** Analytics periods: two dates (Asia/Taipei) from 2000 on, at most a year apart. */
const day = z
  .string({ error: "日期格式錯誤" })
  .regex(/^(2\d{3})-\d{2}-\d{2}$/, { error: "日期格式為 YYYY-MM-DD（2000 年以後）" })
  // Date.parse takes 2025-02-30 as March 2nd: a real date reads back the same.
  .refine(
    (d) => {
      // Runs even when the pattern failed: never throw on what it lets through.
      const at = Date.parse(`${d}T00:00:00Z`);
      return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === d;
    },
    { error: "日期不存在" },
  );
export const ANALYTICS_MAX_DAYS = 366;
export const analyticsQuery = z
  .strictObject({ from: day, to: day })
  .refine((q) => q.from <= q.to, { path: ["to"], error: "結束日期不可早於開始日期" })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < ANALYTICS_MAX_DAYS, {
    path: ["to"],
    error: "查詢區間最多一年",
  });
export type AnalyticsQuery = z.output<typeof analyticsQuery>;

/** Where a visit came from (utm_source, else the referring site), as labelled in the charts. */
export const TRAFFIC_SOURCE_LABELS: Readonly<Record<string, string>> = {
  line: "LINE",
  facebook: "Facebook",
  instagram: "Instagram",
  google: "Google",
  direct: "直接造訪",
  other: "其他網站",
};
/** The label of a source; own keys only ("constructor" is not a source). */
export const trafficSourceLabel = (source: string): string | undefined =>
  Object.hasOwn(TRAFFIC_SOURCE_LABELS, source) ? TRAFFIC_SOURCE_LABELS[source] : undefined;

export type { ShipMethodCode };
export type ShopSettingsView = z.output<typeof shopSettingsView>;
export type ShopChangeRequestView = z.output<typeof shopChangeRequestView>;
export type SellerAnalytics = z.output<typeof sellerAnalytics>;
