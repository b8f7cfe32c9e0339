import type { StaffOrder } from "@shop/contract/responses";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zipOfAddress } from "../../app/shipping-desks.js";
import { orderEvents, orders, shipMethods } from "../../db/schema/index.js";
import type { FakeEcpayLogistics } from "../../integrations/ecpay/fake-logistics.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { guestCartOrder, orderSteps } from "../../test/order-helpers.js";

const FAMILY = { type: "cvs_family", id: "006598", name: "全家台北信義店", address: "台北市信義區松仁路 100 號" };
const OK_STORE = { type: "cvs_ok", id: "1328", name: "OK 高雄中正店", address: "高雄市苓雅區中正一路 88 號" };

describe("黑貓 / 郵局 through ECPay, B2C store pick-up, and ECPay's status codes applied once", () => {
  let t: TestApp;
  let s: ReturnType<typeof orderSteps>;
  let staff: string;
  let ecpay: FakeEcpayLogistics;
  beforeAll(async () => {
    t = await createTestApp();
    s = orderSteps(t);
    staff = await s.staffToken("operator");
    ecpay = t.providers.ecpayCarrierSimulator as FakeEcpayLogistics;
    // 黑貓 and 郵局 come switched off (ship-method-defaults.ts); this shop offers them.
    await t.database.db
      .insert(shipMethods)
      .values([
        { shopId: 1, code: "tcat", name: "黑貓宅急便", fee: 130, enabled: false, sort: 8 },
        { shopId: 1, code: "post", name: "中華郵政宅配", fee: 100, enabled: false, sort: 9 },
      ])
      .onConflictDoNothing();
    const methods = await t.database.db
      .select()
      .from(shipMethods)
      .where(and(eq(shipMethods.shopId, 1), inArray(shipMethods.code, ["tcat", "post"])));
    expect(methods.map((m) => m.code).sort()).toEqual(["post", "tcat"]);
    for (const m of methods) {
      const body = { name: m.name, fee: m.fee, free_threshold: null, enabled: true, sort: m.sort };
      expect((await t.call("PUT", `/api/admin/ship_methods/${m.id}`, { token: staff, body })).status).toBe(200);
    }
  });
  afterAll(() => t.close());

  async function paidOrder(extra: Record<string, unknown>) {
    const v = await s.variantOf(35);
    await s.setStock(v, 50);
    const cart = await s.cartWith([{ variantId: v, qty: 1 }]);
    const r = await s.store(guestCartOrder(cart.lineIds, extra), { headers: cart.headers });
    expect(r.status, r.body.message).toBe(200);
    const no: string = r.body.data.order_no;
    await t.services.payments.confirmOffline(no, "staff:1", "staff");
    return no;
  }
  const create = (no: string) => t.call<StaffOrder>("POST", `/api/admin/orders/${no}/cvs_shipment`, { token: staff });
  const order = async (no: string) => (await t.call<StaffOrder>("GET", `/api/admin/orders/${no}`, { token: staff })).body.data;
  const simulate = (no: string) => t.call("POST", `/api/admin/orders/${no}/simulate_logistics`, { token: staff });
  const form = (fields: Record<string, string>) => ({
    rawBody: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  const history = (no: string, status: "delivered") =>
    t.database.db
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(and(eq(orders.orderNo, no), eq(orderEvents.toStatus, status)));

  it("a 黑貓 order ships with its consignment number, the 託運單 prints, the simulated pushes deliver it once", async () => {
    const no = await paidOrder({ ship_method: "tcat" });
    const r = await create(no);
    expect(r.status, r.body.message).toBe(200);
    const o = r.body.data;
    expect(o.status).toBe("shipped");
    expect(o.cvs_shipment).toMatchObject({ status: "created", sub_type: "TCAT" });
    expect(o.tracking_no).toBe(o.cvs_shipment?.booking_note);
    expect(ecpay.created.get(`${no}H1`)).toMatchObject({
      LogisticsType: "HOME",
      LogisticsSubType: "TCAT",
      MerchantID: "2000132",
      ReceiverZipCode: "100",
      Temperature: "0001",
      Specification: "0001",
      ScheduledDeliveryTime: "4",
    });
    // The sender's postal code comes from its address when SHIP_SENDER_ZIP is not set.
    expect(ecpay.created.get(`${no}H1`)?.SenderZipCode).toBe(zipOfAddress((await t.services.shops.footer(1)).address));
    expect([
      zipOfAddress("台北市大安區忠孝東路四段 100 號"),
      zipOfAddress("嘉義縣阿里山鄉中正村 1 號"),
      zipOfAddress("某處"),
    ]).toEqual(["106", "605", ""]);
    // 同縣市 when the sender (the main mall's address) is in the buyer's county (台北市), else 外縣市.
    const sender = (await t.services.shops.footer(1)).address.replaceAll("臺", "台");
    expect(ecpay.created.get(`${no}H1`)?.Distance).toBe(sender.startsWith("台北市") ? "00" : "01");
    const label = await t.call<{ action: string; fields: Record<string, string> }>("GET", `/api/admin/orders/${no}/cvs_label`, {
      token: staff,
    });
    expect(label.body.data.action).toBe("/api/ecpay/simulator/helper/printTradeDocument");
    const page = await t.call("POST", label.body.data.action, form(label.body.data.fields));
    expect(page.status).toBe(200);
    expect(String(page.body.data)).toContain("黑貓宅急便託運單");
    expect(String(page.body.data)).toContain(o.tracking_no ?? "-");

    for (const code of ["3001", "3006"]) expect((await simulate(no)).body.message).toContain(code);
    expect((await order(no)).status).toBe("shipped");
    const delivered = await simulate(no);
    expect(delivered.body.message).toContain("3003");
    expect((await order(no)).status).toBe("delivered");
    expect(await history(no, "delivered")).toHaveLength(1);
    expect((await simulate(no)).status).toBe(409);
    // ECPay retries the last push: nothing moves again.
    const replay = ecpay.statusPush(o.cvs_shipment?.logistics_id ?? "", "3003", "配完");
    const again = await t.call("POST", "/api/ecpay/logistics/notify", form(replay));
    expect([again.status, again.body.data]).toEqual([200, "1|OK"]);
    const steps = (await t.services.logistics.events(no)).map((e) => e.status);
    expect(["轉運中(已集貨)", "配送中", "配完"].map((x) => steps.filter((y) => y === x).length)).toEqual([1, 1, 1]);
    expect((await order(no)).cvs_shipment?.last_code).toBe("3003");
  });

  it("郵局 sends the weight; a chilled parcel to 郵局 is refused with the reason, nothing made", async () => {
    const no = await paidOrder({ ship_method: "post" });
    expect((await create(no)).status).toBe(200);
    // The weight priced at checkout (the order's parcel), in kg.
    const weightG = (await t.services.orders.byNo(no))?.parcel?.weight_g ?? 0;
    expect(weightG).toBeGreaterThan(0);
    expect(ecpay.created.get(`${no}H1`)).toMatchObject({ LogisticsSubType: "POST", GoodsWeight: String(weightG / 1000) });
    expect(ecpay.created.get(`${no}H1`)?.ScheduledDeliveryTime).toBeUndefined();

    const chilled = await paidOrder({ ship_method: "post" });
    await t.database.db
      .update(orders)
      .set({ parcel: { size: 60, weight_g: 800, temperature: "chilled", region: "main", delivery_time: "any" } })
      .where(eq(orders.orderNo, chilled));
    const refused = await create(chilled);
    expect([refused.status, refused.body.message]).toEqual([400, "中華郵政宅配僅寄送常溫包裹"]);
    expect([...ecpay.created.keys()].some((k) => k.startsWith(chilled))).toBe(false);
    expect((await order(chilled)).status).toBe("paid");
  });

  it("the polling job hears what no push said, once; a final code is not asked again", async () => {
    const no = await paidOrder({ ship_method: "tcat" });
    const id = (await create(no)).body.data.cvs_shipment?.logistics_id ?? "";
    // The simulator moves on without pushing (a push that never came).
    ecpay.advance(id);
    ecpay.advance(id);
    ecpay.advance(id);
    t.clock.advance(31 * 60);
    const polled = await t.services.ecpayStatus.poll();
    expect(polled.applied).toBeGreaterThanOrEqual(1);
    expect((await order(no)).status).toBe("delivered");
    expect(await history(no, "delivered")).toHaveLength(1);
    t.clock.advance(31 * 60);
    const due = await t.services.logistics.pollDue(["3003", "3308", "2067", "3022", "2074", "3020"], t.clock.now, 100);
    expect(due.map((d) => d.orderNo)).not.toContain(no);
  });

  it("a B2C shop: 全家 goes as FAMI under the B2C merchant, its 一段標 from printTradeDocument; OK is refused", async () => {
    await t.services.shops.setStoreContract(1, "b2c");
    try {
      const no = await paidOrder({ ship_method: "cvs_family", cvs_store: FAMILY, address: undefined });
      const r = await create(no);
      expect(r.status, r.body.message).toBe(200);
      expect(ecpay.created.get(`${no}S1`)).toMatchObject({ LogisticsSubType: "FAMI", MerchantID: "2000132" });
      const label = await t.call<{ action: string }>("GET", `/api/admin/orders/${no}/cvs_label`, { token: staff });
      expect(label.body.data.action).toBe("/api/ecpay/simulator/helper/printTradeDocument");
      for (const code of ["3024", "3018"]) expect((await simulate(no)).body.message).toContain(code);
      expect(await t.services.outbox.forEvent(`order:${no}:at_store`)).toHaveLength(1);
      expect((await simulate(no)).body.message).toContain("3022");
      expect((await order(no)).status).toBe("delivered");

      const ok = await paidOrder({ ship_method: "cvs_ok", cvs_store: OK_STORE, address: undefined });
      expect(await create(ok).then((x) => [x.status, x.body.message])).toEqual([
        400,
        "B2C 合約不提供 OK 超商取貨，請改用其他方式出貨",
      ]);
    } finally {
      await t.services.shops.setStoreContract(1, "");
    }
  });
});
