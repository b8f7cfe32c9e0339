import type { StaffOrder } from "@shop/contract/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeEcpayLogistics } from "../../integrations/ecpay/fake-logistics.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { guestCartOrder, orderSteps } from "../../test/order-helpers.js";

const SEVEN = { type: "cvs_711", id: "131386", name: "建盛門市", address: "台北市中正區重慶南路一段 122 號" };
const FAMILY = { type: "cvs_family", id: "006598", name: "全家台北信義店", address: "台北市信義區松仁路 100 號" };

describe("超商寄件: ECPay store shipments made from the order", () => {
  let t: TestApp;
  let s: ReturnType<typeof orderSteps>;
  let staff: string;
  let ecpay: FakeEcpayLogistics;
  beforeAll(async () => {
    t = await createTestApp();
    s = orderSteps(t);
    staff = await s.staffToken("operator");
    ecpay = t.providers.ecpayCarrierSimulator as FakeEcpayLogistics;
  });
  afterAll(() => t.close());

  async function cvsOrder(payment: "cod" | "transfer", store = SEVEN) {
    const v = await s.variantOf(35);
    await s.setStock(v, 50);
    const cart = await s.cartWith([{ variantId: v, qty: 1 }]);
    const body = guestCartOrder(cart.lineIds, { payment_method: payment, ship_method: store.type, cvs_store: store });
    const r = await s.store({ ...body, address: undefined }, { headers: cart.headers });
    expect(r.status, r.body.message).toBe(200);
    return r.body.data.order_no;
  }
  const create = (no: string, token = staff) => t.call<StaffOrder>("POST", `/api/admin/orders/${no}/cvs_shipment`, { token });
  const order = async (no: string) => (await t.call<StaffOrder>("GET", `/api/admin/orders/${no}`, { token: staff })).body.data;
  const push = (fields: Record<string, string>) =>
    t.call("POST", "/api/ecpay/logistics/notify", {
      rawBody: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  const tradesOf = (no: string) => [...ecpay.created.keys()].filter((k) => k.startsWith(no));

  it("a cash-on-delivery order ships with its 寄件代碼, the store collects the payable, the label prints", async () => {
    const no = await cvsOrder("cod");
    const r = await create(no);
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.message).toBe("已建立寄件單並出貨");
    const o = r.body.data;
    expect(o.status).toBe("shipped");
    expect(o.cvs_shipment).toMatchObject({ status: "created", error: "" });
    expect(o.tracking_no).toBe(`${o.cvs_shipment?.payment_no}${o.cvs_shipment?.validation_no}`);
    expect(ecpay.created.get(`${no}S1`)).toMatchObject({
      LogisticsSubType: "UNIMARTC2C",
      IsCollection: "Y",
      CollectionAmount: String(o.payable),
      ReceiverStoreID: "131386",
      ReceiverName: "陳大文",
    });
    // Pressed again: the order has shipped; nothing new is made at ECPay.
    expect((await create(no)).status).toBe(409);
    expect(tradesOf(no)).toEqual([`${no}S1`]);

    const label = await t.call<{ action: string; fields: Record<string, string> }>("GET", `/api/admin/orders/${no}/cvs_label`, {
      token: staff,
    });
    expect(label.body.data.action).toBe("/api/ecpay/simulator/Express/PrintUniMartC2COrderInfo");
    const page = await t.call("POST", label.body.data.action, {
      rawBody: new URLSearchParams(label.body.data.fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(page.status).toBe(200);
    expect(String(page.body.data)).toContain(o.cvs_shipment?.payment_no);
    expect(String(page.body.data)).toContain("測試模式");
  });

  it("ECPay's pushes: at the store the buyer is told once, picked up the order is delivered and the cash collected", async () => {
    const no = await cvsOrder("cod");
    const shipped = (await create(no)).body.data;
    const id = shipped.cvs_shipment?.logistics_id ?? "";
    const atStore = ecpay.statusPush(id, "2063", "商品已到門市");
    for (const _ of [1, 2]) {
      const r = await push(atStore);
      expect([r.status, r.body.data]).toEqual([200, "1|OK"]);
    }
    const told = await t.services.outbox.forEvent(`order:${no}:at_store`);
    expect(told.map((m) => m.channel).sort()).toEqual(["sms"]);
    expect(told[0]?.body).toContain("建盛門市");
    expect(told[0]?.body).toContain(`取貨時付款 NT$${shipped.payable.toLocaleString("en-US")}`);
    expect((await order(no)).status).toBe("shipped");

    // A forged push (changed code) and one for a shipment we never made change nothing.
    expect((await push({ ...ecpay.statusPush(id, "2063", "x"), RtnCode: "2067" })).status).toBe(403);
    expect((await push(ecpay.statusPush("999999", "2067", "消費者成功取件"))).status).toBe(404);
    expect((await order(no)).status).toBe("shipped");

    const pickedUp = ecpay.statusPush(id, "2067", "消費者成功取件");
    expect((await push(pickedUp)).status).toBe(200);
    expect((await push(pickedUp)).status).toBe(200);
    const done = await order(no);
    expect(done.status).toBe("delivered");
    expect(done.can_confirm_payment).toBe(false);
    const events = await t.services.logistics.events(no);
    // Each carrier step is on the delivery page once, beside the order's own 已出貨 / 已送達.
    const steps = events.map((e) => e.status);
    expect(["商品已到門市", "消費者成功取件", "已送達"].map((x) => steps.filter((y) => y === x).length)).toEqual([1, 1, 1]);
  });

  it("day 5 at the store: a parcel still waiting is reminded once; one picked up is not", async () => {
    const waiting = await cvsOrder("cod");
    const collected = await cvsOrder("cod");
    for (const no of [waiting, collected]) {
      const id = (await create(no)).body.data.cvs_shipment?.logistics_id ?? "";
      await push(ecpay.statusPush(id, "2063", "商品已到門市", t.clock.now));
      await push(ecpay.statusPush(id, "2063", "商品已到門市", t.clock.now));
      if (no === collected) await push(ecpay.statusPush(id, "2067", "消費者成功取件", t.clock.now));
    }
    t.clock.advance(3 * 86_400);
    await t.services.jobs.runDue();
    expect(await t.services.outbox.forEvent(`order:${waiting}:pickup_reminder`)).toEqual([]);
    t.clock.advance(86_400 + 60);
    await t.services.jobs.runDue();
    await t.services.jobs.runDue();
    const reminded = await t.services.outbox.forEvent(`order:${waiting}:pickup_reminder`);
    expect(reminded.map((m) => m.channel)).toEqual(["sms"]);
    expect(reminded[0]?.body).toContain("包裹仍在 建盛門市 等您");
    expect(await t.services.outbox.forEvent(`order:${collected}:pickup_reminder`)).toEqual([]);
    // Staff tokens live 12 hours: the rest of the file signs in again.
    staff = await s.staffToken("operator");
  });

  it("a refusal or no answer leaves the order unshipped with the reason; the next try is a new attempt", async () => {
    const no = await cvsOrder("transfer", FAMILY);
    await t.services.payments.confirmOffline(no, "staff:1", "staff");
    ecpay.failNext("ReceiverStoreID 門市已關轉");
    const refused = await create(no);
    expect([refused.status, refused.body.message]).toEqual([502, "建立寄件單失敗：ReceiverStoreID 門市已關轉"]);
    const after = await order(no);
    expect(after.status).toBe("paid");
    expect(after.cvs_shipment).toMatchObject({ status: "failed", error: "ReceiverStoreID 門市已關轉" });
    ecpay.failNext("hang");
    expect((await create(no)).status).toBe(502);
    const ok = await create(no);
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.data.status).toBe("shipped");
    expect(tradesOf(no)).toEqual([`${no}S3`]);
    expect(ecpay.created.get(`${no}S3`)).toMatchObject({ LogisticsSubType: "FAMIC2C", IsCollection: "N" });
  });

  it("two staff pressing at once make one shipment", async () => {
    const no = await cvsOrder("cod");
    const both = await Promise.all([create(no), create(no)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(tradesOf(no)).toHaveLength(1);
    expect((await order(no)).status).toBe("shipped");
  });

  it("a claim left by a process that died mid-request lapses: the order can be shipped again", async () => {
    const no = await cvsOrder("cod");
    await t.services.logistics.claimCvsShipment(no);
    expect((await create(no)).body.message).toBe("寄件單建立中，請稍候再試");
    t.clock.advance(121);
    const r = await create(no);
    expect(r.status, r.body.message).toBe(200);
    expect(tradesOf(no)).toEqual([`${no}S2`]);
  });

  it("a home-delivery order, an unknown order, a label before the shipment, support staff: refused", async () => {
    const v = await s.variantOf(35);
    const cart = await s.cartWith([{ variantId: v, qty: 1 }]);
    const home = (await s.store(guestCartOrder(cart.lineIds, { payment_method: "cod" }), { headers: cart.headers })).body.data
      .order_no;
    expect(await create(home).then((r) => [r.status, r.body.message])).toEqual([400, "此訂單不是超商取貨，請填寫託運單號出貨"]);
    expect((await create("20990101000000")).status).toBe(404);
    const fresh = await cvsOrder("cod");
    expect((await t.call("GET", `/api/admin/orders/${fresh}/cvs_label`, { token: staff })).status).toBe(404);
    expect((await create(fresh, await s.staffToken("support"))).status).toBe(403);
    expect((await order(fresh)).status).toBe("pending_payment");
  });
});
