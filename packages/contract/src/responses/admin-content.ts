import { z } from "../zod.js";
import { homeVideo, promoImage } from "./catalogue.js";
import { adminPage } from "./envelope.js";

/** Back office: banners, news, static pages and home blocks (modules/content/admin.ts). */
const int = z.number().int();

export const adminBanner = z.object({
  id: int,
  shop_id: int,
  title: z.string(),
  image: z.string(),
  image_mobile: z.string(),
  link: z.string(),
  sort: int,
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
});
export const adminBannerPage = adminPage(adminBanner);

export const adminNews = z.object({
  id: int,
  shop_id: int,
  title: z.string(),
  summary: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  /** English for the English storefront, "" for none (decision 109); content_en is sanitised HTML. */
  title_en: z.string(),
  content_en: z.string(),
  image: z.string(),
  published_at: z.string(),
});
export const adminNewsPage = adminPage(adminNews);

export const adminStaticPage = z.object({
  id: int,
  shop_id: int,
  key: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  updated_at: z.string(),
});
export const adminStaticPagePage = adminPage(adminStaticPage);

/** One shop's home blocks, as the form edits them (`id` is the shop). */
export const adminHomeBlocks = z.object({
  id: int,
  home_title: z.string(),
  home_description: z.string(),
  video: homeVideo.nullable(),
  top_links: z.array(z.object({ title: z.string(), url: z.string() })),
  single_images: z.array(promoImage),
  twice_images: z.array(promoImage),
  quick_orders: z.array(z.object({ variant_id: int, title: z.string(), image: z.string() })),
});
