import type { ProductCard, ProductSort } from "@shop/contract";
import { asc, count, inArray, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { LRUCache } from "lru-cache";
import type { Db } from "../../db/client.js";
import { categories, products, variants } from "../../db/schema/index.js";

// Columns are written table-qualified: drizzle prints a lone table's columns bare, and a bare "id"
// inside this subquery would be the variant's own id (cards once said sold-out products were in stock).
export const inStock = sql<boolean>`exists (select 1 from ${variants} v where v.product_id = ${products}.id and v.stock > 0)`;

export const cardColumns = {
  id: products.id,
  name: products.name,
  image: products.image,
  price: products.price,
  list_price: products.listPrice,
  tags: products.tags,
  point_percent: products.pointPercent,
  in_stock: inStock,
};

/**
 * Each order is one listing index read forwards or backwards (schema/catalogue.ts) and ends in the
 * id, so pages never overlap. Directions are spelt with their NULLS side because an index only
 * serves the order it was built in: the newest index is `desc nulls last` (drizzle's default), and
 * a bare `desc` (nulls first) made PostgreSQL sort the whole category instead.
 */
function keysFor(sort: ProductSort): Array<[SQL, string]> {
  switch (sort) {
    case "price_asc":
      return [
        [sql`${products.price}`, "asc"],
        [sql`${products.id}`, "asc"],
      ];
    case "price_desc":
      return [
        [sql`${products.price}`, "desc"],
        [sql`${products.id}`, "desc"],
      ];
    case "hot":
      return [
        [sql`('hot' = any(${products.tags}))`, "desc"],
        [sql`${products.sort}`, "asc"],
        [sql`${products.id}`, "asc"],
      ];
    default:
      return [
        [sql`${products.createdAt}`, "desc nulls last"],
        [sql`${products.id}`, "desc nulls last"],
      ];
  }
}

const orderFor = (sort: ProductSort) => keysFor(sort).map(([key, dir]) => sql`${key} ${sql.raw(dir)}`);

/**
 * The ids of one page of a listing over several categories (a top category with its children). An
 * `in (…)` list cannot be read in order from one index, so PostgreSQL read every product of them
 * and sorted; instead each category gives its first offset + perPage by its own index and the
 * page is taken from their merge.
 */
function mergedPageIds(where: SQL, categoryIds: number[], sort: ProductSort, offset: number, perPage: number): SQL {
  const keys = keysFor(sort);
  const columns = sql.join(
    keys.map(([key], i) => sql`${key} as ${sql.raw(`k${i}`)}`),
    sql`, `,
  );
  const order = (prefix: string) => sql.raw(keys.map(([, dir], i) => `${prefix}k${i} ${dir}`).join(", "));
  const branches = categoryIds.map(
    (c) =>
      sql`(select ${products.id} as id, ${columns} from ${products} where ${where} and ${products.categoryId} = ${c} order by ${order("")} limit ${offset + perPage})`,
  );
  return sql`(select u.id from (${sql.join(branches, sql` union all `)}) u order by ${order("u.")} limit ${perPage} offset ${offset})`;
}

export const toCard = (r: ProductCard): ProductCard => ({ ...r, in_stock: Boolean(r.in_stock) });

export type CategoryRow = typeof categories.$inferSelect;

/** How long a listing's count is reused: the response cache's lifetime, so 只看有現貨 is as fresh as a cached page. */
const COUNT_TTL_MS = 60_000;

/**
 * Listing pages that read what they return. A page is one statement: its ids by the listing index
 * (offset + per-page index entries) and their cards, in order. The total is counted once per set of
 * conditions and reused by every sort and page of it until the catalogue changes (`forget`, called
 * by the same switch that drops the response caches, across instances through Redis) or a minute
 * passes; a first page shorter than a page needs no count at all. The category tree is read once
 * the same way. Before this a category page ran six statements and read ~20,000 rows (the count
 * scanned the whole category every time); docs/performance.md has the plans.
 */
export function createListing(db: Db) {
  const dialect = new PgDialect();
  const counts = new LRUCache<string, number>({ max: 10_000, ttl: COUNT_TTL_MS });
  let tree: Promise<CategoryRow[]> | undefined;
  /** Bumped by forget(): a count begun before a write is not remembered after it. */
  let generation = 0;

  async function total(where: SQL): Promise<number> {
    const q = dialect.sqlToQuery(where);
    const key = `${q.sql}\n${JSON.stringify(q.params)}`;
    const known = counts.get(key);
    if (known !== undefined) return known;
    const begun = generation;
    const [row] = await db.select({ n: count() }).from(products).where(where);
    const n = row?.n ?? 0;
    if (begun === generation) counts.set(key, n);
    return n;
  }

  return {
    /** Drops the remembered counts and category tree: call after any catalogue write. */
    forget() {
      generation++;
      counts.clear();
      tree = undefined;
    },

    /** Every category, by sort order: a handful of rows, read once until the catalogue changes. */
    categories(): Promise<CategoryRow[]> {
      tree ??= db
        .select()
        .from(categories)
        .orderBy(asc(categories.sort), asc(categories.id))
        .catch((error: unknown) => {
          tree = undefined;
          throw error;
        });
      return tree;
    },

    /**
     * One page of cards under `where`, and how many there are in all. `categoryIds`: the categories
     * `where` already limits the listing to, when there are several (read each by its index).
     */
    async pagedCards(where: SQL, sort: ProductSort, page: number, perPage: number, categoryIds: number[] = []) {
      const offset = (page - 1) * perPage;
      const pageIds =
        categoryIds.length > 1
          ? mergedPageIds(where, categoryIds, sort, offset, perPage)
          : db
              .select({ id: products.id })
              .from(products)
              .where(where)
              .orderBy(...orderFor(sort))
              .limit(perPage)
              .offset(offset);
      const rows = await db
        .select(cardColumns)
        .from(products)
        .where(inArray(products.id, pageIds))
        .orderBy(...orderFor(sort));
      const list = rows.map(toCard);
      // A short page is the last one: what came before it and what it holds is the total.
      const n = list.length > 0 && list.length < perPage ? offset + list.length : await total(where);
      return { list, total: n };
    },
  };
}
