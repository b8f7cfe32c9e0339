import { MAIN_SHOP_ID, type ProductSort } from "@shop/contract";
import { and, eq, notInArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { products, shopProducts } from "../../db/schema/index.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { createSubMallReach } from "./sub-mall-reach.js";

// A sub-mall's listing walks the category's index or reads its selection, by its size
// (sub-mall-reach.ts). Either way a page must hold what the main mall's listing of the same
// category holds, kept to the shop's products, in the same order.

let t: TestApp;
const SHOP = 2;
let original: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  original = (await t.database.db.select().from(shopProducts).where(eq(shopProducts.shopId, SHOP))).map((r) => r.productId);
});
afterAll(() => t.close());

const SORTS: ProductSort[] = ["newest", "price_asc", "price_desc", "hot"];
const TOP_CATEGORY = 1;
const PER_PAGE = 3;

async function expectPagesFollowMainMall(selection: Set<number>) {
  const catalogue = t.services.catalogue;
  for (const sort of SORTS) {
    const main = await catalogue.categoryPage(TOP_CATEGORY, MAIN_SHOP_ID, 1, 100, sort);
    const expected = main.list.map((c) => c.id).filter((id) => selection.has(id));
    const pages: number[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / PER_PAGE) + 1; page++) {
      const r = await catalogue.categoryPage(TOP_CATEGORY, SHOP, page, PER_PAGE, sort);
      expect(r.total, sort).toBe(expected.length);
      pages.push(...r.list.map((c) => c.id));
    }
    expect(pages, sort).toEqual(expected);
  }
}

describe("a sub-mall's listings, through its selection or along the listing", () => {
  test("a small selection is read through; a large one walks; both give the main mall's order, kept to the shop", async () => {
    const reach = createSubMallReach(t.database.db);
    const onSale = await t.database.db.select({ id: products.id }).from(products).where(eq(products.status, "on"));
    // The demo's sub-mall sells a handful of the catalogue: read through its selection.
    expect(await reach.walks(SHOP)).toBe(false);
    await expectPagesFollowMainMall(new Set(original));

    // Selling nearly everything (s² ≥ 15·N): the walk, with the same pages.
    const more = onSale.map((p) => p.id).filter((id, i) => i % 5 !== 0 && !original.includes(id));
    await t.database.db.insert(shopProducts).values(more.map((productId) => ({ shopId: SHOP, productId })));
    try {
      t.services.catalogue.forgetListings();
      reach.forget();
      expect(await reach.walks(SHOP)).toBe(true);
      await expectPagesFollowMainMall(new Set([...original, ...more]));
    } finally {
      await t.database.db
        .delete(shopProducts)
        .where(and(eq(shopProducts.shopId, SHOP), notInArray(shopProducts.productId, original)));
      t.services.catalogue.forgetListings();
    }
  });
});
