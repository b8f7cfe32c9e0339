import { MAIN_SHOP_ID } from "@shop/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { products, shopProducts } from "../../db/schema/index.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

// Product pages asked for together are read together (decision 110): each must get exactly what
// it would have got alone — its own product, in its own shop, or 找不到 — whatever else is asked
// in the same turn.

let t: TestApp;
const SHOP = 2;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const answer = (id: number, shopId: number) =>
  t.services.catalogue.product(id, shopId).then(
    (view) => view,
    (error: { code?: string }) => error.code ?? "error",
  );

describe("product pages read together", () => {
  test("fifty reads at once, main mall and sub-mall, on and off shelf, repeated: each answers as it does alone, in a few statements", async () => {
    const db = t.database.db;
    const all = (await db.select({ id: products.id }).from(products)).map((p) => p.id);
    const [first, second] = all;
    if (first === undefined || second === undefined) throw new Error("demo catalogue empty");
    await db.update(products).set({ status: "off" }).where(eq(products.id, second));
    const inShop = (await db.select().from(shopProducts).where(eq(shopProducts.shopId, SHOP))).map((r) => r.productId);
    const asks: Array<[number, number]> = [];
    for (const id of [...all, 999_999]) asks.push([id, MAIN_SHOP_ID], [id, SHOP]);
    asks.push([first, MAIN_SHOP_ID], [first, MAIN_SHOP_ID], [second, SHOP]);

    const alone = [];
    for (const [id, shopId] of asks) alone.push(await answer(id, shopId));
    const detail = t.services.catalogue.productDetailStatements;
    const before = detail();
    const together = await Promise.all(asks.map(([id, shopId]) => answer(id, shopId)));
    const statements = detail() - before;

    expect(together).toEqual(alone);
    // Every answer is its own: found ones carry their id, the off-shelf one and strangers are 找不到.
    asks.forEach(([id, shopId], i) => {
      const got = together[i];
      const onShelf = id !== second && id !== 999_999 && (shopId === MAIN_SHOP_ID || inShop.includes(id));
      if (onShelf) expect(typeof got === "object" && got.id, `${id}@${shopId}`).toBe(id);
      else expect(got, `${id}@${shopId}`).toBe("PRODUCT_NOT_FOUND");
    });
    // One statement per shop per batch of up to 100, not one per read.
    expect(asks.length).toBeGreaterThan(20);
    expect(statements).toBeLessThanOrEqual(2 * Math.ceil(asks.length / 100));
  });

  test("a shop whose statement fails fails only its own pages, not the others read with them", async () => {
    const [product] = await t.database.db.select({ id: products.id }).from(products).where(eq(products.status, "on")).limit(1);
    const id = product?.id ?? 0;
    // A shop id past PostgreSQL's integer: that shop's statement errors; the main mall's does not.
    const [main, broken] = await Promise.allSettled([
      t.services.catalogue.product(id, MAIN_SHOP_ID),
      t.services.catalogue.product(id, 2 ** 40),
    ]);
    expect(main.status === "fulfilled" && main.value.id).toBe(id);
    expect(broken.status).toBe("rejected");
  });
});
