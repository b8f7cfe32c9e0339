import type { PayInfo, StoreResult } from "@shop/contract";
import { and, count, eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { orders, payments } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { guestReceiver, homeAddress, orderSteps } from "../../test/order-helpers.js";

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
beforeAll(async () => {
  // These races are about the orders, not the admission line: everyone waits their turn, nobody is
  // shed with 429 (the line's shedding is tested in checkout/admission.test.ts and flash-races.test.ts).
  t = await createTestApp({ env: { CHECKOUT_QUEUE_MAX: "100000", CHECKOUT_QUEUE_WAIT_MS: "60000" } });
  s = orderSteps(t);
});
afterAll(() => t.close());

/** Delivery, payment and invoice of every order placed here. */
const orderTerms = {
  ship_method: "hct",
  payment_method: "transfer",
  receiver: guestReceiver,
  address: homeAddress,
  invoice: { type: "donation", donation_code: "8585" },
};
const fastOrder = (variantId: number, extra: Record<string, unknown> = {}) => ({
  variant_id: variantId,
  qty: 1,
  ...orderTerms,
  ...extra,
});

describe("many buyers at once", () => {
  test("500 concurrent buyers, 100 in stock: exactly 100 orders, none oversold, every refusal a clear 409", async () => {
    const v = await s.variantOf(54);
    await s.setStock(v, 100);
    const before = (await t.database.db.select({ n: count() }).from(orders))[0]?.n ?? 0;
    const results = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        t.call<StoreResult>("POST", "/api/order/store/fast", {
          body: fastOrder(v, { receiver: { name: `買家${i}`, phone: `09${String(10_000_000 + i).padStart(8, "0")}` } }),
        }),
      ),
    );
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(100);
    expect(codes.filter((c) => c === 409)).toHaveLength(400);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.message).toMatch(/庫存不足|已售完/);
    expect(await s.stockOf(v)).toBe(0);
    const after = (await t.database.db.select({ n: count() }).from(orders))[0]?.n ?? 0;
    expect(after - before).toBe(100);
    expect(await t.services.inventory.unbalanced()).toEqual([]);
  }, 120_000);

  test("the same Idempotency-Key 20 times at once: one order, one charge, the same answer to all", async () => {
    const v = await s.variantOf(55);
    await s.setStock(v, 50);
    const stock = await s.stockOf(v);
    const prime = await s.prime();
    const body = fastOrder(v, { payment_method: "card", prime });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call<StoreResult>("POST", "/api/order/store/fast", { body, headers: { "idempotency-key": "checkout-key-0001" } }),
      ),
    );
    expect(results.map((r) => `${r.status} ${r.body.message}`)).toEqual(Array(20).fill("200 訂單已成立"));
    const numbers = new Set(results.map((r) => r.body.data.order_no));
    expect(numbers.size).toBe(1);
    for (const r of results) expect(r.body.data.next).toEqual({ type: "done" });
    const order = await t.services.orders.byNo([...numbers][0] ?? "");
    const charges = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order?.id ?? 0));
    expect(charges.filter((p) => p.status === "paid")).toHaveLength(1);
    expect(charges).toHaveLength(1);
    expect(await s.stockOf(v)).toBe(stock - 1);

    // The key answers again later; a different body with the same key is refused.
    const later = await t.call<StoreResult>("POST", "/api/order/store/fast", {
      body,
      headers: { "idempotency-key": "checkout-key-0001" },
    });
    expect(later.body.data.order_no).toBe([...numbers][0]);
    const other = await t.call("POST", "/api/order/store/fast", {
      body: { ...body, qty: 2 },
      headers: { "idempotency-key": "checkout-key-0001" },
    });
    expect(other.status).toBe(422);
    const bad = await t.call("POST", "/api/order/store/fast", { body, headers: { "idempotency-key": "bad key!" } });
    expect(bad.status).toBe(400);
  }, 60_000);
});

