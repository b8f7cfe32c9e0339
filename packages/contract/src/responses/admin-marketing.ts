import { z } from "../zod.js";
import { adminPage } from "./envelope.js";
import { prizeKind, raffleView } from "./loyalty.js";

/** Back office: coupons, promotions and raffles (loyalty/coupons-admin.ts, promotions/admin.ts, raffles/admin.ts). */
const int = z.number().int();

export const adminCoupon = z.object({
  id: int,
  title: z.string(),
  kind: z.enum(["amount", "percent"]),
  value: int,
  min_spend: int,
  rule_text: z.string(),
  product_ids: z.array(int),
  category_ids: z.array(int),
  /** How many members hold one. */
  issued: int,
  issue: z.enum(["issued", "shared", "single"]),
  code: z.string().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  total_limit: int.nullable(),
  per_member_limit: int,
  active: z.boolean(),
  /** Orders holding a typed code now (cancelled ones gave theirs back). */
  redeemed: int,
  /** A single-use batch: codes generated, and used. */
  codes_total: int,
  codes_used: int,
});
export const adminCouponPage = adminPage(adminCoupon);
export type AdminCoupon = z.output<typeof adminCoupon>;

export const adminPromotion = z.object({
  id: int,
  shop_id: int,
  title: z.string(),
  kind: z.enum(["amount_off", "percent_off", "bundle_price"]),
  rule_text: z.string(),
  threshold: int,
  value: int,
  bundle_qty: int.nullable(),
  bundle_price: int.nullable(),
  summary: z.string(),
  description: z.string(),
  image: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  product_ids: z.array(int),
});
export const adminPromotionPage = adminPage(adminPromotion);

export const adminRaffle = raffleView.extend({
  active: z.boolean(),
  prizes: z.array(
    z.object({
      id: int,
      title: z.string(),
      kind: prizeKind,
      amount: int,
      coupon_id: int.nullable(),
      coupon_days: int,
      variant_id: int.nullable(),
      weight: int,
      /** Left to win; null is unlimited. */
      stock: int.nullable(),
    }),
  ),
});
export const adminRafflePage = adminPage(adminRaffle);
