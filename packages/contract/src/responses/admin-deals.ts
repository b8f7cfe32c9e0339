import { z } from "../zod.js";
import { adminPage } from "./envelope.js";

/** Back office: 加價購 and 滿額贈 (promotions/deals-admin.ts), decision 93. */
const int = z.number().int();
const variantRef = z.object({ id: int, name: z.string() });

export const adminAddonDeal = z.object({
  id: int,
  shop_id: int,
  title: z.string(),
  variant_id: int,
  /** The variant's name (empty when it no longer exists). */
  variant_name: z.string(),
  price: int,
  per_order_cap: int,
  trigger_product_ids: z.array(int),
  trigger_amount: int,
  active: z.boolean(),
  starts_at: z.string(),
  ends_at: z.string(),
});
export const adminAddonDealPage = adminPage(adminAddonDeal);

export const adminGiftRule = z.object({
  id: int,
  shop_id: int,
  title: z.string(),
  threshold: int,
  variant_ids: z.array(int),
  variants: z.array(variantRef),
  qty: int,
  active: z.boolean(),
  starts_at: z.string(),
  ends_at: z.string(),
});
export const adminGiftRulePage = adminPage(adminGiftRule);
