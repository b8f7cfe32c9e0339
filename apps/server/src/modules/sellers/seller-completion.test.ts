import type { SellerOrderView, StoreResult } from "@shop/contract";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { guestReceiver, homeAddress, orderSteps } from "../../test/order-helpers.js";

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let seller: string;
let sellerId: number;
beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
  seller = await s.login(DEMO_ACCOUNTS.seller.phone, DEMO_ACCOUNTS.seller.password);
  sellerId = (await t.services.auth.authenticate(seller))?.member.id ?? 0;
});
afterAll(() => t.close());

const call = <T>(path: string, body: unknown) => t.call<T>("POST", `/api/seller/${path}`, { body, token: seller });
const walletOf = async () => (await t.services.loyalty.balances(sellerId)).wallet;

/** A guest's transfer order in shop 2, delivered by the seller, paid and in their hands. */
async function paidSelfOrder() {
  const v = await s.variantOf(1);
  const r = await t.call<StoreResult>("POST", "/api/order/store/fast", {
    body: {
      variant_id: v,
      qty: 1,
      shop_id: 2,
      ship_method: "self",
      payment_method: "transfer",
      receiver: guestReceiver,
      address: homeAddress,
      invoice: { type: "member" },
    },
  });
  if (r.status !== 200) throw new Error(`${r.status} ${r.body.message}`);
  const orderNo = r.body.data.order_no;
  expect((await call("updateSellerPayment", { order_no: orderNo })).status).toBe(200);
  return orderNo;
}

describe("a seller's own delivery", () => {
  test("ships with no tracking number (a hand delivery has none), or with a short note", async () => {
    const orderNo = await paidSelfOrder();
    const r = await call<SellerOrderView>("updateSelfShip", { order_no: orderNo, carrier: "專人配送", tracking_no: "" });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: "shipped", carrier: "專人配送", tracking_no: null });
    const noted = await paidSelfOrder();
    const n = await call<SellerOrderView>("updateSelfShip", { order_no: noted, carrier: "專人配送", tracking_no: "下午親送" });
    expect(n.body.data).toMatchObject({ status: "shipped", tracking_no: "下午親送" });
    const long = await call("updateSelfShip", { order_no: noted, carrier: "專人配送", tracking_no: "x".repeat(31) });
    expect(long.body.message).toBe("輸入資料有誤：物流單號或備註最多 30 個字");
  });
});

describe("a seller completes an order only after the appraisal period (the main mall's rule)", () => {
  test("not while shipped nor right after delivery; the date it becomes possible is shown; then once", async () => {
    const orderNo = await paidSelfOrder();
    await call("updateSelfShip", { order_no: orderNo, carrier: "專人配送", tracking_no: "" });
    const wallet = await walletOf();
    const early = await call("updateFinish", { order_no: orderNo });
    expect(early.status).toBe(409);
    expect((await t.services.orders.byNo(orderNo))?.status).toBe("shipped");

    const delivered = await call<SellerOrderView>("updateShipStatus", { order_no: orderNo, status: "delivered" });
    expect(delivered.body.data.status).toBe("delivered");
    const days = await t.services.shops.numberSetting("order_complete_days");
    const deliveredAt = (await t.services.orders.byNo(orderNo))?.deliveredAt?.getTime() ?? 0;
    expect(delivered.body.data.actions.finish).toBe(false);
    expect(delivered.body.data.actions.finish_after).toBe(new Date(deliveredAt + days * 86_400_000).toISOString());
    const refused = await call("updateFinish", { order_no: orderNo });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^鑑賞期內無法完成訂單，\d{4}\/\d{2}\/\d{2} 起可完成$/);
    expect(await walletOf()).toBe(wallet);

    t.clock.advance(days * 86_400 + 60);
    const view = (await call<SellerOrderView>("detail", { order_no: orderNo })).body.data;
    expect(view.actions.finish).toBe(true);
    const done = await call<SellerOrderView>("updateFinish", { order_no: orderNo });
    expect(done.body.data.status).toBe("completed");
    expect(await walletOf()).toBe(wallet + view.commission);
    expect((await call("updateFinish", { order_no: orderNo })).status).toBe(409);
    expect(await walletOf()).toBe(wallet + view.commission);
  });
});
