import { and, eq, notInArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { products, shopProducts } from "../../db/schema/index.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { createSubMallReach } from "./sub-mall-reach.js";
import { createSubMallShelves } from "./sub-mall-shelf.js";

// A sub-mall's home reads its sections from the shop's kept shelf (sub-mall-shelf.ts): they must
// hold what the listing statements give for the same shop (the main mall's order kept to the
// shop's selection), drop what went off shelf at once, and follow a write of the selection.

let t: TestApp;
const SHOP = 2;
let original: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  original = (await t.database.db.select().from(shopProducts).where(eq(shopProducts.shopId, SHOP))).map((r) => r.productId);
});
afterAll(() => t.close());

const ids = (cards: Array<{ id: number }>) => cards.map((c) => c.id);

/** The sections as the listing statements read them (the path a selection too large for a shelf takes). */
async function fromListings(shopId: number) {
  const catalogue = t.services.catalogue;
  const tops = await catalogue.homeCategories();
  const sections = [
    { title: "新品上市", products: await catalogue.cards(shopId, { tag: "new", limit: 8 }) },
    ...(await Promise.all(
      tops.map(async (c) => ({ title: c.name, products: (await catalogue.categoryPage(c.id, shopId, 1, 4, "hot")).list })),
    )),
  ];
  return sections.filter((s) => s.products.length > 0).map((s) => ({ title: s.title, ids: ids(s.products) }));
}

async function fromShelf(shopId: number) {
  return (await t.services.catalogue.homeSections(shopId)).map((s) => ({ title: s.title, ids: ids(s.products) }));
}

describe("a sub-mall home from its kept shelf", () => {
  test("sections, 熱銷 and 推薦 hold what the listings hold, for the demo selection and a wide one", async () => {
    const catalogue = t.services.catalogue;
    expect((await fromShelf(SHOP)).length).toBeGreaterThan(1);
    expect(await fromShelf(SHOP)).toEqual(await fromListings(SHOP));
    for (const tag of ["hot", "recommended"] as const) {
      const kept = tag === "hot" ? await catalogue.hot(SHOP) : await catalogue.recommended(SHOP);
      expect(ids(kept), tag).toEqual(ids(await catalogue.cards(SHOP, { tag, limit: 8 })));
    }

    // Most of the catalogue, across every category: each section's order is tested on more than a handful.
    const onSale = await t.database.db.select({ id: products.id }).from(products).where(eq(products.status, "on"));
    const more = onSale.map((p) => p.id).filter((id, i) => i % 3 !== 0 && !original.includes(id));
    await t.database.db.insert(shopProducts).values(more.map((productId) => ({ shopId: SHOP, productId })));
    // Few sort values: ties broken by the id, each order its own way (熱銷 by id up, the shelves by id down).
    const sorts = await t.database.db.select({ id: products.id, sort: products.sort }).from(products);
    await t.database.db.update(products).set({ sort: sql`${products.id} % 3` });
    try {
      catalogue.forgetListings();
      const wide = await fromShelf(SHOP);
      expect(wide.length).toBeGreaterThan(3);
      expect(wide.some((s) => s.ids.some((id) => more.includes(id)))).toBe(true);
      expect(wide).toEqual(await fromListings(SHOP));
    } finally {
      await t.database.db
        .delete(shopProducts)
        .where(and(eq(shopProducts.shopId, SHOP), notInArray(shopProducts.productId, original)));
      for (const p of sorts) await t.database.db.update(products).set({ sort: p.sort }).where(eq(products.id, p.id));
      catalogue.forgetListings();
    }
    expect(await fromShelf(SHOP)).toEqual(await fromListings(SHOP));
  });

  test("a product taken off shelf leaves the home at once, before any cache is dropped", async () => {
    const before = await fromShelf(SHOP);
    const gone = before[0]?.ids[0];
    expect(gone).toBeDefined();
    await t.database.db
      .update(products)
      .set({ status: "off" })
      .where(eq(products.id, gone ?? 0));
    try {
      // No forgetListings(): the shelf still lists it, the cards are read live.
      const after = await fromShelf(SHOP);
      expect(after.flatMap((s) => s.ids)).not.toContain(gone);
    } finally {
      await t.database.db
        .update(products)
        .set({ status: "on" })
        .where(eq(products.id, gone ?? 0));
      t.services.catalogue.forgetListings();
    }
  });

  test("a selection larger than a shelf is left to the listings", async () => {
    const shelves = createSubMallShelves(t.database.db, createSubMallReach(t.database.db), { largestShelf: 2 });
    expect(await shelves.sections(SHOP, [{ key: "new", limit: 8 }])).toBeUndefined();
    const roomy = createSubMallShelves(t.database.db, createSubMallReach(t.database.db));
    const kept = await roomy.sections(SHOP, [{ key: "new", limit: 8 }]);
    expect(kept?.get("new")?.length).toBeGreaterThan(0);
    // A shop with no selection at all has empty sections, not the main mall's.
    const none = await roomy.sections(999_999, [{ key: "new", limit: 8 }]);
    expect(none?.get("new")).toEqual([]);
  });
});
