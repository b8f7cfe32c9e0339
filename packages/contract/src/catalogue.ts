import { dbId, phoneSchema, shopIdSchema } from "./common.js";
import type {
  categoryPage,
  crumb,
  dealerCard,
  dealerDetail,
  dealerListItem,
  dealerOutletPage,
  dealerOutletView,
  dealerSearchPage,
  homeVideo,
  pointPercent,
  productView,
  promoImage,
  promotion,
  promotionDetail,
  quickOrderEntry,
  searchPage,
  shipMethodView,
  stockState,
  suggestion,
  variantView,
} from "./responses/catalogue.js";
import { z } from "./zod.js";

export type StockState = z.output<typeof stockState>;

export const productSorts = ["newest", "price_asc", "price_desc", "hot"] as const;
export type ProductSort = (typeof productSorts)[number];

/** A listing's price bound as typed in its filter form: digits, or empty for no bound. */
const priceBound = z
  .string()
  .regex(/^\d{0,8}$/, { error: "價格請輸入 0 以上的整數" })
  .optional()
  .transform((v) => (v ? Number(v) : undefined));

/** Filters a category page and search results take: a price range (NT$, inclusive) and 只看有現貨. */
export const listingFilterQuery = z.object({
  min_price: priceBound,
  max_price: priceBound,
  in_stock: z
    .enum(["0", "1"], { error: "庫存篩選錯誤" })
    .optional()
    .transform((v) => v === "1"),
});
/**
 * 到貨通知 on a sold-out variant: a signed-in member is told as they chose; a visitor leaves an
 * e-mail or a phone (the route asks for one when neither is given).
 */
export const restockNotifyInput = z.strictObject({
  variant_id: dbId("商品規格錯誤"),
  shop_id: shopIdSchema.default(1),
  email: z.email({ error: "電子郵件格式錯誤" }).max(120).optional(),
  phone: phoneSchema.optional(),
  /** The code texted to `phone`: a visitor's phone is proven before it is ever sent a notice (decision 77). */
  code: z
    .string()
    .regex(/^\d{6}$/, { error: "驗證碼為 6 位數字" })
    .optional(),
});

export interface ListingFilters {
  min_price?: number | undefined;
  max_price?: number | undefined;
  in_stock?: boolean | undefined;
}

export type Crumb = z.output<typeof crumb>;
export type VariantView = z.output<typeof variantView>;
export type ProductView = z.output<typeof productView>;
export type CategoryPage = z.output<typeof categoryPage>;
export type SearchPage = z.output<typeof searchPage>;
export type Suggestion = z.output<typeof suggestion>;
export type PointPercent = z.output<typeof pointPercent>;
export type Promotion = z.output<typeof promotion>;
export type PromotionDetail = z.output<typeof promotionDetail>;
export type ShipMethodView = z.output<typeof shipMethodView>;
export type QuickOrderEntry = z.output<typeof quickOrderEntry>;
export type PromoImage = z.output<typeof promoImage>;
export type HomeVideo = z.output<typeof homeVideo>;
export type DealerCard = z.output<typeof dealerCard>;
export type DealerListItem = z.output<typeof dealerListItem>;
export type DealerSearchPage = z.output<typeof dealerSearchPage>;
export type DealerOutletView = z.output<typeof dealerOutletView>;
export type DealerOutletPage = z.output<typeof dealerOutletPage>;
export type DealerDetail = z.output<typeof dealerDetail>;
