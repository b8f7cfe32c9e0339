import type { NewsSummary, Paged, QuickOrderEntry, StaticPage } from "@shop/contract";
import { MAIN_SHOP_ID } from "@shop/contract";
import { and, asc, count, desc, eq, lte } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { news, quickOrders, staticPages } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import type { CatalogueService } from "../catalogue/service.js";
import type { ShopsService } from "../shops/service.js";
import { PRIVACY_POLICY } from "./privacy-policy.js";

/** What the storefront content functions use, built by createContentService. */
export interface ContentDeps {
  db: Db;
  catalogue: CatalogueService;
  shops: Pick<ShopsService, "ownSettings">;
  now: () => Date;
}

/** A shop's own rows of a kind, or the main mall's when it has none (decision 4). */
export async function withFallback<T>(shopId: number, load: (id: number) => Promise<T[]>): Promise<T[]> {
  const own = await load(shopId);
  if (own.length > 0 || shopId === MAIN_SHOP_ID) return own;
  return load(MAIN_SHOP_ID);
}

export const newsSummary = (n: typeof news.$inferSelect): NewsSummary => ({
  id: n.id,
  title: n.title,
  title_en: n.titleEn,
  summary: n.summary,
  image: n.image,
  published_at: n.publishedAt.toISOString(),
});

export async function staticPage(deps: ContentDeps, shopId: number, by: { key?: string; id?: number }): Promise<StaticPage> {
  const find = async (id: number) => {
    const cond = by.id !== undefined ? eq(staticPages.id, by.id) : eq(staticPages.key, by.key ?? "");
    const [row] = await deps.db
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
}

export async function newsPage(deps: ContentDeps, shopId: number, page: number, perPage: number): Promise<Paged<NewsSummary>> {
  const { db, now } = deps;
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
}

/** Quick-order entries with today's price; entries whose product left the shelf are skipped. */
export async function quickOrderEntries(deps: ContentDeps, shopId: number): Promise<QuickOrderEntry[]> {
  const entries = await withFallback(shopId, (id) =>
    deps.db.select().from(quickOrders).where(eq(quickOrders.shopId, id)).orderBy(asc(quickOrders.sort), asc(quickOrders.id)),
  );
  const live = new Map((await deps.catalogue.variantsByIds(entries.map((e) => e.variantId))).map((v) => [v.id, v]));
  return entries.flatMap((e) => {
    const v = live.get(e.variantId);
    if (!v?.onShelf || v.productId !== e.productId) return [];
    return [{ product_id: e.productId, variant_id: e.variantId, title: e.title, image: e.image, price: v.price }];
  });
}
