import type { ProductCard, ProductSort } from "@shop/contract";
import { count, inArray, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { LRUCache } from "lru-cache";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema/index.js";
import { cardColumns, toCard } from "./listing.js";

/** Matches a search counts at most: past it the page says 1,000+ and pages stop at 50 (decision 103). */
export const SEARCH_COUNT_CAP = 1_000;
/** Products a common word's page walks in listing order before it reads the token index instead. */
const WALK_ROWS = 20_000;

/** Each order as the mall-wide listing indexes (migration 0050) keep it. */
const ORDER: Record<ProductSort, SQL> = {
  newest: sql`"products"."created_at" desc nulls last, "products"."id" desc nulls last`,
  price_asc: sql`"products"."price" asc, "products"."id" asc`,
  price_desc: sql`"products"."price" desc, "products"."id" desc`,
  hot: sql`('hot' = any("products"."tags")) desc, "products"."sort" asc, "products"."id" asc`,
};

/** What a search condition reads: the walk keeps these columns of the rows it passes. */
const WALKED = sql.raw(
  ["id", "status", "price", "tags", "sort", "created_at", "search_tokens", "search_text", "search_reading"]
    .map((c) => `"${c}"`)
    .join(", "),
);

const idsOf = async (db: Db, q: SQL) =>
  ((await db.execute(q)) as unknown as { rows: Array<{ id: number }> }).rows.map((r) => r.id);

/** Keyword search pages, and their counts kept for a minute (dropped with listings on catalogue writes). */
export function createSearchPaging(db: Db) {
  const dialect = new PgDialect();
  /** Capped counts by search, reused by every page and sort of it for a minute, as listings' totals are. */
  const known = new LRUCache<string, Promise<number>>({ max: 5_000, ttl: 60_000 });
  function counts(where: SQL): Promise<number> {
    const q = dialect.sqlToQuery(where);
    const key = `${q.sql}\n${JSON.stringify(q.params)}`;
    let n = known.get(key);
    if (!n) {
      n = db
        .select({ n: count() })
        .from(
          db
            .select({ one: sql`1` })
            .from(products)
            .where(where)
            .limit(SEARCH_COUNT_CAP + 1)
            .as("m"),
        )
        .then(([row]) => row?.n ?? 0);
      n.catch(() => known.delete(key));
      known.set(key, n);
    }
    return n;
  }
  /**
   * One page of a keyword search at any catalogue size (issue 51). The matches are counted up to
   * the cap, through the token index, stopping there: 60,000 products with 烏龍茶 were 60,000 rows
   * read per count. A word with fewer matches is paged from the token index (it reads just those);
   * a common one walks the mall in listing order and keeps the matches, as the first 20,000 products
   * hold a page of it many times over, instead of reading and sorting every match.
   */
  async function searchPage(where: SQL, sort: ProductSort, page: number, perPage: number) {
    const order = ORDER[sort] ?? ORDER.newest;
    const n = await counts(where);
    const total = Math.min(n, SEARCH_COUNT_CAP);
    const offset = (page - 1) * perPage;
    const wanted = Math.min(perPage, total - offset);
    if (wanted <= 0) return { list: [] as ProductCard[], total, more: n > total };
    const fromIndex = sql`select "products"."id" from ${products} where ${where} order by ${order} limit ${perPage} offset ${offset}`;
    let ids: number[] = [];
    if (n > SEARCH_COUNT_CAP)
      ids = await idsOf(
        db,
        sql`select "products"."id" from (select ${WALKED} from ${products} where "products"."status" = 'on' order by ${order}
        limit ${WALK_ROWS}) as "products" where ${where} order by ${order} limit ${perPage} offset ${offset}`,
      );
    if (ids.length < wanted) ids = await idsOf(db, fromIndex);
    const rows = ids.length ? await db.select(cardColumns).from(products).where(inArray(products.id, ids)) : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const list = ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [toCard(r as ProductCard)] : [];
    });
    return { list, total, more: n > total };
  }

  return { page: searchPage, forget: () => known.clear() };
}
