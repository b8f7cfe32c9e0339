import type { ListingFilters, ProductCard, ProductSort, SearchPage, Suggestion } from "@shop/contract";
import { and, asc, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema/index.js";
import { createSingleFlight } from "../../lib/single-flight.js";
import { createCloseMatches, tokenArray } from "./close-matches.js";
import type { Listing } from "./listing.js";
import { readingQuery } from "./readings.js";
import { type ParsedQuery, parseQuery } from "./search.js";
import { createSearchPaging } from "./search-paging.js";

/** Matches a suggestion list ranks: all of a shop's, the first of a common word in a huge catalogue. */
const SUGGESTION_CANDIDATES = 1000;

interface ListingParts {
  inShop: (shopId: number) => SQL;
  filtered: (where: SQL, f: ListingFilters) => SQL;
  pagedCards: (q: Listing, sort: ProductSort, page: number, perPage: number) => Promise<{ list: ProductCard[]; total: number }>;
}

/**
 * Keyword search: every term must occur (variants such as 臺/台 folded, see search.ts). When no
 * product has them all, names that sound the same are offered (烏隆 → 烏龍, readings.ts), else close
 * spellings, and the page says so (`approximate`). Exact matches always win: the fallbacks only run
 * when there are none, so an exact search costs nothing more.
 */
export function createProductSearch(db: Db, parts: ListingParts) {
  const { inShop, filtered, pagedCards } = parts;
  const paging = createSearchPaging(db);
  const close = createCloseMatches(db);
  // The same search asked for while it runs joins it (decision 110).
  const flights = createSingleFlight();

  function exactCondition(q: ParsedQuery): SQL | undefined {
    if (q.terms.length === 0) return undefined;
    const conditions: SQL[] = [];
    if (q.tokens.length > 0) conditions.push(sql`${products.searchTokens} @> ${tokenArray(q.tokens)}`);
    for (const term of q.terms) conditions.push(sql`position(${term} in ${products.searchText}) > 0`);
    return and(...conditions);
  }

  /** Names that sound like each Chinese term (its syllables in search_reading), the other terms as text. */
  async function soundAlikeCondition(q: ParsedQuery): Promise<SQL | undefined> {
    const r = await readingQuery(q);
    if (!r) return undefined;
    const tokens = [...r.tokens, ...parseQuery(r.texts.join(" ")).tokens];
    const conditions = [sql`${products.searchTokens} @> ${tokenArray(tokens)}`];
    for (const s of r.sounds) conditions.push(sql`position(${s.reading} in ${products.searchReading}) > 0`);
    for (const t of r.texts) conditions.push(sql`position(${t} in ${products.searchText}) > 0`);
    return and(...conditions);
  }

  return {
    /** Drops the remembered search counts: with the listings', after any catalogue write. */
    forgetSearches: () => {
      paging.forget();
      close.forget();
      flights.forget();
    },

    suggestions(keyword: string, limit: number, shopId: number): Promise<Suggestion[]> {
      return flights.run(JSON.stringify(["suggestions", keyword, limit, shopId]), () => suggest(keyword, limit, shopId));
    },

    search(
      keyword: string,
      shopId: number,
      page: number,
      perPage: number,
      sort: ProductSort,
      filters: ListingFilters = {},
    ): Promise<SearchPage> {
      const key = JSON.stringify(["search", keyword, shopId, page, perPage, sort, filters]);
      return flights.run(key, () => search(keyword, shopId, page, perPage, sort, filters));
    },
  };

  async function suggest(keyword: string, limit: number, shopId: number): Promise<Suggestion[]> {
    const q = parseQuery(keyword);
    const match = exactCondition(q);
    const first = q.terms[0];
    if (!match || !first) return [];
    const columns = {
      id: products.id,
      name: products.name,
      name_en: products.nameEn,
      image: products.image,
      price: products.price,
    };
    // search_text starts with the name: the earlier the term occurs, the better the suggestion.
    // Ranked among the first SUGGESTION_CANDIDATES matches the token index gives: a common word
    // at 1M products has tens of thousands, and ranking all of them took seconds (issue 51).
    const candidates = db
      .select({ ...columns, at: sql<number>`position(${first} in ${products.searchText})`.as("at"), sort: products.sort })
      .from(products)
      .where(and(inShop(shopId), match))
      .limit(SUGGESTION_CANDIDATES)
      .as("c");
    const exact = await db
      .select({
        id: candidates.id,
        name: candidates.name,
        name_en: candidates.name_en,
        image: candidates.image,
        price: candidates.price,
      })
      .from(candidates)
      .orderBy(asc(candidates.at), asc(candidates.sort), asc(candidates.id))
      .limit(limit);
    if (exact.length > 0) return exact;
    const sounds = await soundAlikeCondition(q);
    const alike = sounds
      ? await db
          .select(columns)
          .from(products)
          .where(and(inShop(shopId), sounds))
          .orderBy(asc(products.sort), asc(products.id))
          .limit(limit)
      : [];
    if (alike.length > 0) return alike;
    const ids = (await close.candidates(q, inShop(shopId))).slice(0, limit).map((m) => m.id);
    if (ids.length === 0) return [];
    const rows = await db.select(columns).from(products).where(inArray(products.id, ids));
    return ids.flatMap((id) => rows.find((r) => r.id === id) ?? []);
  }

  async function search(
    keyword: string,
    shopId: number,
    page: number,
    perPage: number,
    sort: ProductSort,
    filters: ListingFilters,
  ): Promise<SearchPage> {
    const q = parseQuery(keyword);
    const match = exactCondition(q);
    const empty = { keyword, list: [], total: 0, page, per_page: perPage, sort, approximate: false, more: false };
    // No keyword at all is /product's 全部商品; a keyword of only symbols matches nothing.
    if (!match && keyword.trim() !== "") return empty;
    const inThisShop = filtered(inShop(shopId), filters);
    if (!match) return { ...empty, ...(await pagedCards({ where: inThisShop }, sort, page, perPage)) };
    const exact = await paging.page(and(inThisShop, match) as SQL, sort, page, perPage, Boolean(filters.in_stock));
    if (exact.total > 0) return { ...empty, ...exact };
    const sounds = await soundAlikeCondition(q);
    const alike = sounds && (await pagedCards({ where: and(inThisShop, sounds) as SQL }, sort, page, perPage));
    if (alike && alike.total > 0) return { ...empty, ...alike, approximate: true };
    const matches = await close.candidates(q, inThisShop);
    if (matches.length === 0) return empty;
    return { ...empty, ...(await close.page(matches, sort, page, perPage)), approximate: true };
  }
}
