import type { HomeCategory, ProductCard } from "@shop/contract";
import { and, asc, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { categories, products, shopProducts, variants } from "../../db/schema/index.js";
import { MAIN_SHOP_ID } from "../shops/service.js";

export interface CategoryNode {
  id: number;
  name: string;
  image: string;
  children: CategoryNode[];
}

const inStock = sql<boolean>`exists (select 1 from ${variants} where ${variants.productId} = ${products.id} and ${variants.stock} > 0)`;

export function createCatalogueService(db: Db) {
  /** Products on shelf in a shop: all of them in the main mall, the seller's selection elsewhere. */
  function inShop(shopId: number): SQL {
    const onShelf = eq(products.status, "on");
    if (shopId === MAIN_SHOP_ID) return onShelf;
    return and(
      onShelf,
      sql`exists (select 1 from ${shopProducts} where ${shopProducts.shopId} = ${shopId} and ${shopProducts.productId} = ${products.id})`,
    ) as SQL;
  }

  async function cards(shopId: number, opts: { tag?: string; limit: number }): Promise<ProductCard[]> {
    const where = opts.tag ? and(inShop(shopId), sql`${opts.tag} = any(${products.tags})`) : inShop(shopId);
    const rows = await db
      .select({
        id: products.id,
        name: products.name,
        image: products.image,
        price: products.price,
        list_price: products.listPrice,
        tags: products.tags,
        point_percent: products.pointPercent,
        in_stock: inStock,
      })
      .from(products)
      .where(where)
      .orderBy(asc(products.sort), desc(products.id))
      .limit(opts.limit);
    return rows.map((r) => ({ ...r, in_stock: Boolean(r.in_stock) }));
  }

  return {
    cards,
    recommended: (shopId: number, limit = 8) => cards(shopId, { tag: "recommended", limit }),
    hot: (shopId: number, limit = 8) => cards(shopId, { tag: "hot", limit }),
    newest: (shopId: number, limit = 8) => cards(shopId, { tag: "new", limit }),

    async homeCategories(): Promise<HomeCategory[]> {
      return db
        .select({ id: categories.id, name: categories.name, image: categories.image })
        .from(categories)
        .where(and(isNull(categories.parentId), eq(categories.showOnHome, true)))
        .orderBy(asc(categories.sort), asc(categories.id));
    },

    async categoryTree(): Promise<CategoryNode[]> {
      const rows = await db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id));
      const top = rows.filter((r) => r.parentId === null);
      return top.map((t) => ({
        id: t.id,
        name: t.name,
        image: t.image,
        children: rows.filter((c) => c.parentId === t.id).map((c) => ({ id: c.id, name: c.name, image: c.image, children: [] })),
      }));
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
