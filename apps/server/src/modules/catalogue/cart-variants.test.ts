import { MAIN_SHOP_ID } from "@shop/contract";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { products, shopProducts, variants } from "../../db/schema/index.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

// The cart's variant read is prepared once per form (main mall, any sub-mall) with the ids as one
// array: each variant must come back once, with its shop's sellability, whatever the shop or ids.

let t: TestApp;
const SHOP = 2;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("variants for a cart", () => {
  test("sellable means on shelf in the main mall and in the selection in a sub-mall; unknown ids are left out", async () => {
    const db = t.database.db;
    const all = await db.select({ id: variants.id, productId: variants.productId }).from(variants);
    const inShop = new Set((await db.select().from(shopProducts).where(eq(shopProducts.shopId, SHOP))).map((r) => r.productId));
    const picked = all.find((v) => inShop.has(v.productId));
    const outside = all.find((v) => !inShop.has(v.productId));
    const off = all.find((v) => inShop.has(v.productId) && v.productId !== picked?.productId);
    if (!picked || !outside || !off) throw new Error("demo catalogue lacks a sub-mall selection");
    await db.update(products).set({ status: "off" }).where(eq(products.id, off.productId));
    const ids = [picked.id, outside.id, off.id, picked.id, 999_999];

    const read = t.services.catalogue.variantsForCart;
    const sellable = async (shopId: number) => Object.fromEntries((await read(ids, shopId)).map((v) => [v.id, v.sellable]));
    expect(await sellable(MAIN_SHOP_ID)).toEqual({ [picked.id]: true, [outside.id]: true, [off.id]: false });
    expect(await sellable(SHOP)).toEqual({ [picked.id]: true, [outside.id]: false, [off.id]: false });
    // Another sub-mall with no selection: nothing sellable there (the prepared form takes the shop as a value).
    expect(Object.values(await sellable(999))).toEqual([false, false, false]);
    expect(await read([], SHOP)).toEqual([]);

    // Each row is the variant's own, joined to its product.
    const rows = await read([picked.id, outside.id], MAIN_SHOP_ID);
    const owners = await db
      .select({ id: variants.id, productId: variants.productId })
      .from(variants)
      .where(inArray(variants.id, [picked.id, outside.id]));
    expect(rows.map((r) => [r.id, r.productId]).sort()).toEqual(owners.map((o) => [o.id, o.productId]).sort());
  });
});
