import type { ProductCard } from "@shop/contract";
import { and, type SQL, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Db } from "../../db/client.js";
import { products, type SHELF_TAGS } from "../../db/schema/index.js";
import { createSingleFlight } from "../../lib/single-flight.js";
import { cardColumns, toCard } from "./listing.js";

type ShelfTag = (typeof SHELF_TAGS)[number];

/** One product of a sub-mall's shelf, with what its home page picks and orders by. */
interface ShelfEntry {
  id: number;
  categoryId: number | null;
  sort: number;
  hot: boolean;
  recommended: boolean;
  new: boolean;
}

/** A sub-mall's products on shelf in the two orders its home page reads. */
interface Shelf {
  /** 推薦, 熱銷, 新品: by sort, then newest id (the main mall's shelf indexes' order). */
  bySort: ShelfEntry[];
  /** A category section's 熱銷 order: hot first, then by sort, then id (the listing's `hot`). */
  byHot: ShelfEntry[];
  /** Each asked-for set of sections' picks, made once per shelf (a 20,000-product shop's home
   * walked its whole shelf per request for its rarer categories). */
  picked: Map<string, number[][]>;
}

/** A selection larger than this is read by the listing statements instead (memory, and a minute's rebuild). */
const LARGEST_SHELF = 50_000;
/** Entries kept over all shelves (~60 bytes each: ~30 MB at most). */
const ENTRIES_IN_ALL = 500_000;
/** Sets of sections remembered per shelf (a home's, and 熱銷/推薦/新品 at the few limits asked). */
const PICKS_PER_SHELF = 16;
/** How long a shelf is reused when nothing is written: the listings' count lifetime. */
const SHELF_TTL_MS = 60_000;

/** Which section a pick feeds: a shelf tag, or a top category (its id). */
export type SectionKey = ShelfTag | number;

/**
 * A sub-mall home (issue 51): 新品, 熱銷, 推薦 and four of each top category took 21 statements, each
 * finding a few of the shop's products among 1M (~19 ms of database time at 1M). Which products a
 * shop's sections show changes only with a catalogue write, so each shop's shelf (its on-shelf ids,
 * categories, sort and tags: one statement) is kept until the next write or a minute, and a home
 * reads its cards (prices, stock, ratings) live in one statement by id. Forgotten by the same switch
 * as the listings' counts and bookmarks, across instances.
 */
export function createSubMallShelves(
  db: Db,
  reach: { inSubMall: (shop: unknown) => SQL; walkingSubMall: (shop: unknown) => SQL },
  options: { largestShelf?: number } = {},
) {
  const { inSubMall, walkingSubMall } = reach;
  const largest = options.largestShelf ?? LARGEST_SHELF;
  const shelves = new LRUCache<number, Shelf | "large">({
    maxSize: ENTRIES_IN_ALL,
    sizeCalculation: (s) => (s === "large" ? 1 : Math.max(1, s.bySort.length)),
    ttl: SHELF_TTL_MS,
  });
  // Prepared once: building the statement for ~90 ids cost more than PostgreSQL's reading them. The
  // shop is tested per card (the walking form): a plan made once for any shop merged the ids with
  // the whole selection instead (20,000 entries for the largest).
  const cardsStatement = db
    .select(cardColumns)
    .from(products)
    .where(and(sql`${products.id} = any(${sql.placeholder("ids")}::int[])`, walkingSubMall(sql.placeholder("shopId"))))
    .prepare("catalogue_sub_mall_cards");
  const building = new Map<number, Promise<Shelf | "large">>();
  let generation = 0;

  const reads = createSingleFlight();

  async function read(shopId: number): Promise<Shelf | "large"> {
    const rows = await db
      .select({
        id: products.id,
        categoryId: products.categoryId,
        sort: products.sort,
        hot: sql<boolean>`'hot' = any(${products.tags})`,
        recommended: sql<boolean>`'recommended' = any(${products.tags})`,
        new: sql<boolean>`'new' = any(${products.tags})`,
      })
      .from(products)
      .where(inSubMall(shopId))
      .limit(largest + 1);
    if (rows.length > largest) return "large";
    const bySort = [...rows].sort((a, b) => a.sort - b.sort || b.id - a.id);
    const byHot = [...rows].sort((a, b) => Number(b.hot) - Number(a.hot) || a.sort - b.sort || a.id - b.id);
    return { bySort, byHot, picked: new Map() };
  }

  function shelfOf(shopId: number): Promise<Shelf | "large"> {
    const known = shelves.get(shopId);
    if (known) return Promise.resolve(known);
    const pending = building.get(shopId);
    if (pending) return pending;
    const begun = generation;
    const made = read(shopId)
      .then((shelf) => {
        if (begun === generation) shelves.set(shopId, shelf);
        return shelf;
      })
      .finally(() => {
        if (building.get(shopId) === made) building.delete(shopId);
      });
    building.set(shopId, made);
    return made;
  }

  /**
   * Cards by id, read live (on shelf and still in the shop), in the order asked; the same cards
   * asked for while they are being read join that read (decision 110).
   */
  async function cardsByIds(shopId: number, ids: number[]): Promise<Map<number, ProductCard>> {
    if (ids.length === 0) return new Map();
    return reads.run(`${shopId}:${ids.join(",")}`, async () => {
      const rows = await cardsStatement.execute({ ids, shopId });
      return new Map(rows.map((r) => [r.id, toCard(r)]));
    });
  }

  return {
    /**
     * The first `limit` cards of each section asked for (a tag, or a top category with its
     * children's ids), in one statement; undefined when the shop's selection is too large for a
     * shelf (the caller reads the listings instead).
     */
    async sections(
      shopId: number,
      asked: Array<{ key: SectionKey; limit: number; categoryIds?: number[] }>,
    ): Promise<Map<SectionKey, ProductCard[]> | undefined> {
      const shelf = await shelfOf(shopId);
      if (shelf === "large") return undefined;
      const askedKey = JSON.stringify(asked);
      const picks =
        shelf.picked.get(askedKey) ??
        asked.map((s) => {
          if (typeof s.key === "number") {
            const inside = new Set(s.categoryIds ?? [s.key]);
            return pick(shelf.byHot, s.limit, (e) => e.categoryId !== null && inside.has(e.categoryId));
          }
          const tag = s.key;
          return pick(shelf.bySort, s.limit, (e) => e[tag]);
        });
      if (shelf.picked.size < PICKS_PER_SHELF) shelf.picked.set(askedKey, picks);
      const cards = await cardsByIds(shopId, [...new Set(picks.flat())]);
      return new Map(
        asked.map((s, i) => [s.key, (picks[i] ?? []).flatMap((id) => cards.get(id) ?? [])] as [SectionKey, ProductCard[]]),
      );
    },
    forget() {
      generation++;
      shelves.clear();
      reads.forget();
    },
  };
}

/** The first `limit` ids of `entries` that `keep` keeps. */
function pick(entries: ShelfEntry[], limit: number, keep: (e: ShelfEntry) => boolean): number[] {
  const ids: number[] = [];
  for (const e of entries) {
    if (ids.length >= limit) break;
    if (keep(e)) ids.push(e.id);
  }
  return ids;
}
