import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { products } from "../../db/schema/index.js";

/**
 * A product's approved-review counters (decision 98), moved inside the caller's transaction: the
 * reviews flow adds a review's stars when staff approve it and takes them off when they hide it.
 */
export async function adjustRating(tx: Tx, productId: number, delta: { count: number; sum: number }) {
  await tx
    .update(products)
    .set({
      ratingCount: sql`greatest(${products.ratingCount} + ${delta.count}, 0)`,
      ratingSum: sql`greatest(${products.ratingSum} + ${delta.sum}, 0)`,
    })
    .where(eq(products.id, productId));
}
