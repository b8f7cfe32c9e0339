import type { bannerInput, HomeBlocksInput, newsInput, staticPageInput } from "@shop/contract/admin";
import { asc, desc, eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { banners, news, staticPages } from "../../db/schema/index.js";
import { type AuditHook, adminTable } from "../../lib/admin-table.js";
import { fieldError, unlessUnique } from "../../lib/errors.js";
import { sanitizeOptionalRichText, sanitizeRichText } from "../../lib/sanitize.js";
import type { ShopsService } from "../shops/service.js";
import { type HomeAdminDeps, type HomeView, homeBlocks, saveHome } from "./home-admin.js";

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
  title_en: n.titleEn,
  content_en: n.contentEn,
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

/**
 * The storefront's content per shop, as the back office edits it. Rich text is sanitised here;
 * the home page's blocks are read and saved by the functions of home-admin.ts.
 */
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
      // English for the English storefront (decision 109): "" for none; sanitised as the Chinese is.
      titleEn: n.title_en,
      contentEn: sanitizeOptionalRichText(n.content_en),
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

  const homeDeps: HomeAdminDeps = { db, shops, variantProduct };

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

    home: (shopId: number) => homeBlocks(homeDeps, shopId),
    saveHome: (shopId: number, input: HomeBlocksInput, audit: AuditHook<HomeView>) => saveHome(homeDeps, shopId, input, audit),
  };
}
export type ContentAdmin = ReturnType<typeof createContentAdmin>;
