import type { OrderView } from "@shop/contract";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { notifications, orderEvents, orders, returnRequests } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import type { FakeEcpayReturns } from "../../integrations/ecpay/fake-logistics-returns.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { orderSteps } from "../../test/order-helpers.js";

/**
 * 逆物流 (decision 91): approval books the return parcel with ECPay; the carrier's pushes move it
 * once per code. Pushes replayed 20× together really overlap on PostgreSQL (TEST_DATABASE_URL);
 * PGlite runs them one at a time.
 */
const ACCOUNT = { bank_user_name: "王小明", bank_code: "004", branch_code: "0037", bank_account: "12345678901234" };
const SEVEN = { type: "cvs_711", id: "131386", name: "建盛門市", address: "台北市中正區重慶南路一段 122 號" };

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let token = "";
let staff = "";
let variant = 0;
let fake: FakeEcpayReturns;
beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
  token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
  staff = await s.staffToken();
  variant = await s.variantOf(34);
  await s.setStock(variant, 200);
  fake = t.providers.ecpayReturnsSimulator as FakeEcpayReturns;
}, 120_000);
afterAll(() => t.close());

/** A member's delivered order (store pick-up or home delivery) with a return asked for; the request's id. */
async function asked(store: boolean) {
  const extra = store ? { ship_method: "cvs_711", cvs_store: SEVEN, address: undefined } : {};
  const { order_no: no } = await s.memberOrder(token, variant, extra);
  await t.services.payments.confirmOffline(no, "staff:1", "staff");
  await t.services.orders.advance(no, "shipped", "staff:1", { trackingNo: "C1234567" });
  await t.services.orders.advance(no, "delivered", "staff:1");
  const r = await t.call<{ id: number }>("POST", "/api/order/return", {
    token,
    body: { order_no: no, items: [{ variant_id: variant, qty: 1 }], reason: "damaged", note: "", refund_account: ACCOUNT },
  });
  expect(r.status, r.body.message).toBe(200);
  return { no, id: r.body.data.id };
}
const approve = (id: number, body: Record<string, unknown>) =>
  t.call<{ status: string }>("POST", `/api/admin/returns/${id}/approve`, { token: staff, body });
