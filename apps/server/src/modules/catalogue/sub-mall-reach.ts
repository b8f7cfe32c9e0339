import { count, eq, type SQL, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Db } from "../../db/client.js";
import { products, shopProducts } from "../../db/schema/index.js";

/**
 * A sub-mall's listing finds its products one of two ways (issue 51). *Through its selection*:
 * read each of the s products it sells and keep the category's (~s rows). *Along the listing*: walk
 * the category's index in page order and keep what it sells; with N products on sale, a shop's
 * product turns up every N/s rows, and a top category's page of eleven branches needs ~15 of them
 * (~15·N/s rows). They cost the same where s² = 15·N: below it the selection, above it the walk.
 * Listing statements are prepared, and a plan made once for any shop drives every shop through
 * its selection (20,000 probes a page for the largest at 1M products), so the walking form writes
 * its test as a subplan PostgreSQL cannot turn into a join.
 */
const WALK_WHEN = 15;
/** How long a shop's selection size and the mall's product count are reused (the listings' count lifetime). */
const SIZE_TTL_MS = 60_000;

export function createSubMallReach(db: Db) {
  const onShelf = eq(products.status, "on");
  const sizes = new LRUCache<number, Promise<number>>({ max: 10_000, ttl: SIZE_TTL_MS });
  let mall: { madeAt: number; n: Promise<number> } | undefined;

  const remembered = (made: Promise<number>, drop: () => void) => {
    made.catch(drop);
    return made;
  };
  function selection(shopId: number): Promise<number> {
    const known = sizes.get(shopId);
    if (known) return known;
    const made = db
      .select({ n: count() })
      .from(shopProducts)
      .where(eq(shopProducts.shopId, shopId))
      .then(([row]) => row?.n ?? 0);
    sizes.set(shopId, made);
    return remembered(made, () => sizes.delete(shopId));
  }
  function onSale(): Promise<number> {
    if (mall && Date.now() - mall.madeAt < SIZE_TTL_MS) return mall.n;
    const made = db
      .select({ n: count() })
      .from(products)
      .where(onShelf)
      .then(([row]) => row?.n ?? 0);
    const entry = { madeAt: Date.now(), n: made };
    mall = entry;
    return remembered(made, () => {
      if (mall === entry) mall = undefined;
    });
  }

  return {
    /** On shelf and sold by the shop (`shop` an id or a placeholder), the way chosen by the planner. */
    inSubMall: (shop: unknown): SQL =>
      sql`${onShelf} and exists (select 1 from ${shopProducts} sp where sp.shop_id = ${shop} and sp.product_id = ${products}.id)`,
    /** The same condition, held to the walk along the listing in every plan (OFFSET 0 keeps it a subplan). */
    walkingSubMall: (shop: unknown): SQL =>
      sql`${onShelf} and exists (select 1 from ${shopProducts} sp where sp.shop_id = ${shop} and sp.product_id = ${products}.id offset 0)`,
    /** Whether this shop's listings should walk along the listing rather than through its selection. */
    async walks(shopId: number): Promise<boolean> {
      const [s, n] = await Promise.all([selection(shopId), onSale()]);
      return s * s >= WALK_WHEN * n;
    },
    forget() {
      sizes.clear();
      mall = undefined;
    },
  };
}
