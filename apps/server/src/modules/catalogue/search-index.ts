import { eq, inArray, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { categories, products } from "../../db/schema/index.js";
import { nameReading } from "./readings.js";
import { documentTokens, normalize } from "./search.js";

const TAG_LABELS: Record<string, string> = { hot: "熱銷", recommended: "推薦", new: "新品" };

/** Recomputes what search matches for the given products (all when omitted). */
export async function refreshSearchIndex(q: Db | Tx, productIds?: number[]) {
  const cats = await q.select().from(categories);
  const byId = new Map(cats.map((c) => [c.id, c]));
  const rows = await q
    .select({
      id: products.id,
      name: products.name,
      subtitle: products.subtitle,
      tags: products.tags,
      categoryId: products.categoryId,
    })
    .from(products)
    .where(productIds ? inArray(products.id, productIds) : undefined);
  for (const r of rows) {
    const cat = byId.get(r.categoryId);
    const parent = cat?.parentId ? byId.get(cat.parentId) : undefined;
    const text = normalize(
      [r.name, r.subtitle, ...r.tags.map((t) => TAG_LABELS[t] ?? t), cat?.name ?? "", parent?.name ?? ""].join(" "),
    );
    const reading = await nameReading(normalize(r.name));
    await q
      .update(products)
      .set({ searchText: text, searchTokens: [...documentTokens(text), ...reading.tokens], searchReading: reading.reading })
      .where(eq(products.id, r.id));
  }
}

/**
 * Indexes the products whose name has no reading yet: after migration 0043 added readings, every
 * product once (at start and by `npm run migrate`); afterwards none, as saving a product indexes it.
 */
export async function indexMissingReadings(db: Db): Promise<number> {
  const missing = await db.select({ id: products.id }).from(products).where(isNull(products.searchReading));
  const ids = missing.map((r) => r.id);
  for (let i = 0; i < ids.length; i += 500) await refreshSearchIndex(db, ids.slice(i, i + 500));
  return ids.length;
}
