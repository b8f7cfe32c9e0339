import { and, asc, count, eq, gt, inArray, max, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { categories, products, shopProducts } from "../../db/schema/index.js";

/**
 * What search engines should find in the catalogue: products on sale (read in id order, a batch
 * at a time, so a sitemap of 100,000 products never sits in memory) and the category pages that
 * hold them, each with when it last changed.
 */
export function createCatalogueSitemap(db: Db) {
  const onSale = eq(products.status, "on");
  const inShop = (shopId: number) =>
    sql`exists (select 1 from ${shopProducts} sp where sp.shop_id = ${shopId} and sp.product_id = ${products}.id)`;
  return {
    async productCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(products).where(onSale);
      return row?.n ?? 0;
    },
    /**
     * In one pass over the products on sale in id order: the last id of every full file of
     * `perFile` (file n + 1 starts after the n-th), so any file is one seek, not a skip through
     * every product before it.
     */
    async fileEnds(perFile: number): Promise<number[]> {
      const numbered = db
        .select({ id: products.id, rn: sql<number>`row_number() over (order by ${products.id})`.as("rn") })
        .from(products)
        .where(onSale)
        .as("numbered");
      const rows = await db
        .select({ id: numbered.id })
        .from(numbered)
        .where(sql`${numbered.rn} % ${perFile} = 0`)
        .orderBy(asc(numbered.id));
      return rows.map((r) => r.id);
    },
    /** Up to `limit` products on sale with an id above `afterId`. */
    productsAfter(afterId: number, limit: number): Promise<Array<{ id: number; updatedAt: Date }>> {
      return db
        .select({ id: products.id, updatedAt: products.updatedAt })
        .from(products)
        .where(and(onSale, gt(products.id, afterId)))
        .orderBy(asc(products.id))
        .limit(limit);
    },
    /** A sub-mall's own products on sale, at most `limit` (a sub-mall with its own domain lists them). */
    shopProducts(shopId: number, limit: number): Promise<Array<{ id: number; updatedAt: Date }>> {
      return db
        .select({ id: products.id, updatedAt: products.updatedAt })
        .from(products)
        .where(and(onSale, inShop(shopId)))
        .orderBy(asc(products.id))
        .limit(limit);
    },
    /**
     * Category pages with products on sale (in a sub-mall: its own products), top level and
     * second level alike, each last changed when its newest product did.
     */
    async categoryPages(shopId?: number): Promise<Array<{ id: number; updatedAt: Date }>> {
      const rows = await db
        .select({ id: products.categoryId, parentId: categories.parentId, updatedAt: max(products.updatedAt) })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(shopId === undefined ? onSale : and(onSale, inShop(shopId)))
        .groupBy(products.categoryId, categories.parentId);
      const latest = new Map<number, Date>();
      const bump = (id: number, at: Date) => {
        const seen = latest.get(id);
        if (!seen || seen < at) latest.set(id, at);
      };
      for (const r of rows) {
        const at = r.updatedAt ? new Date(r.updatedAt) : new Date(0);
        bump(r.id, at);
        if (r.parentId !== null) bump(r.parentId, at);
      }
      const parents = [...latest.keys()];
      // Only categories that still exist (a product may point at one being deleted).
      const known =
        parents.length === 0
          ? []
          : await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, parents));
      return known.map((c) => ({ id: c.id, updatedAt: latest.get(c.id) ?? new Date(0) })).sort((a, b) => a.id - b.id);
    },
  };
}
export type CatalogueSitemap = ReturnType<typeof createCatalogueSitemap>;
