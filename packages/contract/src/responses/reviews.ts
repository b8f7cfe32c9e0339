import { z } from "../zod.js";
import { adminPage } from "./envelope.js";

/** Shapes of product reviews (decision 98). */
const int = z.number().int();

/** An approved review as the storefront shows it. */
export const publicReview = z.object({
  id: int,
  author: z.string(),
  rating: int,
  body: z.string(),
  photos: z.array(z.string()),
  reply: z.string().nullable(),
  created_at: z.string(),
});

/** A product's approved reviews, a page at a time, with the average (one decimal) and count. */
export const productReviewPage = z.object({
  average: z.number(),
  count: int,
  page: int,
  per_page: int,
  items: z.array(publicReview),
});

/** An order's lines and, for each, whether the buyer may review it or how they did. */
export const reviewableLines = z.object({
  /** The last day reviews are taken (YYYY/MM/DD, Asia/Taipei); null when the order is not delivered yet. */
  open_until: z.string().nullable(),
  lines: z.array(
    z.object({
      order_line_id: int,
      product_id: int,
      variant_id: int,
      name: z.string(),
      variant_name: z.string(),
      image: z.string(),
      can_review: z.boolean(),
      review: z.object({ rating: int, body: z.string(), photos: z.array(z.string()), status: z.string() }).nullable(),
    }),
  ),
});

export const reviewPhoto = z.object({ url: z.string(), width: int, height: int });

export const adminReview = z.object({
  id: int,
  product_id: int,
  product_name: z.string(),
  variant_id: int,
  order_no: z.string(),
  member_id: int,
  author: z.string(),
  rating: int,
  body: z.string(),
  photos: z.array(z.string()),
  status: z.enum(["pending", "approved", "hidden"]),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  created_at: z.string(),
});
export const adminReviewPage = adminPage(adminReview);
