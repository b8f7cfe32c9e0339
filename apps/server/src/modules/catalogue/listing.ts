import type { ProductCard, ProductSort } from "@shop/contract";
import { asc, count, inArray, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { LRUCache } from "lru-cache";
import type { Db } from "../../db/client.js";
import { categories, products, variants } from "../../db/schema/index.js";
import { sha256 } from "../../lib/crypto.js";
import { createSingleFlight } from "../../lib/single-flight.js";
import { after, boundaryPass, keysFor, orderFor, pageIds } from "./listing-order.js";

// Columns are written table-qualified: drizzle prints a lone table's columns bare, and a bare "id"
// inside this subquery would be the variant's own id (cards once said sold-out products were in stock).
export const inStock = sql<boolean>`exists (select 1 from ${variants} v where v.product_id = ${products}.id and v.stock > 0)`;

export const cardColumns = {
  id: products.id,
  name: products.name,
  // The English name (decision 109): "" when staff gave none; the storefront then shows `name`.
  name_en: products.nameEn,
  image: products.image,
  price: products.price,
  list_price: products.listPrice,
  tags: products.tags,
  point_percent: products.pointPercent,
  in_stock: inStock,
  // Approved reviews (decision 98): the count and the average to one decimal (0 when none).
  rating_count: products.ratingCount,
  rating: sql<number>`(case when ${products.ratingCount} > 0 then round(${products.ratingSum}::numeric / ${products.ratingCount}, 1) else 0 end)::float8`,
};

export const toCard = (r: ProductCard): ProductCard => ({ ...r, in_stock: Boolean(r.in_stock), rating: Number(r.rating) });

export type CategoryRow = typeof categories.$inferSelect;

/** Bookmarks kept per listing: a crawler walking 10,000 pages of one does not make each page copy 10,000. */
const BOOKMARKS_PER_LISTING = 500;

/** Page boundaries kept in all (a boundary is the 2–3 sort keys of one entry, ~150 bytes): ~15 MB. */
const BOUNDARIES_IN_ALL = 100_000;
/** At most this many per listing: a longer listing keeps every 2nd, 3rd… page's (a 1M-entry listing of 20s, every page's). */
const BOUNDARIES_PER_LISTING = 50_000;
/** A page this many pages past its nearest bookmark is read from the listing's boundaries, made once if need be. */
const SKIP_BEFORE_BOUNDARIES = 2;

/** A listing's page boundaries: the keys (flat, `width` a boundary) after every `step`th page. */
interface Boundaries {
  step: number;
  width: number;
  keys: string[];
}

/** How long a listing's count is reused: the response cache's lifetime, so 只看有現貨 is as fresh as a cached page. */
const COUNT_TTL_MS = 60_000;

/**
 * Listing pages that read what they return. A page is one statement: its ids by the listing index
 * and their cards, in order. The total is counted once per set of conditions and reused by every
 * sort and page of it until the catalogue changes (`forget`, called by the same switch that drops
 * the response caches, across instances through Redis) or a minute passes; a first page shorter
 * than a page needs no count at all. The category tree is read once the same way.
 *
 * Pages keep numbers (the spec's `page`), but each full page leaves a bookmark for the next: the
 * keys of its last row. Page N starts from the nearest bookmark at or below it and skips only the
 * pages in between, so a shopper paging on, or many shoppers on the same pages, read about one page
 * of index entries instead of every entry before it (decision 61). Before this a category page ran
 * six statements and read ~20,000 rows; docs/performance.md has the plans.
 */
export function createListing(db: Db, options: { boundariesPerListing?: number } = {}) {
  const perListing = options.boundariesPerListing ?? BOUNDARIES_PER_LISTING;
  const dialect = new PgDialect();
  const counts = new LRUCache<string, number>({ max: 10_000, ttl: COUNT_TTL_MS });
  /**
   * Per listing (conditions, sort, page size): page number → the keys its first row comes after.
   * Bounded by bookmarks, not listings (a crawler's walk of one deep listing leaves hundreds).
   */
  const bookmarks = new LRUCache<string, Map<number, string[]>>({
    maxSize: 50_000,
    sizeCalculation: (marks) => marks.size + 1,
    ttl: COUNT_TTL_MS,
  });
  /** Statements of named forms, built once: no query building per request (the forms are few). */
  const prepared = new Map<string, Executable>();
  /** Counts under way, by listing: requests that miss the same total wait for one count. */
  const counting = new Map<string, Promise<number>>();
  let tree: Promise<CategoryRow[]> | undefined;
  /** Bumped by forget(): a count or bookmark begun before a write is not remembered after it. */
  let generation = 0;

  /** Runs a statement: prepared once per form when the listing has one, built each time otherwise. */
  async function run<T>(form: string | undefined, build: () => Statement, values: Record<string, unknown>): Promise<T> {
    if (form === undefined) return (await build().execute(values)) as T;
    let statement = prepared.get(form);
    if (!statement) {
      statement = build().prepare(`catalogue_listing_${prepared.size + 1}`);
      prepared.set(form, statement);
    }
    return (await statement.execute(values)) as T;
  }

  /**
   * A listing's total. Requests that miss it together share one count: when a remembered total
   * expired under load, 32 page renders each counted a 10,000-product category (~750 rows read per
   * request over the bench's run instead of ~20).
   */
  function total(q: Listing, key: string): Promise<number> {
    const known = counts.get(key);
    if (known !== undefined) return Promise.resolve(known);
    const pending = counting.get(key);
    if (pending) return pending;
    const begun = generation;
    const form = q.form && `count|${q.form}`;
    const counted = run<Array<{ n: number }>>(form, () => db.select({ n: count() }).from(products).where(q.where), q.values ?? {})
      .then(([row]) => {
        const n = row?.n ?? 0;
        if (begun === generation) counts.set(key, n);
        return n;
      })
      .finally(() => {
        if (counting.get(key) === counted) counting.delete(key);
      });
    counting.set(key, counted);
    return counted;
  }

  const boundaries = createBoundaries(db, perListing, total, run, () => generation);
  const pages = createSingleFlight();

  /**
   * Where page `page` is read from: the nearest bookmark, or when that is pages away, the boundary
   * at or below the page (boundary j ends page (j + 1) × step).
   */
  async function startOf(q: Listing, whereKey: string, listingKey: string, sort: ProductSort, page: number, perPage: number) {
    const mark = nearest(bookmarks.get(listingKey), page);
    if (page - mark.from < SKIP_BEFORE_BOUNDARIES) return mark;
    const b = await boundaries.of(q, whereKey, listingKey, sort, perPage);
    const j = Math.min(Math.floor((page - 1) / b.step), b.keys.length / b.width) - 1;
    const from = (j + 1) * b.step + 1;
    if (j < 0 || from <= mark.from) return mark;
    return { from, keys: b.keys.slice(j * b.width, (j + 1) * b.width) };
  }

  return {
    /** Drops the remembered counts, bookmarks and category tree: call after any catalogue write. */
    forget() {
      generation++;
      counts.clear();
      counting.clear(); // a count begun before the write is not joined after it
      bookmarks.clear();
      boundaries.clear();
      pages.forget();
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
     * One page of cards of a listing and its total; uncounted (`counted` false): the cards so far.
     * The same page asked for while it is being read joins that read (decision 110).
     */
    pagedCards(q: Listing, sort: ProductSort, page: number, perPage: number, counted = true) {
      const whereKey = q.form ? `${q.form}\n${JSON.stringify(q.values)}` : compiled(dialect, q.where);
      const listingKey = `${whereKey}\n${sort}\n${perPage}`;
      return pages.run(`${listingKey}\n${page}\n${counted}`, () =>
        readPage(q, whereKey, listingKey, sort, page, perPage, counted),
      );
    },
  };

  async function readPage(
    q: Listing,
    whereKey: string,
    listingKey: string,
    sort: ProductSort,
    page: number,
    perPage: number,
    counted: boolean,
  ) {
    const begun = generation;
    const keys = keysFor(sort);
    const { from, keys: bookmark } = await startOf(q, whereKey, listingKey, sort, page, perPage);
    const build = () => pageStatement(db, q, keys, bookmark !== undefined);
    const offset = (page - from) * perPage;
    const values: Record<string, unknown> = { ...q.values, offset, perPage, branchLimit: offset + perPage };
    bookmark?.forEach((v, i) => {
      values[`b${i}`] = v;
    });
    const form = q.form && `${q.form}|${sort}|${bookmark ? "after" : "start"}`;
    const rows = await run<Array<ProductCard & { keys: string[] }>>(form, build, values);
    const last = rows.at(-1);
    const marks = bookmarks.get(listingKey);
    const room = (marks?.size ?? 0) < BOOKMARKS_PER_LISTING;
    if (rows.length === perPage && last && begun === generation && room && !marks?.has(page + 1)) {
      // A new map, not the old one grown: the cache sizes an entry only when it changes. The
      // listing's 60 s run from its first bookmark, not its latest.
      bookmarks.set(listingKey, new Map(marks).set(page + 1, last.keys), { noUpdateTTL: true });
    }
    const list = rows.map(({ keys: _, ...card }) => toCard(card));
    // A short page is the last one: what came before it and what it holds is the total.
    const before = (page - 1) * perPage;
    if (!counted) return { list, total: before + list.length };
    const n = list.length > 0 && list.length < perPage ? before + list.length : await total(q, whereKey);
    return { list, total: n };
  }
}

/** A page of a listing's cards: from its start, or after a bookmark's keys (placeholders b0, b1…). */
function pageStatement(db: Db, q: Listing, keys: ReturnType<typeof keysFor>, seekAfter: boolean) {
  const branches = q.categories ?? 0;
  const seek = seekAfter ? after(keys) : [undefined];
  const inCategory =
    branches > 1
      ? Array.from({ length: branches }, (_, i) => sql`${products.categoryId} = ${sql.placeholder(`c${i}`)}`)
      : [undefined];
  const conditions = inCategory.flatMap((c) =>
    seek.map((s) => (c && s ? sql`${c} and ${s}` : (c ?? s))).filter((x): x is SQL => x !== undefined),
  );
  return db
    .select({
      ...cardColumns,
      keys: sql<string[]>`array[${sql.join(
        keys.map((k) => sql`(${k.expr})::text`),
        sql`, `,
      )}]`,
    })
    .from(products)
    .where(inArray(products.id, pageIds(q.where, conditions, keys)))
    .orderBy(...orderFor(keys));
}

/** The nearest bookmark at or below `page`: the page it starts and the keys it comes after. */
function nearest(marks: Map<number, string[]> | undefined, page: number): { from: number; keys?: string[] } {
  let best: { from: number; keys?: string[] } = { from: 1 };
  for (const [p, keys] of marks ?? []) if (p <= page && p > best.from) best = { from: p, keys };
  return best;
}

type Run = <T>(form: string | undefined, build: () => Statement, values: Record<string, unknown>) => Promise<T>;

/**
 * The listings' page boundaries (decision 101), made in one pass when a page far from any bookmark
 * is asked for, so any page after is one seek. Kept and dropped like bookmarks.
 */
function createBoundaries(
  db: Db,
  perListing: number,
  total: (q: Listing, key: string) => Promise<number>,
  run: Run,
  generation: () => number,
) {
  /**
   * Per listing: its page boundaries, made in one pass when a page far from any bookmark is asked
   * for, so any page after is one seek (decision 101). Kept and dropped like bookmarks.
   */
  const boundaries = new LRUCache<string, Boundaries>({
    maxSize: BOUNDARIES_IN_ALL,
    sizeCalculation: (b) => b.keys.length / b.width + 1,
    ttl: COUNT_TTL_MS,
  });
  /** Passes under way, by listing: requests that miss the same boundaries wait for one pass. */
  const passing = new Map<string, Promise<Boundaries>>();
  /** A listing's page boundaries: remembered, joined while under way, or made by one pass. */
  function of(q: Listing, whereKey: string, listingKey: string, sort: ProductSort, perPage: number) {
    const known = boundaries.get(listingKey);
    if (known) return Promise.resolve(known);
    const pending = passing.get(listingKey);
    if (pending) return pending;
    const begun = generation();
    const keys = keysFor(sort);
    const made = total(q, whereKey)
      .then(async (n) => {
        const step = Math.max(1, Math.ceil(n / perPage / perListing));
        const form = q.form && `pass|${q.form}|${sort}`;
        const build = () =>
          db.select({ keys: sql<string[]>`keys` }).from(sql`(${boundaryPass(q.where, q.categories ?? 0, keys)}) b`);
        const rows = await run<Array<{ keys: string[] }>>(form, build, { ...q.values, stride: step * perPage });
        const made: Boundaries = { step, width: keys.length, keys: rows.flatMap((r) => r.keys) };
        if (begun === generation()) boundaries.set(listingKey, made);
        return made;
      })
      .finally(() => {
        if (passing.get(listingKey) === made) passing.delete(listingKey);
      });
    passing.set(listingKey, made);
    return made;
  }

  return {
    of,
    clear() {
      boundaries.clear();
      passing.clear();
    },
  };
}

interface Executable {
  execute(values: Record<string, unknown>): Promise<unknown>;
}
/** A drizzle query with placeholders: run as it is, or prepared by name. */
interface Statement extends Executable {
  prepare(name: string): Executable;
}

/** A listing's conditions and how its statements are reused. */
export interface Listing {
  /** The conditions; with a form, values are `sql.placeholder`s filled from `values`. */
  where: SQL;
  /**
   * Names the statement's shape: listings of one form share prepared statements, so the same form
   * must always give the same `where` text. Without one the statement is built each time.
   */
  form?: string;
  values?: Record<string, unknown>;
  /** When the conditions span several categories: how many, as placeholders c0, c1… in `values`. */
  categories?: number;
}

/** A built listing's key: hashed, as a search's close matches carry up to 2,000 ids. */
function compiled(dialect: PgDialect, where: SQL): string {
  const q = dialect.sqlToQuery(where);
  return sha256(`${q.sql}\n${JSON.stringify(q.params)}`);
}
