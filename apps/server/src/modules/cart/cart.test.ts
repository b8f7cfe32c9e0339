import type { CartView, ProductView } from "@shop/contract";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { carts, variants } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { sha256 } from "../../lib/crypto.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let variantOf: (productId: number, index?: number) => Promise<number>;
beforeAll(async () => {
  t = await createTestApp();
  variantOf = async (productId, index = 0) => {
    const r = await t.call<ProductView>("GET", `/api/product/get?id=${productId}`);
    const v = r.body.data.variants[index];
    if (!v) throw new Error(`no variant ${index} of product ${productId}`);
    return v.id;
  };
});
afterAll(() => t.close());

const asVisitor = (token: string | null | undefined) => (token ? { headers: { "x-cart-token": token } } : {});
const login = async (a: { phone: string; password: string }, cartToken?: string) =>
  (
    await t.call<{ token: string }>("POST", "/api/auth/login", {
      body: { account: a.phone, password: a.password },
      ...asVisitor(cartToken),
    })
  ).body.data.token;

describe("a visitor's cart", () => {
  test("first add creates the cart and hands back its token; lines carry live price and stock", async () => {
    const v = await variantOf(1);
    const r = await t.call<CartView>("POST", "/api/cart/store", { body: { variant_id: v, qty: 2 } });
    expect(r.status).toBe(200);
    const token = r.body.data.cart_token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.body.data.lines).toHaveLength(1);
    expect(r.body.data.lines[0]).toMatchObject({
      variant_id: v,
      qty: 2,
      selected: true,
      available: true,
      stock_state: "in_stock",
    });
    expect(r.body.data.goods_amount).toBe(r.body.data.lines[0]?.subtotal);
    expect(r.body.data.lines[0]?.subtotal).toBe((r.body.data.lines[0]?.price ?? 0) * 2);

    const again = await t.call<CartView>("POST", "/api/cart/store", { body: { variant_id: v, qty: 1 }, ...asVisitor(token) });
    expect(again.body.data.lines[0]?.qty).toBe(3);
    const search = await t.call<CartView>("POST", "/api/cart/search", { body: {}, ...asVisitor(token) });
    expect(search.body.data.lines[0]?.qty).toBe(3);
  });

  test("a cart never shows another visitor's lines; a made-up token sees an empty cart", async () => {
    const a = await t.call<CartView>("POST", "/api/cart/store", { body: { variant_id: await variantOf(2) } });
    const b = await t.call<CartView>("POST", "/api/cart/store", { body: { variant_id: await variantOf(3) } });
    expect(a.body.data.cart_token).not.toBe(b.body.data.cart_token);
    const lineOfA = a.body.data.lines[0]?.line_id;
    const steal = await t.call("POST", "/api/cart/update", {
      body: { line_id: lineOfA, qty: 5 },
      ...asVisitor(b.body.data.cart_token),
    });
    expect(steal.status).toBe(404);
    const del = await t.call("POST", "/api/cart/delete", { body: { line_ids: [lineOfA] }, ...asVisitor(b.body.data.cart_token) });
    expect(del.status).toBe(404);
    const still = await t.call<CartView>("POST", "/api/cart/search", { body: {}, ...asVisitor(a.body.data.cart_token) });
    expect(still.body.data.lines[0]?.qty).toBe(1);
    const empty = await t.call<CartView>("POST", "/api/cart/search", { body: {}, ...asVisitor("x".repeat(43)) });
    expect(empty.body.data.lines).toEqual([]);
  });
});

describe("a sign-in that no longer works", () => {
  test("is told to sign in again (401 logout) instead of quietly filling a visitor's cart; a visitor without one is welcome", async () => {
    const v = await variantOf(1);
    const stale = await t.call("POST", "/api/cart/store", { body: { variant_id: v, qty: 1 }, token: "expired-or-made-up" });
    expect(stale.status).toBe(401);
    expect(stale.body.message).toBe("logout");
    expect((await t.call("POST", "/api/supmall/recheck2", { body: {}, token: "expired-or-made-up" })).status).toBe(401);
    const visitor = await t.call<CartView>("POST", "/api/cart/store", { body: { variant_id: v, qty: 1 } });
    expect(visitor.status).toBe(200);
  });
});