describe("one cart, one order", () => {
  const cartOrder = (lineIds: number[], extra: Record<string, unknown> = {}) => ({
    line_ids: lineIds,
    ...orderTerms,
    ...extra,
  });

  test("the same cart submitted 20 times at once without a key: one order, the same answer to all", async () => {
    const v = await s.variantOf(57);
    await s.setStock(v, 100);
    const cart = await s.cartWith([{ variantId: v, qty: 2 }]);
    const before = (await t.database.db.select({ n: count() }).from(orders))[0]?.n ?? 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call<StoreResult>("POST", "/api/order/store", { body: cartOrder(cart.lineIds), headers: cart.headers }),
      ),
    );
    expect(results.map((r) => `${r.status} ${r.body.message}`)).toEqual(Array(20).fill("200 訂單已成立"));
    expect(new Set(results.map((r) => r.body.data.order_no)).size).toBe(1);
    expect(((await t.database.db.select({ n: count() }).from(orders))[0]?.n ?? 0) - before).toBe(1);
    expect(await s.stockOf(v)).toBe(98);

    // The same lines with another form (a second tab): a clear 409 naming the order, no second order.
    const other = await t.call("POST", "/api/order/store", {
      body: cartOrder(cart.lineIds, { payment_method: "cod" }),
      headers: cart.headers,
    });
    expect(other.status).toBe(409);
    expect(other.body.message).toContain(results[0]?.body.data.order_no);
  }, 60_000);

  test("20 replays of one keyed cart order at once: the same order 20 times, never a 404", async () => {
    const v = await s.variantOf(58);
    await s.setStock(v, 100);
    for (let round = 0; round < 3; round++) {
      const cart = await s.cartWith([{ variantId: v, qty: 1 }]);
      // Spread over ~100 ms, so some replays arrive while the first is committing (where 404s were seen).
      const results = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          await new Promise((r) => setTimeout(r, i * 5));
          return t.call<StoreResult>("POST", "/api/order/store", {
            body: cartOrder(cart.lineIds),
            headers: { ...cart.headers, "idempotency-key": `cart-replay-000${round}` },
          });
        }),
      );
      expect(results.map((r) => `${r.status} ${r.body.message}`)).toEqual(Array(20).fill("200 訂單已成立"));
      expect(new Set(results.map((r) => r.body.data.order_no)).size).toBe(1);
    }
  }, 60_000);

  test("a failed attempt does not hold the cart: after a refusal the same lines can be ordered", async () => {
    const v = await s.variantOf(59);
    await s.setStock(v, 1);
    const cart = await s.cartWith([{ variantId: v, qty: 1 }]);
    await s.setStock(v, 0);
    expect((await t.call("POST", "/api/order/store", { body: cartOrder(cart.lineIds), headers: cart.headers })).status).toBe(409);
    await s.setStock(v, 5);
    expect((await t.call("POST", "/api/order/store", { body: cartOrder(cart.lineIds), headers: cart.headers })).status).toBe(200);
  });
});

