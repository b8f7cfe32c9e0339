import { dbId, pageQuerySchema } from "./common.js";
import type { adminReview, productReviewPage, reviewableLines } from "./responses/reviews.js";
import { z } from "./zod.js";

/** Product reviews (decision 98): what a buyer sends, what staff send. */
export const REVIEW_BODY_MAX = 500;
export const REVIEW_PHOTOS_MAX = 3;
export const REVIEW_STATUSES = ["pending", "approved", "hidden"] as const;

const orderNo = z.string().regex(/^\d{8,24}$/, { error: "訂單編號格式不正確" });

export const reviewLinesQuery = z.object({ order_no: orderNo });

export const reviewInput = z.object({
  order_no: orderNo,
  order_line_id: dbId("訂單商品編號格式不正確"),
  rating: z.coerce
    .number({ error: "請選擇 1 到 5 顆星" })
    .int({ error: "請選擇 1 到 5 顆星" })
    .min(1, { error: "請選擇 1 到 5 顆星" })
    .max(5, { error: "請選擇 1 到 5 顆星" }),
  body: z
    .string()
    .trim()
    .max(REVIEW_BODY_MAX, { error: `評價內容最多 ${REVIEW_BODY_MAX} 字` })
    .default(""),
  photos: z
    .array(z.string().regex(/^\/uploads\/reviews\/\d+\/\d{6}\/[0-9a-f-]{36}\.webp$/, { error: "照片網址不正確，請重新上傳" }))
    .max(REVIEW_PHOTOS_MAX, { error: `照片最多 ${REVIEW_PHOTOS_MAX} 張` })
    .default([]),
});
export type ReviewInput = z.infer<typeof reviewInput>;

export const productReviewsQuery = pageQuerySchema.extend({
  id: dbId("商品編號格式不正確"),
  per_page: z.coerce.number().int().min(1).max(20, { error: "每頁最多 20 筆" }).default(5),
});

export const reviewAdminQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  status: z.enum(REVIEW_STATUSES).optional(),
  product_id: dbId("商品編號格式不正確").optional(),
});

export const reviewReplyInput = z.object({
  reply: z
    .string()
    .trim()
    .max(REVIEW_BODY_MAX, { error: `回覆最多 ${REVIEW_BODY_MAX} 字` }),
});

export type ProductReviewPage = z.output<typeof productReviewPage>;
export type ReviewableLines = z.output<typeof reviewableLines>;
export type AdminReview = z.output<typeof adminReview>;
