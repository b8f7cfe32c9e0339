import type { OrderView, PayInfo, TrackingView } from "@shop/contract";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { guestReceiver, homeAddress, orderSteps } from "../../test/order-helpers.js";
import { signHctPush } from "./hct-notify.js";

const SECRET = "hct-test-secret-0123456789";
let t: TestApp;
let s: ReturnType<typeof orderSteps>;
beforeAll(async () => {
  t = await createTestApp({ env: { HCT_NOTIFY_SECRET: SECRET } });
  s = orderSteps(t);
});
afterAll(() => t.close());

async function shippedOrder(): Promise<string> {
  const v = await s.variantOf(34);
  await s.setStock(v, 10);
  const cart = await s.cartWith([{ variantId: v, qty: 1 }]);
  const r = await s.store(
    {
      line_ids: cart.lineIds,
      ship_method: "hct",
      payment_method: "cod",
      receiver: guestReceiver,
      address: homeAddress,
      invoice: { type: "member" },
    },
    { headers: cart.headers },
  );
  const orderNo = r.body.data.order_no;
  await t.services.payments.confirmOffline(orderNo, "staff:1", "staff");
  await t.services.orders.advance(orderNo, "processing", "staff:1");
  await t.services.orders.advance(orderNo, "shipped", "staff:1", { trackingNo: "HCT7700001" });
  return orderNo;
}

const push = (raw: string, signature: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/logistics/hct/notify",
    headers: { "content-type": "application/json", "x-hct-signature": signature },
    payload: raw,
  });

describe("HCT tracking pushes", () => {
  test("signed events are added once; 'delivered' moves the order; the buyer sees the timeline", async () => {
    const orderNo = await shippedOrder();
    const raw = JSON.stringify({
      order_no: orderNo,
      tracking_no: "HCT7700001",
      events: [
        { at: "2026-11-22T09:00:00+08:00", status: "已到達營業所", location: "台北營業所" },
        { at: "2026-11-22T13:30:00+08:00", status: "配送中", location: "台北營業所" },
      ],
      delivered: true,
    });
    expect((await push(raw, signHctPush(SECRET, raw))).statusCode).toBe(200);
    expect((await push(raw, signHctPush(SECRET, raw))).statusCode).toBe(200);
    const tracking = await t.call<TrackingView>("GET", `/api/order/hct_detail?order_no=${orderNo}&phone=${guestReceiver.phone}`);
    expect(tracking.body.data.status).toBe("delivered");
    const statuses = tracking.body.data.events.map((e) => e.status);
    expect(statuses.filter((x) => x === "配送中")).toHaveLength(1);
    expect(statuses).toEqual(expect.arrayContaining(["已出貨", "已到達營業所", "配送中", "已送達"]));
  });

  test("a wrong signature, a tracking number of another order or a malformed body change nothing", async () => {
    const orderNo = await shippedOrder();
    const raw = JSON.stringify({ order_no: orderNo, tracking_no: "HCT7700001", events: [], delivered: true });
    const forged = await push(raw, signHctPush("another-secret-0123456789", raw));
    expect(forged.statusCode).toBe(403);
    // A signature of the right length in characters but not in bytes is a bad signature, not a crash.
    const accented = await push(raw, "é".repeat(64));
    expect(accented.statusCode).toBe(403);
    expect(accented.json().message).toBe("簽章驗證失敗");
    const other = JSON.stringify({ order_no: orderNo, tracking_no: "HCT0000000", events: [], delivered: true });
    expect((await push(other, signHctPush(SECRET, other))).statusCode).toBe(404);
    const bad = "{not json";
    expect((await push(bad, signHctPush(SECRET, bad))).statusCode).toBe(400);
    const d = await t.call<OrderView>("POST", "/api/order/detail", { body: { order_no: orderNo, phone: guestReceiver.phone } });
    expect(d.body.data.status).toBe("shipped");
  });
});

describe("seller self-delivery in a sub-mall", () => {
  test("shop_2 offers its own delivery; the main mall does not; a member of shop_2 orders with it", async () => {
    const token = await s.login(DEMO_ACCOUNTS.shop2Member.phone, DEMO_ACCOUNTS.shop2Member.password);
    const v = await s.variantOf(2);
    const cart = await t.call<{ lines: Array<{ line_id: number }> }>("POST", "/api/cart/store", {
      body: { variant_id: v, qty: 1, shop_id: 2 },
      token,
    });
    const lineIds = cart.body.data.lines.map((l) => l.line_id);
    const info = await t.call<PayInfo>("POST", "/api/order/pay_info", {
      body: { line_ids: lineIds, shop_id: 2, ship_method: "self" },
      token,
    });
    expect(info.body.data.ship_methods.map((m) => m.code)).toContain("self");
    expect(info.body.data.quote.shipping_fee).toBe(80);
    const main = await t.call<PayInfo>("POST", "/api/order/pay_info", {
      body: { line_ids: lineIds, shop_id: 1, ship_method: "self" },
      token,
    });
    expect(main.status).toBe(422);
    const r = await s.store(
      {
        line_ids: lineIds,
        shop_id: 2,
        ship_method: "self",
        payment_method: "transfer",
        receiver: { name: "林小美", phone: DEMO_ACCOUNTS.shop2Member.phone },
        address: homeAddress,
        invoice: { type: "member" },
      },
      { token },
    );
    expect(r.status).toBe(200);
    const d = await t.call<OrderView>("POST", "/api/order/detail", { body: { order_no: r.body.data.order_no }, token });
    expect(d.body.data).toMatchObject({ shop_id: 2, ship_method: "self", ship_method_name: "賣家自行配送" });
    // Self-delivery ships without a carrier's tracking number.
    await t.services.payments.confirmOffline(r.body.data.order_no, "seller:2", "staff");
    await t.services.orders.advance(r.body.data.order_no, "processing", "seller:2");
    await t.services.orders.advance(r.body.data.order_no, "shipped", "seller:2");
  });
});
