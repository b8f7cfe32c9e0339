/** Shapes of the public storefront content (schemas in ./responses/front.ts). */
import type { z } from "zod";
import type {
  banner,
  homeCategory,
  homeDesc,
  homeSection,
  newsSummary,
  productCard,
  shopFooter,
  shopInfo,
  staticPage,
  staticPageSummary,
  topHref,
} from "./responses/front.js";

export type Banner = z.output<typeof banner>;
export type TopHref = z.output<typeof topHref>;
export type ProductCard = z.output<typeof productCard>;
export type HomeSection = z.output<typeof homeSection>;
export type StaticPageSummary = z.output<typeof staticPageSummary>;
export type StaticPage = z.output<typeof staticPage>;
export type NewsSummary = z.output<typeof newsSummary>;
export type HomeCategory = z.output<typeof homeCategory>;
export type HomeDesc = z.output<typeof homeDesc>;
export type ShopInfo = z.output<typeof shopInfo>;
export type ShopFooter = z.output<typeof shopFooter>;
