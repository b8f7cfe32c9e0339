import { z } from "../zod.js";
import { productCard } from "./front.js";

const int = z.number().int();

export const stockState = z.enum(["in_stock", "low", "out_of_stock"]);
const productSort = z.enum(["newest", "price_asc", "price_desc", "hot"]);

/** A category named in a breadcrumb or a list; `name_en` is its English name, "" for none (decision 109). */
export const crumb = z.object({ id: int, name: z.string(), name_en: z.string() });

/** The category tree of /category/search. */
export interface CategoryNode {
  id: number;
  name: string;
  /** The English name, "" for none (decision 109). */
  name_en: string;
  image: string;
  children: CategoryNode[];
}
export const categoryNode: z.ZodType<CategoryNode> = z.object({
  id: int,
  name: z.string(),
  name_en: z.string(),
  image: z.string(),
  get children() {
    return z.array(categoryNode);
  },
});

export const variantView = z.object({
  id: int,
  sku: z.string(),
  name: z.string(),
  price: int,
  list_price: int,
  stock_state: stockState,
  image: z.string(),
  /**
   * Sold out and open for pre-order (decision 96): what the page says instead of 已售完, e.g.
   * 「預購商品，預計 2026/12/20 出貨」 (written by the server: no formatting code on the page); absent otherwise.
   */
  preorder_label: z.string().optional(),
});

export const productView = z.object({
  id: int,
  name: z.string(),
  subtitle: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  /** English for the English storefront, "" for none: show the Chinese (decision 109); description_en is sanitised HTML. */
  name_en: z.string(),
  subtitle_en: z.string(),
  description_en: z.string(),
  image: z.string(),
  images: z.array(z.string()),
  price: int,
  list_price: int,
  point_percent: z.number(),
  tags: z.array(z.string()),
  per_order_limit: int.nullable(),
  /** 每人限購 N 件 (decision 92). */
  per_member_limit: int.nullable(),
  /** 限時搶購: minutes an unpaid order holds the stock before it goes to the next buyer (issue 51). */
  hold_minutes: int.nullable(),
  in_stock: z.boolean(),
  breadcrumb: z.array(crumb),
  variants: z.array(variantView),
});

const productPage = z.object({
  list: z.array(productCard),
  total: int,
  page: int,
  per_page: int,
  sort: productSort,
});

export const categoryPage = productPage.extend({
  category: z.object({ id: int, name: z.string(), name_en: z.string(), image: z.string(), parent_id: int.nullable() }),
  breadcrumb: z.array(crumb),
  children: z.array(crumb),
});

export const searchPage = productPage.extend({
  keyword: z.string(),
  /** No product had every term, so these are close spellings (typos forgiven). */
  approximate: z.boolean(),
  /** More matched than `total` (searches count up to 1,000, decision 103): the page says 1,000+. */
  more: z.boolean(),
});

/** `name_en`: the English name, "" for none (decision 109). */
export const suggestion = z.object({ id: int, name: z.string(), name_en: z.string(), image: z.string(), price: int });

export const pointPercent = z.object({ point_percent: z.number(), points_for_price: int });

export const teamPointPercent = z.object({ level1: z.number(), level2: z.number() });

export const promotion = z.object({
  id: int,
  title: z.string(),
  kind: z.enum(["amount_off", "percent_off", "bundle_price"]),
  rule_text: z.string(),
  summary: z.string(),
  image: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
});

export const promotionDetail = promotion.extend({ description: z.string(), products: z.array(productCard) });

export const shipMethodView = z.object({
  code: z.string(),
  name: z.string(),
  fee: int,
  free_threshold: int.nullable(),
  /**
   * Asked for a product (one unit of its first variant) or cart lines: this method's fee for them
   * before free shipping, to 本島 and to 離島 (null: not carried there; `reason` says why for 本島),
   * the 低溫 part included, and whether free shipping excludes 離島 (decision 89).
   */
  estimate: z
    .object({
      main: int.nullable(),
      outlying: int.nullable(),
      chilled: int,
      outlying_excluded: z.boolean(),
      reason: z.string().nullable(),
    })
    .optional(),
});

export const quickOrderEntry = z.object({
  product_id: int,
  variant_id: int,
  title: z.string(),
  image: z.string(),
  price: int,
});

export const promoImage = z.object({ title: z.string(), image: z.string(), image_mobile: z.string(), link: z.string() });

export const homeVideo = z.object({
  type: z.enum(["youtube", "file"]),
  src: z.string(),
  poster: z.string(),
  title: z.string(),
});

export const dealerCard = z.object({
  id: int,
  name: z.string(),
  county: z.string(),
  district: z.string(),
  address: z.string(),
  phone: z.string(),
  image: z.string(),
});

export const dealerListItem = dealerCard.extend({ intro: z.string(), outlet_count: int, product_count: int });

export const dealerSearchPage = z.object({
  list: z.array(dealerListItem),
  total: int,
  page: int,
  per_page: int,
  /** Counties that have dealers, for the filter. */
  counties: z.array(z.object({ county: z.string(), count: int })),
});

export const dealerOutletView = z.object({
  id: int,
  name: z.string(),
  county: z.string(),
  district: z.string(),
  address: z.string(),
  phone: z.string(),
  hours: z.string(),
});

export const dealerOutletPage = z.object({
  dealer: dealerCard,
  list: z.array(dealerOutletView),
  total: int,
  page: int,
  per_page: int,
});

export const dealerDetail = dealerListItem.extend({
  outlets: z.array(dealerOutletView),
  products: z.array(productCard),
});
