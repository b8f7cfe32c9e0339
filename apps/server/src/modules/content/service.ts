import type { Banner, HomeDesc, HomeVideo, PromoImage, StaticPageSummary, TopHref } from "@shop/contract";
import { MAIN_SHOP_ID } from "@shop/contract";
import { and, asc, eq, gt, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { banners, news, promoImages, staticPages, topHrefs } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import type { CatalogueService } from "../catalogue/service.js";
import type { ShopsService } from "../shops/service.js";
import { type ContentDeps, newsPage, newsSummary, quickOrderEntries, staticPage, withFallback } from "./reads.js";

/**
 * Storefront content, per shop. A sub-mall that has none of a kind shows the main mall's
 * (docs/decisions/0004-sub-mall-content-fallback.md). Pages, news and quick orders are read by
 * the functions of reads.ts.
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

  const deps: ContentDeps = { db, catalogue, shops, now };

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

    staticPage: (shopId: number, by: { key?: string; id?: number }) => staticPage(deps, shopId, by),
    newsPage: (shopId: number, page: number, perPage: number) => newsPage(deps, shopId, page, perPage),

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
      return { ...newsSummary(row), content: row.content, content_en: row.contentEn };
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

    quickOrders: (shopId: number) => quickOrderEntries(deps, shopId),

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
