import type { ProductCard, ProductSort } from "@shop/contract";
import { and, inArray, or, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { LRUCache } from "lru-cache";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema/index.js";
import { cardColumns, toCard } from "./listing.js";
import { approximateDistance, approximateSets, type ParsedQuery } from "./search.js";

/** Candidates read for typo matching: enough for a shop's catalogue, bounded for a huge one. */
const APPROXIMATE_CANDIDATES = 2000;

/** A product within a search's typo budget, with what its listing orders sort by. */
interface CloseMatch {
  id: number;
  distance: number;
  createdAt: number;
  price: number;
  hot: boolean;
  sort: number;
}

/** Tokens as a text[] literal the GIN index answers `@>` for. */
export const tokenArray = (tokens: string[]) =>
  sql`array[${sql.join(
    tokens.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`;

/** Each listing order over close matches, as the listing indexes keep it (ties by id). */
const ORDER: Record<ProductSort, (a: CloseMatch, b: CloseMatch) => number> = {
  newest: (a, b) => b.createdAt - a.createdAt || b.id - a.id,
  price_asc: (a, b) => a.price - b.price || a.id - b.id,
  price_desc: (a, b) => b.price - a.price || b.id - a.id,
  hot: (a, b) => Number(b.hot) - Number(a.hot) || a.sort - b.sort || a.id - b.id,
};

/**
 * Close spellings (search.ts's typo budget): the candidates the token index gives, at most 2,000,
 * their distances and sort keys read once and kept a minute per search (dropped with the listings).
 * A common word's typo (烏龍荼) has 50,000 candidates at 1M products; sorting them in the database,
 * then paging them as a 2,000-id listing, made each such search ~110 ms of the machine's time (18
 * a second on two cores). A page is now sorted here and only its 20 cards are read.
 */
export function createCloseMatches(db: Db) {
  const dialect = new PgDialect();
  const known = new LRUCache<string, Promise<CloseMatch[]>>({ max: 2_000, ttl: 60_000 });

  async function read(q: ParsedQuery, where: SQL): Promise<CloseMatch[]> {
    const sets = approximateSets(q);
    if (sets.length === 0) return [];
    const each = sets.map((alternatives) =>
      or(...alternatives.map((set) => sql`${products.searchTokens} @> ${tokenArray(set)}`)),
    );
    // The first candidates the index gives, unsorted: sorting them first read every candidate.
    const rows = await db
      .select({
        id: products.id,
        text: products.searchText,
        createdAt: products.createdAt,
        price: products.price,
        hot: sql<boolean>`'hot' = any(${products.tags})`,
        sort: products.sort,
      })
      .from(products)
      .where(and(where, ...each))
      .limit(APPROXIMATE_CANDIDATES);
    return rows.flatMap((r) => {
      const distance = approximateDistance(q, r.text);
      if (distance === undefined) return [];
      return [
        { id: r.id, distance, createdAt: new Date(r.createdAt).getTime(), price: r.price, hot: Boolean(r.hot), sort: r.sort },
      ];
    });
  }

  return {
    /** Products within each term's typo budget (`where` holds shop and filters), nearest first. */
    candidates(q: ParsedQuery, where: SQL): Promise<CloseMatch[]> {
      const query = dialect.sqlToQuery(where);
      const key = `${q.terms.join(" ")}\n${query.sql}\n${JSON.stringify(query.params)}`;
      const remembered = known.get(key);
      if (remembered) return remembered;
      const made = read(q, where).then((all) => all.sort((a, b) => a.distance - b.distance || a.id - b.id));
      known.set(key, made);
      made.catch(() => known.delete(key));
      return made;
    },
    /** One page of close matches in a listing order, and how many there are. */
    async page(matches: CloseMatch[], sort: ProductSort, page: number, perPage: number) {
      const ids = [...matches]
        .sort(ORDER[sort] ?? ORDER.newest)
        .slice((page - 1) * perPage, page * perPage)
        .map((m) => m.id);
      const rows = ids.length ? await db.select(cardColumns).from(products).where(inArray(products.id, ids)) : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      const list = ids.flatMap((id) => {
        const r = byId.get(id);
        return r ? [toCard(r as ProductCard)] : [];
      });
      return { list, total: matches.length };
    },
    forget: () => known.clear(),
  };
}
