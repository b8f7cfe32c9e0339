import { DEVICE_WALLETS } from "../payment-methods.js";
import { z } from "../zod.js";

/** Shapes of the public storefront content. */
const int = z.number().int();

export const banner = z.object({ id: int, image: z.string(), image_mobile: z.string(), link: z.string(), title: z.string() });

export const topHref = z.object({ title: z.string(), url: z.string(), sort: int });

export const productCard = z.object({
  id: int,
  name: z.string(),
  /** The English name for the English storefront, "" for none: show `name` (decision 109). */
  name_en: z.string(),
  image: z.string(),
  price: int,
  list_price: int,
  tags: z.array(z.string()),
  point_percent: z.number(),
  in_stock: z.boolean(),
  /** Approved reviews (decision 98): how many, and their average to one decimal (0 when none). */
  rating_count: int,
  rating: z.number(),
});

export const homeSection = z.object({
  title: z.string(),
  /** The title in English: a category section's English name ("" when it has none), "New arrivals" for 新品上市. */
  title_en: z.string(),
  products: z.array(productCard),
});

export const staticPageSummary = z.object({ id: int, key: z.string(), title: z.string() });

export const staticPage = staticPageSummary.extend({ content: z.string() });

export const newsSummary = z.object({
  id: int,
  title: z.string(),
  /** The English title for the English storefront, "" for none: show `title` (decision 109). */
  title_en: z.string(),
  summary: z.string(),
  image: z.string(),
  published_at: z.string(),
});

export const newsItem = newsSummary.extend({
  content: z.string(),
  /** The content in English (sanitised HTML), "" for none: show `content` (decision 109). */
  content_en: z.string(),
});

/** `name_en`: the English name, "" for none (decision 109). */
export const homeCategory = z.object({ id: int, name: z.string(), name_en: z.string(), image: z.string() });

export const homeDesc = z.object({ title: z.string(), description: z.string() });

export const shopInfo = z.object({
  id: int,
  name: z.string(),
  logo: z.string(),
  banner: z.string(),
  intro: z.string(),
  status: z.enum(["open", "suspended"]),
  /** The shop's own domain (pointed at this site) its pages are canonical on; "" for none (decision 48). */
  domain: z.string().optional(),
});

/** /supmall/recheck: whether the visitor may stay in the shop, and which shop is theirs. */
export const shopRecheck = z.object({ shop_id: int });

/** The shop's own analytics ids: the pages load GA4 / Meta Pixel only when set (decision 45). */
export const shopTracking = z.object({ ga4: z.string(), pixel: z.string() });
/** The footer's trust details (decision 55): a sub-mall shows its own where set, else the company's. */
export const shopFooter = z.object({
  company: z.string(),
  tax_id: z.string(),
  address: z.string(),
  phone: z.string(),
  hours: z.string(),
  line_url: z.string(),
  /** When an order ships (出貨說明), shown before the cart; "" when no shop sets one. */
  dispatch: z.string(),
  /** The payment methods the shop takes now (the back office's switches), in checkout order. */
  /** The payment methods checkout offers, by name, in the shop's order (decision 88). */
  payment_methods: z.array(z.string()),
  /** The delivery methods the shop offers now, by name (not the cloud depot, which keeps goods). */
  ship_methods: z.array(z.string()),
});
export const shopPage = z.object({
  shop: shopInfo,
  home_desc: homeDesc,
  tracking: shopTracking,
  footer: shopFooter,
  /** Apple Pay / Google Pay when checkout offers them, in the shop's order: the product page and cart show an express button. */
  device_wallets: z.array(z.enum(DEVICE_WALLETS)),
});

export const subMallHome = shopPage
  .omit({ tracking: true, footer: true, device_wallets: true })
  .extend({ banners: z.array(banner) });

export const inquiryReceipt = z.object({ id: int });
