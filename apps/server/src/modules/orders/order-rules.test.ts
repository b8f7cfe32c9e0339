import type { PayInfo } from "@shop/contract";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { orders, payments } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { guestCartOrder, orderSteps } from "../../test/order-helpers.js";

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
});
afterAll(() => t.close());

const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0]?.n ?? 0;

describe("bad input changes nothing", () => {
  test("a price, quantity or unknown field from the client is refused", async () => {
    const cart = await s.cartWith([{ variantId: await s.variantOf(23), qty: 1 }]);
    const n = await orderCount();
    const tampered = await s.store(guestCartOrder(cart.lineIds, { price: 1, goods_amount: 1 }), { headers: cart.headers });
    expect(tampered.status).toBe(400);
    const zero = await t.call("POST", "/api/order/store/fast", {
      body: { ...guestCartOrder([]), line_ids: undefined, variant_id: await s.variantOf(23), qty: 0 },
    });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBeTruthy();
    const overLimit = await t.call("POST", "/api/order/store/fast", {
      body: { ...guestCartOrder([]), line_ids: undefined, variant_id: await s.variantOf(53), qty: 21 },
    });
    expect(overLimit.status).toBe(422);
    expect(overLimit.body.message).toContain("限購 20 件");
    expect(await orderCount()).toBe(n);
  });

  test("someone else's coupon, more points or wallet than owned, guests using loyalty: refused", async () => {
    const token = await s.login(DEMO_ACCOUNTS.downline.phone, DEMO_ACCOUNTS.downline.password);
    const owner = (await t.services.auth.authenticate(await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password)))
      ?.member.id;
    const othersCoupon = (await t.services.loyalty.usableCoupons(owner ?? 0))[0]?.id ?? 1;
    const cart = await s.cartWith([{ variantId: await s.variantOf(24), qty: 1 }], token);
    const n = await orderCount();
    const base = { ...guestCartOrder(cart.lineIds), receiver: { name: "李小華", phone: DEMO_ACCOUNTS.downline.phone } };
    const coupon = await s.store({ ...base, coupon_id: othersCoupon }, { token });
    expect(coupon.status).toBe(422);
    expect(coupon.body.message).toContain("優惠券");
    const points = await s.store({ ...base, points: 1 }, { token });
    expect(points.status).toBe(422);
    expect(points.body.message).toContain("點數不足");
    const wallet = await s.store({ ...base, wallet: 1 }, { token });
    expect(wallet.status).toBe(422);
    const guest = await s.cartWith([{ variantId: await s.variantOf(24), qty: 1 }]);
    const guestPoints = await s.store(guestCartOrder(guest.lineIds, { points: 10 }), { headers: guest.headers });
    expect(guestPoints.status).toBe(422);
    const guestDepot = await s.store(guestCartOrder(guest.lineIds, { ship_method: "depot" }), { headers: guest.headers });
    expect(guestDepot.status).toBe(422);
    expect(await orderCount()).toBe(n);
  });

  test("another cart's lines, a mismatched store, cash on delivery into the depot, a card without prime: refused", async () => {
    const mine = await s.cartWith([{ variantId: await s.variantOf(25), qty: 1 }]);
    const theirs = await s.cartWith([{ variantId: await s.variantOf(26), qty: 1 }]);
    const n = await orderCount();
    expect((await s.store(guestCartOrder(theirs.lineIds), { headers: mine.headers })).status).toBe(404);
    const store = { type: "cvs_family", id: "006598", name: "全家台北信義店", address: "台北市信義區松仁路 100 號" };
    const mismatch = await s.store(guestCartOrder(mine.lineIds, { ship_method: "cvs_711", cvs_store: store }), {
      headers: mine.headers,
    });
    expect(mismatch.status).toBe(400);
    const noPrime = await s.store(guestCartOrder(mine.lineIds, { payment_method: "card" }), { headers: mine.headers });
    expect(noPrime.status).toBe(400);
    expect(await orderCount()).toBe(n);
  });

  test("a payable that changed since the quote (a price rose) is refused with the new amount", async () => {
    const v = await s.variantOf(29);
    const cart = await s.cartWith([{ variantId: v, qty: 1 }]);
    const info = await t.call<PayInfo>("POST", "/api/order/pay_info", {
      body: { line_ids: cart.lineIds, ship_method: "hct" },
      headers: cart.headers,
    });
    const seen = info.body.data.quote.payable;
    await t.database.db.execute(sql`update variants set price = price + 50 where id = ${v}`);
    const n = await orderCount();
    const r = await s.store(guestCartOrder(cart.lineIds, { expected_payable: seen }), { headers: cart.headers });
    expect(r.status).toBe(409);
    expect(r.body.message).toContain("應付金額變為");
    expect(await orderCount()).toBe(n);
    const ok = await s.store(guestCartOrder(cart.lineIds, { expected_payable: seen + 50 }), { headers: cart.headers });
    expect(ok.status).toBe(200);
  });

  test("a transfer report or lookup for someone else's order is a 404", async () => {
    const cart = await s.cartWith([{ variantId: await s.variantOf(27), qty: 1 }]);
    const r = await s.store(guestCartOrder(cart.lineIds), { headers: cart.headers });
    const orderNo = r.body.data.order_no;
    const token = await s.login(DEMO_ACCOUNTS.downline.phone, DEMO_ACCOUNTS.downline.password);
    const other = await t.call("POST", "/api/order/paymentTransfer", {
      body: { order_no: orderNo, last5: "12345", amount: 1, paid_at: new Date().toISOString() },
      token,
    });
    expect(other.status).toBe(404);
    const noPhone = await t.call("POST", "/api/order/detail", { body: { order_no: orderNo } });
    expect(noPhone.status).toBe(400);
    const [p] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, (await t.services.orders.byNo(orderNo))?.id ?? 0));
    expect(p?.report).toBeNull();
  });
});

describe("unpaid orders expire", () => {
  test("a transfer order unpaid after 3 days is cancelled by the sweep and its stock comes back", async () => {
    const v = await s.variantOf(28);
    const stock = await s.stockOf(v);
    const cart = await s.cartWith([{ variantId: v, qty: 3 }]);
    const r = await s.store(guestCartOrder(cart.lineIds), { headers: cart.headers });
    expect(await s.stockOf(v)).toBe(stock - 3);
    t.clock.advance(3 * 86_400 - 60);
    await t.services.orders.expireUnpaid();
    expect((await s.detail(r.body.data.order_no)).body.data.status).toBe("pending_payment");
    t.clock.advance(120);
    expect(await t.services.orders.expireUnpaid()).toBeGreaterThanOrEqual(1);
    expect((await s.detail(r.body.data.order_no)).body.data.status).toBe("cancelled");
    // (The guest's view hides history reasons until the phone is proven; the record has it.)
    const events = await t.services.orders.eventsOf((await t.services.orders.byNo(r.body.data.order_no))?.id ?? 0);
    expect(events.at(-1)?.reason).toContain("逾期未付款");
    expect(await s.stockOf(v)).toBe(stock);
    // Running it again finds nothing to do.
    expect(await t.services.orders.expireUnpaid()).toBe(0);
  });
});