describe("the quote and the order agree", () => {
  test("for random carts, ship methods, coupons, points and wallet: the order keeps the quote, nothing negative", async () => {
    const token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
    const memberId = (await t.services.auth.authenticate(token))?.member.id ?? 0;
    // Enough balance for every run; the ledger records the grant like any other entry.
    await t.database.db.transaction(async (tx) => {
      await t.services.loyalty.changePoints(tx, memberId, 100_000, "測試", "test:grant");
      await t.services.loyalty.changeWallet(tx, memberId, 100_000, "測試", "test:grant");
    });
    const products = [2, 3, 4, 5, 17, 18, 19, 21, 25, 26, 31, 33, 42, 44, 56];
    const variantIds = await Promise.all(products.map((p) => s.variantOf(p)));
    for (const v of variantIds) await s.setStock(v, 10_000);

    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.record({ i: fc.nat(variantIds.length - 1), qty: fc.integer({ min: 1, max: 4 }) }), {
          minLength: 1,
          maxLength: 5,
          selector: (x) => x.i,
        }),
        fc.constantFrom("hct", "cvs_711", "depot"),
        fc.boolean(),
        fc.nat(600),
        fc.nat(3000),
        async (items, ship, useCoupon, points, wallet) => {
          const coupons = await t.services.loyalty.usableCoupons(memberId);
          const coupon = useCoupon ? coupons[0]?.id : undefined;
          const cart = await s.cartWith(
            items.map((x) => ({ variantId: variantIds[x.i] ?? 0, qty: x.qty })),
            token,
          );
          const quoteInput = {
            line_ids: cart.lineIds,
            ship_method: ship,
            points: Math.min(points, 500),
            wallet,
            coupon_id: coupon,
          };
          const info = await t.call<PayInfo>("POST", "/api/order/pay_info", { body: quoteInput, token });
          if (info.status !== 200) throw new Error(`pay_info ${info.status} ${info.body.message}`);
          const q = info.body.data.quote;
          for (const n of [
            q.goods_amount,
            q.discount_total,
            q.shipping_fee,
            q.order_amount,
            q.points_used,
            q.wallet_used,
            q.payable,
          ]) {
            expect(Number.isInteger(n) && n >= 0).toBe(true);
          }
          expect(q.order_amount).toBe(q.goods_amount - q.discount_total + q.shipping_fee);
          expect(q.payable).toBe(q.order_amount - q.points_used - q.wallet_used);
          if (q.coupon_rejected) {
            await t.call("POST", "/api/cart/delete", { body: { line_ids: cart.lineIds }, token });
            return;
          }
          const r = await t.call<StoreResult>("POST", "/api/order/store", {
            body: {
              ...quoteInput,
              payment_method: q.payable === 0 ? "points_wallet" : "transfer",
              receiver: { name: "王小明", phone: DEMO_ACCOUNTS.member.phone },
              ...(ship === "hct" ? { address: homeAddress } : {}),
              ...(ship === "cvs_711"
                ? { cvs_store: { type: "cvs_711", id: "131386", name: "建盛門市", address: "台北市中正區重慶南路一段 122 號" } }
                : {}),
              invoice: { type: "member" },
            },
            token,
          });
          // A parcel the method cannot carry (store pick-up: 5 kg) is shown with its reason and refused on placing.
          const unreachable = info.body.data.ship_methods.find((m) => m.code === ship)?.reason;
          if (unreachable) {
            expect(r.status).toBe(422);
            expect(r.body.message).toBe(unreachable);
            await t.call("POST", "/api/cart/delete", { body: { line_ids: cart.lineIds }, token });
            return;
          }
          if (r.status !== 200) throw new Error(`store ${r.status} ${r.body.message}`);
          const o = await t.services.orders.byNo(r.body.data.order_no);
          expect(o).toMatchObject({
            goodsAmount: q.goods_amount,
            discountTotal: q.discount_total,
            shippingFee: q.shipping_fee,
            orderAmount: q.order_amount,
            pointsUsed: q.points_used,
            walletUsed: q.wallet_used,
            payable: q.payable,
          });
          expect(o?.discounts).toEqual(q.discounts);
          // Give everything back so the next run starts from the same balances.
          if (o && (o.status === "pending_payment" || o.status === "paid")) {
            await t.services.orders.cancelByBuyer({ memberId }, o.orderNo, "測試");
          }
        },
      ),
      { numRuns: 25 },
    );
    expect(await t.services.loyalty.unbalanced()).toEqual([]);
    expect(await t.services.inventory.unbalanced()).toEqual([]);
    const leftovers = await t.database.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.memberId, memberId), inArray(orders.status, ["pending_payment"])));
    expect(leftovers[0]?.n).toBe(0);
  }, 120_000);
});
