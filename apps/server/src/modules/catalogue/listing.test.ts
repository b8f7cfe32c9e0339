import { type ListingFilters, MAIN_SHOP_ID, type ProductSort } from "@shop/contract";
import { inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { products } from "../../db/schema/index.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

// Pages start from the bookmark the page before left (listing.ts). Whatever order shoppers visit
// pages in, each page must hold exactly what plain offset paging gives, ties included.

let t: TestApp;
let added: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  // Ties on every key: one statement gives them one created_at, and mostly the same price and sort.
  const rows = await t.database.db
    .insert(products)
    .values(
      Array.from({ length: 9 }, (_, i) => ({
        categoryId: i % 2 === 0 ? 2 : 3,
        name: `書籤測試 ${i}`,
        listPrice: 500,
        price: i % 4 === 0 ? 250 : 450,
        tags: i % 3 === 0 ? ["hot"] : [],
      })),
    )
    .returning({ id: products.id });
  added = rows.map((r) => r.id);
  t.services.catalogue.forgetListings();
});
afterAll(async () => {
  await t.database.db.delete(products).where(inArray(products.id, added));
  await t.close();
});

const SORTS: ProductSort[] = ["newest", "price_asc", "price_desc", "hot"];

describe("numbered pages read from bookmarks", () => {
  test("any order of page visits gives the pages offset paging gives", async () => {
    const catalogue = t.services.catalogue;
    const FILTERS: ListingFilters[] = [{}, { min_price: 300 }, { min_price: 300, in_stock: true }];
    const pageOf = async (category: number, sort: ProductSort, perPage: number, page: number, filter = 0) =>
      (await catalogue.categoryPage(category, MAIN_SHOP_ID, page, perPage, sort, FILTERS[filter])).list.map((p) => p.id);

    // What each page holds with nothing remembered: offset paging from the start.
    const reference = new Map<string, number[]>();
    for (const category of [1, 2])
      for (const sort of SORTS)
        for (const perPage of [2, 3])
          for (const filter of [0, 1, 2])
            for (let page = 1; page <= 14; page++) {
              catalogue.forgetListings();
              reference.set(
                `${category}/${sort}/${perPage}/${filter}/${page}`,
                await pageOf(category, sort, perPage, page, filter),
              );
            }
    // A top category has 25 products here: 13 pages of 2 and one empty page after them.
    expect(reference.get("1/newest/2/0/13")?.length).toBe(1);
    expect(reference.get("1/newest/2/0/14")).toEqual([]);
    // The filter leaves out the cheap and the sold-out: fewer, and a different set.
    const totals = [];
    for (const f of FILTERS) totals.push((await catalogue.categoryPage(1, MAIN_SHOP_ID, 1, 2, "newest", f)).total);
    expect(totals[0]).toBeGreaterThan(totals[1] ?? 0);
    expect(totals[1]).toBeGreaterThan(totals[2] ?? 0);
    expect(totals[2]).toBeGreaterThan(4);

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(1, 2),
        fc.constantFrom(...SORTS),
        fc.constantFrom(2, 3),
        // Visits switch between the plain listing and filtered ones, each with its own bookmarks.
        fc.array(fc.tuple(fc.integer({ min: 1, max: 14 }), fc.constantFrom(0, 1, 2)), { minLength: 1, maxLength: 24 }),
        async (category, sort, perPage, visits) => {
          catalogue.forgetListings();
          for (const [page, filter] of visits) {
            const expected = reference.get(`${category}/${sort}/${perPage}/${filter}/${page}`);
            expect(await pageOf(category, sort, perPage, page, filter)).toEqual(expected);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  test("a catalogue write drops the bookmarks: the next pages see the change", async () => {
    const catalogue = t.services.catalogue;
    const ids = async (page: number) =>
      (await catalogue.categoryPage(2, MAIN_SHOP_ID, page, 2, "price_asc")).list.map((p) => p.id);
    catalogue.forgetListings();
    const before = [await ids(1), await ids(2), await ids(3)];
    const [cheap] = await t.database.db
      .insert(products)
      .values({ categoryId: 2, name: "書籤測試 便宜", listPrice: 10, price: 1 })
      .returning({ id: products.id });
    if (cheap) added.push(cheap.id);
    catalogue.forgetListings();
    const after = [await ids(1), await ids(2), await ids(3)];
    // Everything moves one place on: the new product first, each page's last product onto the next.
    expect(after[0]).toEqual([cheap?.id, before[0]?.[0]]);
    expect(after[1]).toEqual([before[0]?.[1], before[1]?.[0]]);
    expect(after[2]).toEqual([before[1]?.[1], before[2]?.[0]]);
  });
});
