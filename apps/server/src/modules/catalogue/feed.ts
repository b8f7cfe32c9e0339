import { MAIN_SHOP_ID } from "@shop/contract";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { products, shopProducts, variants } from "../../db/schema/index.js";

/** One variant on sale, as the product feeds list it (flows/product-feeds, decision 99). */
export interface FeedRow {
  variantId: number;
  productId: number;
  sku: string;
  name: string;
  variantName: string;
  description: string;
  image: string;
  brand: string;
  gtin: string;
  price: number;
  listPrice: number;
  stock: number;
  preorderOpen: boolean;
  /** Pre-order's expected ship date (YYYY-MM-DD, Asia/Taipei), or null. */
  preorderShipOn: string | null;
  /** How many variants the product has: more than one makes an item group. */
  siblings: number;
}

/**
 * The product feeds' reads: every variant of a product on sale in a shop (the main mall: every
 * product on shelf; a sub-mall: its selection), in variant id order, a page at a time (keyset on
 * the variant id), so a feed of 100,000 variants never sits in memory.
 */
export function createCatalogueFeed(db: Db) {
  const onSale = (shopId: number) =>
    shopId === MAIN_SHOP_ID
      ? eq(products.status, "on")
      : and(
          eq(products.status, "on"),
          sql`exists (select 1 from ${shopProducts} sp where sp.shop_id = ${shopId} and sp.product_id = ${products}.id)`,
        );
  return {
    async variantsAfter(shopId: number, afterVariantId: number, limit: number): Promise<FeedRow[]> {
      const rows = await db
        .select({
          variantId: variants.id,
          productId: products.id,
          sku: variants.sku,
          name: products.name,
          variantName: variants.name,
          description: products.description,
          image: sql<string>`coalesce(nullif(${variants.image}, ''), ${products.image})`,
          brand: products.brand,
          gtin: variants.gtin,
          price: variants.price,
          listPrice: variants.listPrice,
          stock: variants.stock,
          preorderOpen: sql<boolean>`(${variants.preorderCap} is not null and ${variants.preorderWaiting} < ${variants.preorderCap})`,
          preorderShipOn: variants.preorderShipOn,
          siblings: sql<number>`(select count(*) from ${variants} v2 where v2.product_id = ${products}.id)::int`,
        })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(and(onSale(shopId), gt(variants.id, afterVariantId)))
        .orderBy(asc(variants.id))
        .limit(limit);
      return rows.map((r) => ({ ...r, preorderOpen: Boolean(r.preorderOpen), siblings: Number(r.siblings) }));
    },
  };
}
export type CatalogueFeed = ReturnType<typeof createCatalogueFeed>;