/** ECPay's push to the return's ServerReplyURL (its id signed by the contract's keys unless `sig` is given). */
const push = (id: number, fields: Record<string, string>, sig = t.providers.ecpayReturns.replySignature(id)) =>
  t.call("POST", `/api/ecpay/logistics/return-notify?return=${id}&sig=${sig}`, {
    rawBody: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
const row = async (id: number) => (await t.database.db.select().from(returnRequests).where(eq(returnRequests.id, id)))[0];
const view = async (no: string) => ((await s.detail(no, { token })).body.data as OrderView).return_request;

describe("逆物流: returns through the store chain or a 黑貓 pick-up", () => {
  test("the default is the order's own chain; approval books 7-ELEVEN and the buyer reads the code", async () => {
    const { no, id } = await asked(true);
    const d = await t.call<{ return_carrier: string }>("GET", `/api/admin/returns/${id}/default_carrier`, { token: staff });
    expect(d.body.data.return_carrier).toBe("cvs_711");
    const r = await approve(id, { return_carrier: "cvs_711" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const saved = await row(id);
    expect(saved).toMatchObject({ status: "approved", returnCarrier: "cvs_711", returnParcelStatus: "booked" });
    expect(saved?.storeReturnCode).toMatch(/^\d{8}$/);
    const booked = fake.booked.get(saved?.returnLogisticsId ?? "");
    expect(booked).toMatchObject({ ServiceType: "4", CollectionAmount: "0", SenderName: "王小明", MerchantID: "2000132" });
    expect(booked?.ServerReplyURL).toMatch(new RegExp(`/api/ecpay/logistics/return-notify\\?return=${id}&sig=[0-9a-f]{32}$`));
    const send = (await view(no))?.send_back;
    expect(send?.how).toBe(`請於 7 天內至任一 7-ELEVEN 門市，以退貨編號 ${saved?.storeReturnCode} 寄回（免付運費）。`);
    expect(send?.parcel_label).toBe("等待寄回");
    // The approval message carries the code too.
    const [told] = await t.database.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(like(notifications.title, `訂單 ${no} 退貨申請已核准%`));
    expect(told?.body).toContain(`以退貨編號 ${saved?.storeReturnCode} 寄回（免付運費）`);
  });

  test("a refusal from ECPay is a 502 with the reason, and the request stays requested", async () => {
    const { id } = await asked(true);
    fake.failNext("門市代碼錯誤");
    const r = await approve(id, { return_carrier: "cvs_family" });
    expect(r.status).toBe(502);
    expect(r.body.message).toBe("綠界無法建立退貨寄件：門市代碼錯誤，申請維持待審核");
    expect(await row(id)).toMatchObject({
      status: "requested",
      returnCarrier: null,
      storeReturnCode: "",
      returnParcelStatus: "",
    });
  });

  test("a home-delivery order is picked up by 黑貓 from the buyer's address", async () => {
    const { no, id } = await asked(false);
    expect(
      (await t.call<{ return_carrier: string }>("GET", `/api/admin/returns/${id}/default_carrier`, { token: staff })).body.data
        .return_carrier,
    ).toBe("tcat");
    const r = await approve(id, { return_carrier: "tcat" });
    expect(r.status, r.body.message).toBe(200);
    const form = [...fake.booked.values()].at(-1);
    expect(form).toMatchObject({ ScheduledPickupTime: "4", SenderName: "王小明", LogisticsSubType: "TCAT" });
    expect((await view(no))?.send_back?.how).toContain("黑貓宅急便將於 1–2 個工作天內至您的收件地址取件");
  });

  test("a push replayed 20× together moves the parcel once; a forged push, or another parcel's, is refused", async () => {
    const { no, id } = await asked(true);
    expect((await approve(id, { return_carrier: "cvs_711" })).status).toBe(200);
    const lid = (await row(id))?.returnLogisticsId ?? "";
    const forged = { ...fake.push(lid, "2068", "買家已至門市寄件"), RtnCode: "2070" };
    expect((await push(id, forged)).status).toBe(403);
    // A genuinely signed push for another parcel, sent to this return's URL, moves nothing.
    const otherParcel = await push(id, fake.push(`${lid}9`, "2068", "買家已至門市寄件"));
    expect(otherParcel.status).toBe(409);
    // The return id in the URL is signed: another return's URL, or none, is refused.
    expect(
      (await push(id, fake.push(lid, "2068", "買家已至門市寄件"), t.providers.ecpayReturns.replySignature(id + 1))).status,
    ).toBe(403);
    expect((await push(id, fake.push(lid, "2068", "買家已至門市寄件"), "")).status).toBe(403);
    expect((await row(id))?.returnParcelStatus).toBe("booked");
    const fields = fake.push(lid, "2068", "買家已至門市寄件");
    const answers = await Promise.all(Array.from({ length: 20 }, () => push(id, fields)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect((await row(id))?.returnParcelStatus).toBe("in_transit");
    const [order] = await t.database.db.select().from(orders).where(eq(orders.orderNo, no));
    const events = await t.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order?.id ?? 0), like(orderEvents.reason, "退貨包裹：%")));
    expect(events).toHaveLength(1);
    // 測試模式's button sends the next status: back at the shop; then nothing follows.
    const sim = await t.call("POST", `/api/admin/returns/${id}/simulate_parcel`, { token: staff });
    expect(sim.status, sim.body.message).toBe(200);
    expect((await row(id))?.returnParcelStatus).toBe("back");
    expect((await view(no))?.send_back?.parcel_label).toBe("包裹已退回");
    expect((await t.call("POST", `/api/admin/returns/${id}/simulate_parcel`, { token: staff })).status).toBe(409);
    // Staff still receive and refund as before.
    expect(
      (await t.call("POST", `/api/admin/returns/${id}/receive`, { token: staff, body: { disposition: "restock" } })).status,
    ).toBe(200);
    const refunded = await t.call<{ status: string }>("POST", `/api/admin/returns/${id}/refund`, { token: staff, body: {} });
    expect(refunded.body.data.status).toBe("refunded");
  });
});
