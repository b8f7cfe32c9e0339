import type { ProductCard } from "@shop/contract";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { favorites } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import type { CatalogueService } from "../catalogue/service.js";

/** A member's liked products (like/store, like/search, like/delete). */
export function createFavoritesService(db: Db, catalogue: CatalogueService) {
  return {
    async like(memberId: number, productId: number, shopId: number) {
      await catalogue.product(productId, shopId).catch(() => {
        throw notFound("PRODUCT_NOT_FOUND", "找不到此商品，可能已下架");
      });
      await db.insert(favorites).values({ memberId, productId }).onConflictDoNothing();
    },
    async unlike(memberId: number, productId: number) {
      await db.delete(favorites).where(and(eq(favorites.memberId, memberId), eq(favorites.productId, productId)));
    },
    async list(memberId: number, shopId: number): Promise<ProductCard[]> {
      const ids = (
        await db.select().from(favorites).where(eq(favorites.memberId, memberId)).orderBy(desc(favorites.createdAt)).limit(200)
      ).map((f) => f.productId);
      const cards = await catalogue.cards(shopId, { ids, limit: 200 });
      const order = new Map(ids.map((id, i) => [id, i]));
      return cards.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    },
  };
}

export type FavoritesService = ReturnType<typeof createFavoritesService>;
