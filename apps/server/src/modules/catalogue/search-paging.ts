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
  const keyOf = (where: SQL) => {
    const q = dialect.sqlToQuery(where);
    return `${q.sql}\n${JSON.stringify(q.params)}`;
  };
  const countNow = (where: SQL) =>
    db
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
  /** `key`: the search's keyOf(where), made once per page (drizzle's rendering is the dear part). */
  function counts(where: SQL, key: string): Promise<number> {
    let n = known.get(key);
    if (!n) {
      n = countNow(where);
      n.catch(() => known.delete(key));
      known.set(key, n);
    }
    return n;
  }
  /**
   * A search's matches in one order, as far as its pages go (the cap), kept for a minute or until
   * the next catalogue write, as its count is (decision 110): only which products match is kept —
   * each page reads its cards live, and only those still matching. A word with fewer matches
   * than the cap reads them all from the token index; a common one walks the mall in listing order
   * and keeps the matches, as the first 20,000 products hold a page of it many times over, instead
   * of reading and sorting every match (`complete` false: pages past what the walk found are read
   * from the index).
   */
  const lists = new LRUCache<string, Promise<{ ids: number[]; complete: boolean }>>({ max: 2_000, ttl: 60_000 });
  /** The first `upTo` matches in order; `complete` false when a common word's walk ran out first. */
  function read(where: SQL, order: SQL, n: number, upTo: number) {
    const walk = sql`select "products"."id" from (select ${WALKED} from ${products} where "products"."status" = 'on'
      order by ${order} limit ${WALK_ROWS}) as "products" where ${where} order by ${order} limit ${upTo}`;
    const fromIndex = sql`select "products"."id" from ${products} where ${where} order by ${order} limit ${upTo}`;
    return n > SEARCH_COUNT_CAP
      ? idsOf(db, walk).then((ids) => ({ ids, complete: ids.length >= upTo }))
      : idsOf(db, fromIndex).then((ids) => ({ ids, complete: true }));
  }
  function matches(where: SQL, whereKey: string, sort: ProductSort, n: number) {
    const key = `${whereKey}\n${sort}`;
    let list = lists.get(key);
    if (!list) {
      list = read(where, ORDER[sort] ?? ORDER.newest, n, SEARCH_COUNT_CAP);
      list.catch(() => lists.delete(key));
      lists.set(key, list);
    }
    return list;
  }

  /**
   * One page of a keyword search at any catalogue size (issue 51): matches counted up to the cap.
   * `live`: the condition depends on stock (只看有現貨), which changes without a catalogue write, so
   * its count and matches are read for this page, not kept.
   */
  async function searchPage(where: SQL, sort: ProductSort, page: number, perPage: number, live = false) {
    const order = ORDER[sort] ?? ORDER.newest;
    const whereKey = live ? "" : keyOf(where);
    const n = live ? await countNow(where) : await counts(where, whereKey);
    const total = Math.min(n, SEARCH_COUNT_CAP);
    const offset = (page - 1) * perPage;
    const wanted = Math.min(perPage, total - offset);
    if (wanted <= 0) return { list: [] as ProductCard[], total, more: n > total };
    const found = live ? await read(where, order, n, offset + perPage) : await matches(where, whereKey, sort, n);
    let ids = found.ids.slice(offset, offset + perPage);
    if (ids.length < wanted && !found.complete)
      ids = await idsOf(
        db,
        sql`select "products"."id" from ${products} where ${where} order by ${order} limit ${perPage} offset ${offset}`,
      );
    // The page's rows by primary key first (`offset 0` keeps the planner from answering the
    // search's condition through the token index: 100 ms for a common word), then kept only
    // while they still match — a kept list may be older than a write this instance hasn't heard of.
    // (The fence is a placeholder: drizzle leaves out a literal `offset 0`; any OFFSET keeps
    // PostgreSQL from merging the subquery.)
    const byKey = db.select().from(products).where(inArray(products.id, ids)).offset(sql.placeholder("fence")).as("products");
    const rows = ids.length ? await db.select(cardColumns).from(byKey).where(where).execute({ fence: 0 }) : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const list = ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [toCard(r as ProductCard)] : [];
    });
    return { list, total, more: n > total };
  }

  return {
    page: searchPage,
    forget: () => {
      known.clear();
      lists.clear();
    },
  };
}
