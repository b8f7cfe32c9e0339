import { type ListingFilters, MAIN_SHOP_ID, type ProductSort } from "@shop/contract";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { categories, products } from "../../db/schema/index.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { createListing, inStock } from "./listing.js";
import { keysFor, orderFor } from "./listing-order.js";

// A page far from any bookmark is read from the listing's page boundaries (decision 101): one pass
// numbers the listing, then any page is a seek from its boundary. Every page must hold exactly what a
// plain `limit … offset …` gives, for every sort, ties included, whatever order pages are asked in.

let t: TestApp;
const added: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  // 130 products in two child categories, in four statements (ties on created_at), few prices (ties on
  // price), every fifth one 熱銷, every seventh one off the shelf.
  for (let batch = 0; batch < 4; batch++) {
    const rows = await t.database.db
      .insert(products)
      .values(
        Array.from({ length: 33 }, (_, i) => ({
          categoryId: (batch + i) % 2 === 0 ? 2 : 3,
          name: `分頁邊界 ${batch}-${i}`,
          listPrice: 900,
          price: [120, 300, 300, 450, 800][i % 5] ?? 300,
          tags: i % 5 === 0 ? ["hot"] : [],
          sort: i % 3,
          status: i % 7 === 0 ? ("off" as const) : ("on" as const),
        })),
      )
      .returning({ id: products.id });
    added.push(...rows.map((r) => r.id));
  }
  t.services.catalogue.forgetListings();
});
afterAll(async () => {
  await t.database.db.delete(products).where(inArray(products.id, added));
  await t.close();
});

const SORTS: ProductSort[] = ["newest", "price_asc", "price_desc", "hot"];
const FILTERS: ListingFilters[] = [{}, { min_price: 300 }, { in_stock: true }];

/** What plain offset paging gives: the listing's conditions, its order, `limit … offset …`. */
async function offsetPage(
  categories: number[],
  sort: ProductSort,
  filter: ListingFilters,
  page: number,
  perPage: number,
  extra?: SQL,
) {
  const where = and(
    eq(products.status, "on"),
    inArray(products.categoryId, categories),
    filter.min_price !== undefined ? sql`${products.price} >= ${filter.min_price}` : undefined,
    filter.in_stock ? inStock : undefined,
    extra,
  );
  const rows = await t.database.db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...orderFor(keysFor(sort)))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return rows.map((r) => r.id);
}

describe("any page is one seek from the listing's boundaries", () => {
  test("category pages (a child and a top category, filters) equal offset paging in any visit order", async () => {
    const catalogue = t.services.catalogue;
    const children = (await t.database.db.select({ id: categories.id }).from(categories).where(eq(categories.parentId, 1))).map(
      (c) => c.id,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(1, 2),
        fc.constantFrom(...SORTS),
        fc.constantFrom(3, 7),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 60 }), fc.constantFrom(0, 1, 2)), { minLength: 1, maxLength: 12 }),
        async (category, sort, perPage, visits) => {
          catalogue.forgetListings();
          const ids = category === 1 ? [1, ...children] : [2];
          for (const [page, f] of visits) {
            const filter = FILTERS[f] ?? {};
            const got = await catalogue.categoryPage(category, MAIN_SHOP_ID, page, perPage, sort, filter);
            expect(got.list.map((p) => p.id)).toEqual(await offsetPage(ids, sort, filter, page, perPage));
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  test("a long listing keeps every step-th page's boundary and still gives offset paging's pages", async () => {
    // At most 4 boundaries a listing: 40-odd to 90-odd entries of 3 make 14–30 pages, so a boundary every 4th to 8th page.
    const listing = createListing(t.database.db, { boundariesPerListing: 4 });
    // The sub-mall form's shape: the category index filtered by a condition it does not hold.
    const selection = sql`${products.id} % 3 <> 1`;
    for (const sort of SORTS)
      for (const categories of [[2], [2, 3]]) {
        listing.forget();
        const where = and(eq(products.status, "on"), inArray(products.categoryId, categories), selection) as SQL;
        const q = {
          where,
          categories: categories.length > 1 ? categories.length : undefined,
          values: {} as Record<string, unknown>,
        };
        categories.forEach((c, i) => {
          q.values[`c${i}`] = c;
        });
        const last = Math.ceil((await offsetPage(categories, sort, {}, 1, 10_000, selection)).length / 3);
        expect(last).toBeGreaterThan(10);
        // Deep pages first (each a seek from a boundary), then every page in order, then past the end.
        for (const page of [last, 40, 13, 12, 25, ...Array.from({ length: last + 2 }, (_, i) => i + 1)]) {
          const got = await listing.pagedCards(q, sort, page, 3);
          expect(
            got.list.map((p) => p.id),
            `${sort} ${categories} page ${page}`,
          ).toEqual(await offsetPage(categories, sort, {}, page, 3, selection));
        }
      }
  });

  test("a catalogue write drops the boundaries: a deep page after it sees the change", async () => {
    const catalogue = t.services.catalogue;
    const page = async (n: number) => (await catalogue.categoryPage(2, MAIN_SHOP_ID, n, 3, "price_asc")).list.map((p) => p.id);
    catalogue.forgetListings();
    const before = await page(10);
    const [cheap] = await t.database.db
      .insert(products)
      .values({ categoryId: 2, name: "分頁邊界 便宜", listPrice: 10, price: 1 })
      .returning({ id: products.id });
    if (cheap) added.push(cheap.id);
    catalogue.forgetListings();
    const after = await page(10);
    // Everything moved one place on: page 10 starts with what was page 9's last product.
    expect(after.slice(1)).toEqual(before.slice(0, 2));
    expect(after).toEqual(await offsetPage([2], "price_asc", {}, 10, 3));
  });
});
