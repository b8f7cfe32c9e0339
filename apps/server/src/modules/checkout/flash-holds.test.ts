import type { OrderView, PayInfo, ProductView } from "@shop/contract";
import { productInput } from "@shop/contract/admin";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { orders, payments, products } from "../../db/schema/index.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { guestCartOrder, guestReceiver, orderSteps } from "../../test/order-helpers.js";
import { HOLD_ONLINE_ONLY } from "../orders/pay-methods.js";

// 限時搶購 holds (issue 51, decision 100): an unpaid order of a hold product is cancelled after
// the hold, its stock sold to the next buyer, and it can only be paid online.
const PRODUCT = 37;
const HOLD = 5;
let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let variant: number;

beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
  // Before the product is first read (its detail is cached).
  await t.database.db.update(products).set({ holdMinutes: HOLD }).where(eq(products.id, PRODUCT));
  variant = await s.variantOf(PRODUCT);
});
afterAll(() => t.close());

const THREE_DS_CARD = "4000000000003220";

async function cardOrder(cart: { lineIds: number[]; headers: Record<string, string> }, card = THREE_DS_CARD) {
  return s.store(guestCartOrder(cart.lineIds, { payment_method: "card", prime: await s.prime(card) }), { headers: cart.headers });
}
const orderRow = async (no: string) => (await t.database.db.select().from(orders).where(eq(orders.orderNo, no)))[0];

describe("限時搶購 holds", () => {
  test("the product says so: hold_minutes in the public API; the admin input checks 1–120 in zh-TW", async () => {
    const r = await t.call<ProductView>("GET", `/api/product/get?id=${PRODUCT}`);
    expect(r.body.data.hold_minutes).toBe(HOLD);
    const base = {
      category_id: 1,
      name: "搶購",
      images: ["/uploads/a.jpg"],
      variants: [{ sku: "F1", name: "單一", price: 100 }],
    };
    const over = productInput.safeParse({ ...base, hold_minutes: 121 });
    expect(over.success).toBe(false);
    expect(over.error?.issues.map((i) => i.message)).toContain("限時搶購保留時間最多 120 分鐘");
    const zero = productInput.safeParse({ ...base, hold_minutes: 0 });
    expect(zero.error?.issues.map((i) => i.message)).toContain("限時搶購保留時間至少 1 分鐘");
  });

  test("only methods that pay at once: transfer, ATM and cash on delivery are refused with 422", async () => {
    await s.setStock(variant, 10);
    const cart = await s.cartWith([{ variantId: variant, qty: 1 }]);
    const info = await t.call<PayInfo>("POST", "/api/order/pay_info", {
      body: { line_ids: cart.lineIds, ship_method: "hct" },
      headers: cart.headers,
    });
    const refused = info.body.data.payment_methods.filter((m) => !m.available).map((m) => [m.code, m.reason]);
    expect(refused).toEqual(
      expect.arrayContaining([
        ["atm", HOLD_ONLINE_ONLY],
        ["transfer", HOLD_ONLINE_ONLY],
        ["cod", HOLD_ONLINE_ONLY],
      ]),
    );
    expect(info.body.data.payment_methods.find((m) => m.code === "card")?.available).toBe(true);
    for (const method of ["transfer", "cod", "atm"]) {
      const r = await s.store(
        guestCartOrder(cart.lineIds, { payment_method: method, ...(method === "atm" ? { prime: await s.prime() } : {}) }),
        { headers: cart.headers },
      );
      expect([method, r.status, r.body.message]).toEqual([method, 422, HOLD_ONLINE_ONLY]);
    }
    expect(await s.stockOf(variant)).toBe(10);
  });

  test("a card order's deadline is the hold; changing the method later is refused and never extends it", async () => {
    const cart = await s.cartWith([{ variantId: variant, qty: 1 }]);
    const r = await cardOrder(cart);
    expect(r.status, r.body.message).toBe(200);
    const no = r.body.data.order_no;
    const o = await orderRow(no);
    expect((o?.payBy?.getTime() ?? 0) - (o?.createdAt.getTime() ?? 0)).toBe(HOLD * 60_000);
    const access = r.body.data.access_token ?? "";
    const view = (await s.detail(no, { phone: guestReceiver.phone, access })).body.data as OrderView;
    expect(view.pay_options.filter((p) => !p.available).map((p) => p.code)).toEqual(["atm", "transfer", "cod"]);
    const change = await t.call("POST", "/api/order/changePayment", {
      body: { order_no: no, phone: guestReceiver.phone, access_token: access, payment_method: "transfer" },
    });
    expect([change.status, change.body.message]).toEqual([422, HOLD_ONLINE_ONLY]);
    expect((await orderRow(no))?.payBy?.getTime()).toBe(o?.payBy?.getTime());
  });

  test("an unpaid hold order is cancelled by the sweep after the hold; its unit goes to the next buyer; a late card success is refunded", async () => {
    // The earlier test's unpaid order ends first.
    t.clock.advance(HOLD * 60 + 1);
    await t.services.orders.expireUnpaid();
    await s.setStock(variant, 1);
    const nextBuyer = await s.cartWith([{ variantId: variant, qty: 1 }]);
    const first = await cardOrder(await s.cartWith([{ variantId: variant, qty: 1 }]));
    expect(first.status, first.body.message).toBe(200);
    const next = first.body.data.next;
    if (next.type !== "redirect_3ds") throw new Error(`expected 3DS, got ${next.type}`);
    expect(await s.stockOf(variant)).toBe(0);
    // Sold out meanwhile: the next buyer is told so (a 4xx), nothing taken.
    const refused = await cardOrder(nextBuyer, "4242424242424242");
    expect(refused.status).toBe(409);

    // Not a minute early; then the sweep (ORDER_SWEEP_SECONDS later at most) releases the unit.
    t.clock.advance(HOLD * 60 - 30);
    await t.services.orders.expireUnpaid();
    expect((await orderRow(first.body.data.order_no))?.status).toBe("pending_payment");
    t.clock.advance(31);
    expect(await t.services.orders.expireUnpaid()).toBeGreaterThanOrEqual(1);
    expect((await orderRow(first.body.data.order_no))?.status).toBe("cancelled");
    expect(await s.stockOf(variant)).toBe(1);

    const second = await cardOrder(await s.cartWith([{ variantId: variant, qty: 1 }]), "4242424242424242");
    expect(second.status, second.body.message).toBe(200);
    expect((await orderRow(second.body.data.order_no))?.status).toBe("paid");
    expect(await s.stockOf(variant)).toBe(0);

    // The first buyer finishes 3-D Secure after the hold: the order stays cancelled (its unit is the
    // second buyer's), and the money goes back.
    const rec = new URL(next.url, "http://x").searchParams.get("rec_trade_id") ?? "";
    await t.app.inject({
      method: "POST",
      url: "/api/payments/simulator/3ds",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `rec_trade_id=${rec}&result=approve`,
    });
    const late = await orderRow(first.body.data.order_no);
    expect(late?.status).toBe("cancelled");
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, late?.id ?? 0));
    expect(rows.every((p) => p.status !== "paid")).toBe(true);
    expect(await s.stockOf(variant)).toBe(0);
    expect(await t.services.orderConsistency.moneyMismatches()).toEqual([]);
  });
});
