import type { bannerInput, HomeBlocksInput, newsInput, staticPageInput } from "@shop/contract/admin";
import { asc, desc, eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { banners, news, promoImages, quickOrders, staticPages, topHrefs } from "../../db/schema/index.js";
import { type AuditHook, adminTable } from "../../lib/admin-table.js";
import { fieldError, unlessUnique } from "../../lib/errors.js";
import { sanitizeRichText } from "../../lib/sanitize.js";
import type { ShopsService } from "../shops/service.js";

type BannerInput = z.infer<typeof bannerInput>;
type NewsInput = z.infer<typeof newsInput>;
type PageInput = z.infer<typeof staticPageInput>;

const bannerView = (b: typeof banners.$inferSelect) => ({
  id: b.id,
  shop_id: b.shopId,
  title: b.title,
  image: b.image,
  image_mobile: b.imageMobile,
  link: b.link,
  sort: b.sort,
  starts_at: b.startsAt?.toISOString() ?? null,
  ends_at: b.endsAt?.toISOString() ?? null,
});

const newsView = (n: typeof news.$inferSelect) => ({
  id: n.id,
  shop_id: n.shopId,
  title: n.title,
  summary: n.summary,
  content: n.content,
  image: n.image,
  published_at: n.publishedAt.toISOString(),
});
const pageView = (p: typeof staticPages.$inferSelect) => ({
  id: p.id,
  shop_id: p.shopId,
  key: p.key,
  title: p.title,
  content: p.content,
  updated_at: p.updatedAt.toISOString(),
});

const HOME_KEYS = ["home_title", "home_description", "home_video"] as const;

/** The storefront's content per shop, as the back office edits it. Rich text is sanitised here. */
export function createContentAdmin(
  db: Db,
  shops: Pick<ShopsService, "ownSettings" | "setSettings">,
  variantProduct: (variantIds: number[]) => Promise<Map<number, number>>,
) {
  const byShop = (col: typeof banners.shopId | typeof news.shopId | typeof staticPages.shopId, shopId?: number) =>
    shopId ? eq(col, shopId) : undefined;

  const bannerTable = adminTable(db, {
    table: banners,
    missing: "找不到此橫幅",
    view: bannerView,
    columns: (b: BannerInput) => ({
      shopId: b.shop_id,
      title: b.title,
      image: b.image,
      imageMobile: b.image_mobile,
      link: b.link,
      sort: b.sort,
      startsAt: b.starts_at ? new Date(b.starts_at) : null,
      endsAt: b.ends_at ? new Date(b.ends_at) : null,
    }),
    orderBy: [asc(banners.shopId), asc(banners.sort), asc(banners.id)] as SQL[],
  });
  const newsTable = adminTable(db, {
    table: news,
    missing: "找不到此則消息",
    view: newsView,
    columns: (n: NewsInput) => ({
      shopId: n.shop_id,
      title: n.title,
      summary: n.summary,
      content: sanitizeRichText(n.content),
      image: n.image,
      publishedAt: new Date(n.published_at),
    }),
    orderBy: [desc(news.publishedAt), desc(news.id)] as SQL[],
  });
  const pageTable = adminTable(db, {
    table: staticPages,
    missing: "找不到此頁面",
    view: pageView,
    columns: (p: PageInput) => ({
      shopId: p.shop_id,
      key: p.key,
      title: p.title,
      content: sanitizeRichText(p.content),
      updatedAt: new Date(),
    }),
    orderBy: [asc(staticPages.shopId), asc(staticPages.id)] as SQL[],
  });
  /** A page key is unique per shop: a clash is the staff's to fix, not a 500. */
  const uniqueKey = <T>(write: () => Promise<T>) =>
    unlessUnique(write, "static_pages_shop_key", () => fieldError("key", "此商城已有相同代碼的頁面"));

  async function home(shopId: number) {
    const [settings, links, images, quick] = await Promise.all([
      shops.ownSettings(shopId, HOME_KEYS),
      db.select().from(topHrefs).where(eq(topHrefs.shopId, shopId)).orderBy(asc(topHrefs.sort), asc(topHrefs.id)),
      db.select().from(promoImages).where(eq(promoImages.shopId, shopId)).orderBy(asc(promoImages.sort), asc(promoImages.id)),
      db.select().from(quickOrders).where(eq(quickOrders.shopId, shopId)).orderBy(asc(quickOrders.sort), asc(quickOrders.id)),
    ]);
    const get = (k: (typeof HOME_KEYS)[number]) => settings[k] ?? "";
    const promo = (slot: "single" | "twice") =>
      images
        .filter((i) => i.slot === slot)
        .map((i) => ({ title: i.title, image: i.image, image_mobile: i.imageMobile, link: i.link }));
    return {
      id: shopId,
      home_title: get("home_title"),
      home_description: get("home_description"),
      video: get("home_video") ? JSON.parse(get("home_video")) : null,
      top_links: links.map((l) => ({ title: l.title, url: l.url })),
      single_images: promo("single"),
      twice_images: promo("twice"),
      quick_orders: quick.map((q) => ({ variant_id: q.variantId, title: q.title, image: q.image })),
    };
  }
  type HomeView = Awaited<ReturnType<typeof home>>;

  async function writeHome(tx: Tx, shopId: number, input: HomeBlocksInput, products: Map<number, number>) {
    const values: Record<(typeof HOME_KEYS)[number], string> = {
      home_title: input.home_title,
      home_description: input.home_description,
      home_video: input.video ? JSON.stringify(input.video) : "",
    };
    await shops.setSettings(tx, shopId, values);
    // Lists are replaced whole: the form always sends the full, ordered list.
    await tx.delete(topHrefs).where(eq(topHrefs.shopId, shopId));
    await tx.delete(promoImages).where(eq(promoImages.shopId, shopId));
    await tx.delete(quickOrders).where(eq(quickOrders.shopId, shopId));
    if (input.top_links.length > 0)
      await tx.insert(topHrefs).values(input.top_links.map((l, sort) => ({ shopId, title: l.title, url: l.url, sort })));
    const promo = [
      ...input.single_images.map((i, sort) => ({ ...i, slot: "single" as const, sort })),
      ...input.twice_images.map((i, sort) => ({ ...i, slot: "twice" as const, sort })),
    ];
    if (promo.length > 0)
      await tx.insert(promoImages).values(
        promo.map((i) => ({
          shopId,
          slot: i.slot,
          title: i.title,
          image: i.image,
          imageMobile: i.image_mobile,
          link: i.link,
          sort: i.sort,
        })),
      );
    if (input.quick_orders.length > 0)
      await tx.insert(quickOrders).values(
        input.quick_orders.map((q, sort) => ({
          shopId,
          productId: products.get(q.variant_id) ?? 0,
          variantId: q.variant_id,
          title: q.title,
          image: q.image,
          sort,
        })),
      );
  }

  return {
    banners: (shopId: number | undefined, page: number, perPage: number) =>
      bannerTable.list(byShop(banners.shopId, shopId), page, perPage),
    banner: bannerTable.get,
    createBanner: bannerTable.create,
    updateBanner: bannerTable.update,
    deleteBanner: bannerTable.remove,

    news: (shopId: number | undefined, page: number, perPage: number) =>
      newsTable.list(byShop(news.shopId, shopId), page, perPage),
    newsItem: newsTable.get,
    createNews: newsTable.create,
    updateNews: newsTable.update,
    deleteNews: newsTable.remove,

    pages: (shopId: number | undefined, page: number, perPage: number) =>
      pageTable.list(byShop(staticPages.shopId, shopId), page, perPage),
    page: pageTable.get,
    createPage: (input: PageInput, audit: AuditHook<ReturnType<typeof pageView>>) =>
      uniqueKey(() => pageTable.create(input, audit)),
    updatePage: (id: number, input: PageInput, audit: AuditHook<ReturnType<typeof pageView>>) =>
      uniqueKey(() => pageTable.update(id, input, audit)),
    deletePage: pageTable.remove,

    home,
    async saveHome(shopId: number, input: HomeBlocksInput, audit: AuditHook<HomeView>) {
      const products = await variantProduct(input.quick_orders.map((q) => q.variant_id));
      input.quick_orders.forEach((q, i) => {
        if (!products.has(q.variant_id)) throw fieldError(`quick_orders.${i}.variant_id`, "找不到此商品規格");
      });
      const before = await home(shopId);
      return db.transaction(async (tx) => {
        await writeHome(tx, shopId, input, products);
        const after = { ...before, ...input, id: shopId };
        await audit(tx, before, after);
        return after;
      });
    },
  };
}
export type ContentAdmin = ReturnType<typeof createContentAdmin>;
