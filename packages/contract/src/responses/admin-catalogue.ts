import { TEMPERATURES } from "../shipping.js";
import { z } from "../zod.js";
import { adminPage } from "./envelope.js";

/** Shapes of the back office's catalogue: categories, products, stock, exchange items, uploads (apps/admin/src/products.tsx). */
const int = z.number().int();

/** A page of a back-office list (react-admin reads `total` and `items`). */

const productStatus = z.enum(["on", "off"]);

/** A category as staff list and edit it. */
export const adminCategory = z.object({
  id: int,
  name: z.string(),
  /** The English name, "" for none (decision 109). */
  name_en: z.string(),
  /** Null for a top-level category (the tree has two levels). */
  parent_id: int.nullable(),
  /** 「上層 › 名稱」 for a sub-category, the name for a top-level one. */
  full_name: z.string(),
  /** Image path, "" when none. */
  image: z.string(),
  sort: int,
  show_on_home: z.boolean(),
});

/** /admin/categories: every category, parents first. */
export const adminCategoryPage = adminPage(adminCategory);

/** One row of /admin/products. */
export const adminProductRow = z.object({
  id: int,
  name: z.string(),
  image: z.string(),
  category_id: int,
  /** The cheapest variant's price (NT$). */
  price: int,
  status: productStatus,
  variant_count: int,
  /** Stock summed over the product's variants. */
  stock: int,
  updated_at: z.string(),
});

/** /admin/products: newest first. */
export const adminProductPage = adminPage(adminProductRow);

/** A variant as staff edit it, with its stock. */
export const adminVariant = z.object({
  id: int,
  sku: z.string(),
  name: z.string(),
  price: int,
  list_price: int,
  /** Image path, "" when the variant has none. */
  image: z.string(),
  stock: int,
  size_cm: int,
  weight_g: int,
  /** GTIN (EAN / UPC) for the product feeds, "" for none (decision 99). */
  gtin: z.string(),
  /** Pre-order (decision 96): cap (null: not on pre-order), expected ship date, units waiting. */
  preorder_cap: int.nullable(),
  preorder_ship_on: z.string().nullable(),
  preorder_waiting: int,
});

/** /admin/products/:id (and after a create, an update or a stock change): the product as the form edits it. */
export const adminProduct = z.object({
  id: int,
  category_id: int,
  name: z.string(),
  subtitle: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  /** English for the English storefront, "" for none (decision 109); description_en is sanitised HTML. */
  name_en: z.string(),
  subtitle_en: z.string(),
  description_en: z.string(),
  images: z.array(z.string()),
  status: productStatus,
  point_percent: int,
  /** recommended / hot / new. */
  tags: z.array(z.string()),
  per_order_limit: int.nullable(),
  per_member_limit: int.nullable(),
  hold_minutes: int.nullable(),
  temperature: z.enum(TEMPERATURES),
  /** For the product feeds, "" for the shop's own name (decision 99). */
  brand: z.string(),
  /** Follows the cheapest variant. */
  price: int,
  list_price: int,
  /** Sub-malls that sell it besides the main mall. */
  shop_ids: z.array(int),
  variants: z.array(adminVariant),
  created_at: z.string(),
  updated_at: z.string(),
  /** After a stock receipt: how many waiting pre-orders it released (decision 96). */
  preorders_released: int.optional(),
});

/** An on-shelf variant running low (dashboard). */
export const lowStockVariant = z.object({
  variant_id: int,
  product_id: int,
  /** The product's name. */
  product: z.string(),
  /** The variant's name. */
  variant: z.string(),
  sku: z.string(),
  stock: int,
});

/** An item of the points exchange catalogue as staff edit it. */
export const adminExchangeItem = z.object({
  id: int,
  variant_id: int,
  title: z.string(),
  image: z.string(),
  points: int,
  active: z.boolean(),
});

/** /admin/exchange_items. */
export const adminExchangeItemPage = adminPage(adminExchangeItem);

/** /admin/uploads: the stored WebP image. */
export const uploadedImage = z.object({
  /** Path to put in an image field (/uploads/admin/…). */
  url: z.string(),
  width: int,
  height: int,
});
