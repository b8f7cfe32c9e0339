import type {
  Banner,
  HomeDesc,
  HomeVideo,
  NewsSummary,
  Paged,
  PromoImage,
  QuickOrderEntry,
  StaticPage,
  StaticPageSummary,
  TopHref,
} from "@shop/contract";
import { MAIN_SHOP_ID } from "@shop/contract";
import { and, asc, count, desc, eq, gt, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { banners, news, promoImages, quickOrders, staticPages, topHrefs } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import type { CatalogueService } from "../catalogue/service.js";
import type { ShopsService } from "../shops/service.js";
import { PRIVACY_POLICY } from "./privacy-policy.js";

/**
 * Storefront content, per shop. A sub-mall that has none of a kind shows the main mall's
 * (docs/decisions/0004-sub-mall-content-fallback.md).
 */
export function createContentService(
  db: Db,
  catalogue: CatalogueService,
  shops: Pick<ShopsService, "ownSettings">,
  now: () => Date = () => new Date(),
) {
  /** A sub-mall without home settings of its own shows the main mall's (decision 4). */
  async function homeSettings(shopId: number): Promise<Record<string, string>> {
    const own = await shops.ownSettings(shopId);
    return Object.keys(own).length > 0 || shopId === MAIN_SHOP_ID ? own : shops.ownSettings(MAIN_SHOP_ID);
  }

  async function withFallback<T>(shopId: number, load: (id: number) => Promise<T[]>): Promise<T[]> {
    const own = await load(shopId);
    if (own.length > 0 || shopId === MAIN_SHOP_ID) return own;
    return load(MAIN_SHOP_ID);
  }

  const newsSummary = (n: typeof news.$inferSelect): NewsSummary => ({
    id: n.id,
    title: n.title,
    summary: n.summary,
    image: n.image,
    published_at: n.publishedAt.toISOString(),
  });

  return {
    banners(shopId: number): Promise<Banner[]> {
      return withFallback(shopId, async (id) => {
        const t = now();
        return db
          .select({
            id: banners.id,
            image: banners.image,
            image_mobile: banners.imageMobile,
            link: banners.link,
            title: banners.title,
          })
          .from(banners)
          .where(
            and(
              eq(banners.shopId, id),
              or(isNull(banners.startsAt), lte(banners.startsAt, t)),
              or(isNull(banners.endsAt), gt(banners.endsAt, t)),
            ),
          )
          .orderBy(asc(banners.sort), asc(banners.id));
      });
    },

    topHrefs(shopId: number): Promise<TopHref[]> {
      return withFallback(shopId, (id) =>
        db
          .select({ title: topHrefs.title, url: topHrefs.url, sort: topHrefs.sort })
          .from(topHrefs)
          .where(eq(topHrefs.shopId, id))
          .orderBy(asc(topHrefs.sort), asc(topHrefs.id)),
      );
    },

    staticList(shopId: number): Promise<StaticPageSummary[]> {
      return withFallback(shopId, (id) =>
        db
          .select({ id: staticPages.id, key: staticPages.key, title: staticPages.title })
          .from(staticPages)
          .where(eq(staticPages.shopId, id))
          .orderBy(asc(staticPages.id)),
      );
    },

    async staticPage(shopId: number, by: { key?: string; id?: number }): Promise<StaticPage> {
      const find = async (id: number) => {
        const cond = by.id !== undefined ? eq(staticPages.id, by.id) : eq(staticPages.key, by.key ?? "");
        const [row] = await db
          .select({ id: staticPages.id, key: staticPages.key, title: staticPages.title, content: staticPages.content })
          .from(staticPages)
          .where(and(eq(staticPages.shopId, id), cond));
        return row;
      };
      const page =
        (await find(shopId)) ??
        (shopId !== MAIN_SHOP_ID ? await find(MAIN_SHOP_ID) : undefined) ??
        // Every shop has a privacy policy (個資法 art. 8), its own or this one (decision 78).
        (by.key === PRIVACY_POLICY.key ? { id: 0, ...PRIVACY_POLICY } : undefined);
      if (!page) throw notFound("PAGE_NOT_FOUND", "找不到此頁面");
      return page;
    },

    async newsPage(shopId: number, page: number, perPage: number): Promise<Paged<NewsSummary>> {
      const load = async (id: number) => {
        const where = and(eq(news.shopId, id), lte(news.publishedAt, now()));
        const [total] = await db.select({ n: count() }).from(news).where(where);
        const rows = await db
          .select()
          .from(news)
          .where(where)
          .orderBy(desc(news.publishedAt), desc(news.id))
          .limit(perPage)
          .offset((page - 1) * perPage);
        return { total: total?.n ?? 0, rows };
      };
      let result = await load(shopId);
      if (result.total === 0 && shopId !== MAIN_SHOP_ID) result = await load(MAIN_SHOP_ID);
      return { list: result.rows.map(newsSummary), total: result.total, page, per_page: perPage };
    },

    /** A shop's own published news and pages, with when each last changed (sitemaps; no fallback). */
    async ownForSitemap(shopId: number) {
      const [items, pages] = await Promise.all([
        db
          .select({ id: news.id, publishedAt: news.publishedAt })
          .from(news)
          .where(and(eq(news.shopId, shopId), lte(news.publishedAt, now())))
          .orderBy(asc(news.id)),
        db
          .select({ key: staticPages.key, updatedAt: staticPages.updatedAt })
          .from(staticPages)
          .where(eq(staticPages.shopId, shopId))
          .orderBy(asc(staticPages.id)),
      ]);
      return { news: items, pages };
    },

    async newsItem(id: number) {
      const [row] = await db
        .select()
        .from(news)
        .where(and(eq(news.id, id), lte(news.publishedAt, now())));
      if (!row) throw notFound("NEWS_NOT_FOUND", "找不到此則消息");
      return { ...newsSummary(row), content: row.content };
    },

    async homeDesc(shopId: number): Promise<HomeDesc> {
      const settings = await homeSettings(shopId);
      return { title: settings.home_title ?? "", description: settings.home_description ?? "" };
    },

    /** The home video, or null when the shop has none. */
    async video(shopId: number): Promise<HomeVideo | null> {
      const raw = (await homeSettings(shopId)).home_video;
      if (!raw) return null;
      const v = JSON.parse(raw) as HomeVideo;
      return v.src ? v : null;
    },

    /** Quick-order entries with today's price; entries whose product left the shelf are skipped. */
    async quickOrders(shopId: number): Promise<QuickOrderEntry[]> {
      const entries = await withFallback(shopId, (id) =>
        db.select().from(quickOrders).where(eq(quickOrders.shopId, id)).orderBy(asc(quickOrders.sort), asc(quickOrders.id)),
      );
      const live = new Map((await catalogue.variantsByIds(entries.map((e) => e.variantId))).map((v) => [v.id, v]));
      return entries.flatMap((e) => {
        const v = live.get(e.variantId);
        if (!v?.onShelf || v.productId !== e.productId) return [];
        return [{ product_id: e.productId, variant_id: e.variantId, title: e.title, image: e.image, price: v.price }];
      });
    },

    promoImages(shopId: number, slot: "single" | "twice"): Promise<PromoImage[]> {
      return withFallback(shopId, (id) =>
        db
          .select({
            title: promoImages.title,
            image: promoImages.image,
            image_mobile: promoImages.imageMobile,
            link: promoImages.link,
          })
          .from(promoImages)
          .where(and(eq(promoImages.shopId, id), eq(promoImages.slot, slot)))
          .orderBy(asc(promoImages.sort), asc(promoImages.id)),
      );
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
