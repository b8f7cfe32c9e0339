import { z } from "zod";
import { at, dateRange, id, money, text } from "./admin-fields.js";

/** Back-office inputs for 加價購 (add-on deals) and 滿額贈 (gifts over an amount), decision 93. */
export const addonDealInput = z
  .strictObject({
    shop_id: id.default(1),
    title: text("名稱", 40),
    variant_id: id,
    price: money,
    per_order_cap: z
      .number({ error: "請填寫每筆訂單上限" })
      .int()
      .min(1, { error: "每筆訂單上限至少 1 件" })
      .max(99, { error: "每筆訂單上限最多 99 件" })
      .default(1),
    trigger_product_ids: z.array(id).max(200).default([]),
    trigger_amount: money.default(0),
    active: z.boolean().default(true),
    starts_at: at,
    ends_at: at,
  })
  .refine(dateRange, { path: ["ends_at"], message: "結束時間須晚於開始時間" })
  .refine((d) => d.price >= 1, { path: ["price"], message: "加購價須大於 NT$0" });

export const giftRuleInput = z
  .strictObject({
    shop_id: id.default(1),
    title: text("名稱", 40),
    threshold: money,
    variant_ids: z
      .array(id)
      .min(1, { error: "請至少選擇一項贈品" })
      .max(20, { error: "贈品最多 20 項" })
      .refine((ids) => new Set(ids).size === ids.length, { error: "贈品不可重複" }),
    qty: z.number({ error: "請填寫贈送數量" }).int().min(1, { error: "贈送數量至少 1 件" }).max(99).default(1),
    active: z.boolean().default(true),
    starts_at: at,
    ends_at: at,
  })
  .refine(dateRange, { path: ["ends_at"], message: "結束時間須晚於開始時間" })
  .refine((g) => g.threshold >= 1, { path: ["threshold"], message: "門檻須大於 NT$0" });