describe("quantities and stock", () => {
  test("sold out, beyond stock, beyond the per-order limit, bad quantities: refused, nothing changed", async () => {
    const soldOut = await t.call("POST", "/api/cart/store", { body: { variant_id: await variantOf(11) } });
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.message).toBe("此規格已售完");

    const low = await t.call("POST", "/api/cart/store", { body: { variant_id: await variantOf(7), qty: 4 } });
    expect(low.status).toBe(409);
    expect(low.body.message).toBe("庫存不足，目前最多可購買 3 件");

    const gift = await t.call("POST", "/api/cart/store", { body: { variant_id: await variantOf(53), qty: 21 } });
    expect(gift.status).toBe(409);
    expect(gift.body.message).toBe("此商品每筆訂單限購 20 件");

    for (const qty of [0, -1, 1.5, 100, "two"]) {
      const r = await t.call("POST", "/api/cart/store", { body: { variant_id: await variantOf(1), qty } });
      expect(r.status, String(qty)).toBe(400);
    }
    expect((await t.call("POST", "/api/cart/store", { body: { variant_id: 999999 } })).status).toBe(404);
  });

  test("a line that became unbuyable is flagged and left out of the goods amount", async () => {
    const v = await variantOf(4);
    const r = await t.call<CartView>("POST", "/api/cart/store", { body: { variant_id: v, qty: 2 } });
    await t.database.db.update(variants).set({ stock: 1 }).where(eq(variants.id, v));
    const after = await t.call<CartView>("POST", "/api/cart/search", { body: {}, ...asVisitor(r.body.data.cart_token) });
    expect(after.body.data.lines[0]).toMatchObject({ available: false, max_qty: 1, stock_state: "low" });
    expect(after.body.data.goods_amount).toBe(0);
  });

  test("update quantity and selection; delete lines", async () => {
    const first = await t.call<CartView>("POST", "/api/cart/store", { body: { variant_id: await variantOf(5) } });
    const token = first.body.data.cart_token;
    const second = await t.call<CartView>("POST", "/api/cart/store", {
      body: { variant_id: await variantOf(6) },
      ...asVisitor(token),
    });
    const [l1, l2] = second.body.data.lines;
    const unselect = await t.call<CartView>("POST", "/api/cart/update", {
      body: { line_id: l1?.line_id, selected: false },
      ...asVisitor(token),
    });
    expect(unselect.body.data.selected_count).toBe(1);
    expect(unselect.body.data.goods_amount).toBe(l2?.subtotal);
    const qty = await t.call<CartView>("POST", "/api/cart/update", {
      body: { line_id: l2?.line_id, qty: 3 },
      ...asVisitor(token),
    });
    expect(qty.body.data.goods_amount).toBe((l2?.price ?? 0) * 3);
    expect((await t.call("POST", "/api/cart/update", { body: { line_id: l2?.line_id }, ...asVisitor(token) })).status).toBe(400);
    const del = await t.call<CartView>("POST", "/api/cart/delete", { body: { line_ids: [l1?.line_id] }, ...asVisitor(token) });
    expect(del.body.data.lines.map((l) => l.line_id)).toEqual([l2?.line_id]);
  });
});

describe("members", () => {
  test("a member's cart follows the member; signing in merges the visitor's cart", async () => {
    const member = await login(DEMO_ACCOUNTS.downline);
    const v1 = await variantOf(8);
    const v2 = await variantOf(9);
    await t.call("POST", "/api/cart/store", { token: member, body: { variant_id: v1, qty: 1 } });

    const visitor = await t.call<CartView>("POST", "/api/cart/store", { body: { variant_id: v1, qty: 2 } });
    await t.call("POST", "/api/cart/store", { body: { variant_id: v2, qty: 1 }, ...asVisitor(visitor.body.data.cart_token) });

    const merged = await login(DEMO_ACCOUNTS.downline, visitor.body.data.cart_token ?? undefined);
    const cart = await t.call<CartView>("POST", "/api/cart/search", { token: merged, body: {} });
    expect(cart.body.data.cart_token).toBeNull();
    const qtyOf = (id: number) => cart.body.data.lines.find((l) => l.variant_id === id)?.qty;
    expect(qtyOf(v1)).toBe(3);
    expect(qtyOf(v2)).toBe(1);
    // The visitor cart is gone.
    const gone = await t.call<CartView>("POST", "/api/cart/search", { body: {}, ...asVisitor(visitor.body.data.cart_token) });
    expect(gone.body.data.lines).toEqual([]);
    const visitorCarts = await t.database.db
      .select()
      .from(carts)
      .where(eq(carts.tokenHash, sha256(visitor.body.data.cart_token ?? "")));
    expect(visitorCarts).toEqual([]);
  });
});

describe("cart arithmetic", () => {
  test("for any quantities the goods amount is the sum of selected, available subtotals", async () => {
    const ids = await Promise.all([1, 2, 3, 5, 6].map((p) => variantOf(p)));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ variant: fc.constantFrom(...ids), qty: fc.integer({ min: 1, max: 5 }), selected: fc.boolean() }), {
          minLength: 1,
          maxLength: 6,
        }),
        async (adds) => {
          let token: string | null = null;
          for (const a of adds) {
            const r: { body: { data: CartView } } = await t.call<CartView>("POST", "/api/cart/store", {
              body: { variant_id: a.variant, qty: a.qty },
              ...asVisitor(token),
            });
            token = r.body.data.cart_token;
          }
          let view = (await t.call<CartView>("POST", "/api/cart/search", { body: {}, ...asVisitor(token) })).body.data;
          for (const [i, line] of view.lines.entries()) {
            const selected = adds[i % adds.length]?.selected ?? true;
            view = (
              await t.call<CartView>("POST", "/api/cart/update", {
                body: { line_id: line.line_id, selected },
                ...asVisitor(token),
              })
            ).body.data;
          }
          const expected = view.lines.filter((l) => l.selected && l.available).reduce((s, l) => s + l.price * l.qty, 0);
          expect(view.goods_amount).toBe(expected);
          expect(Number.isInteger(view.goods_amount) && view.goods_amount >= 0).toBe(true);
          const totalQty = (id: number) => adds.filter((a) => a.variant === id).reduce((s, a) => s + a.qty, 0);
          for (const l of view.lines) expect(l.qty).toBe(totalQty(l.variant_id));
        },
      ),
      { numRuns: 25 },
    );
  });
});
