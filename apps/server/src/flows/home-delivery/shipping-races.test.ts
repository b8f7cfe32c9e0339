import type { StaffOrder } from "@shop/contract/responses";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { carrierCodesApplied, orderEvents, orders, shipMethods } from "../../db/schema/index.js";
import type { FakeEcpayLogistics } from "../../integrations/ecpay/fake-logistics.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { guestCartOrder, orderSteps } from "../../test/order-helpers.js";

/**
 * ECPay's status codes under fire (issue 49, decision 90): a push replayed 20× at once, and a push
 * racing the polling job, act once (carrier_codes_applied is inserted in the effect's transaction).
 * Transactions really overlap on PostgreSQL (`node scripts/with-pg-database.mjs vitest run <file>`);
 * PGlite runs them one at a time.
 */
const RIVALS = 20;
const SEVEN = { type: "cvs_711", id: "131386", name: "建盛門市", address: "台北市中正區重慶南路一段 122 號" };

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let staff = "";
let ecpay: FakeEcpayLogistics;

beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
  staff = await s.staffToken("operator");
  ecpay = t.providers.ecpayCarrierSimulator as FakeEcpayLogistics;
  await t.database.db
    .insert(shipMethods)
    .values([{ shopId: 1, code: "tcat", name: "黑貓宅急便", fee: 130, enabled: false, sort: 8 }])
    .onConflictDoNothing();
  const [tcat] = await t.database.db
    .select()
    .from(shipMethods)
    .where(inArray(shipMethods.code, ["tcat"]));
  const body = { name: "黑貓宅急便", fee: 130, free_threshold: null, enabled: true, sort: tcat?.sort ?? 8 };
  expect((await t.call("PUT", `/api/admin/ship_methods/${tcat?.id}`, { token: staff, body })).status).toBe(200);
}, 120_000);
afterAll(() => t.close());

/** A paid order shipped through ECPay; its AllPayLogisticsID. */
async function shipped(extra: Record<string, unknown>) {
  const v = await s.variantOf(35);
  await s.setStock(v, 500);
  const cart = await s.cartWith([{ variantId: v, qty: 1 }]);
  const r = await s.store(guestCartOrder(cart.lineIds, extra), { headers: cart.headers });
  expect(r.status, r.body.message).toBe(200);
  const no: string = r.body.data.order_no;
  await t.services.payments.confirmOffline(no, "staff:1", "staff");
  const made = await t.call<StaffOrder>("POST", `/api/admin/orders/${no}/cvs_shipment`, { token: staff });
  expect(made.status, made.body.message).toBe(200);
  return { no, id: made.body.data.cvs_shipment?.logistics_id ?? "" };
}
const push = (fields: Record<string, string>) =>
  t.call("POST", "/api/ecpay/logistics/notify", {
    rawBody: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
const deliveredEntries = (no: string) =>
  t.database.db
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(and(eq(orders.orderNo, no), eq(orderEvents.toStatus, "delivered")));
const applied = (id: string) => t.database.db.select().from(carrierCodesApplied).where(eq(carrierCodesApplied.subject, id));

describe("ECPay status codes act once", () => {
  test(`a delivered push replayed ${RIVALS}× at once moves the order once (one history entry, one event)`, async () => {
    const { no, id } = await shipped({ ship_method: "tcat" });
    const delivered = ecpay.statusPush(id, "3003", "配完");
    const answers = await Promise.all(Array.from({ length: RIVALS }, () => push(delivered)));
    expect(answers.map((a) => [a.status, a.body.data])).toEqual(Array(RIVALS).fill([200, "1|OK"]));
    expect((await t.services.orders.byNo(no))?.status).toBe("delivered");
    expect(await deliveredEntries(no)).toHaveLength(1);
    expect(await applied(id)).toHaveLength(1);
    expect((await t.services.logistics.events(no)).filter((e) => e.status === "配完")).toHaveLength(1);
    // Whatever 已送達 message the shop sends, it is queued at most once per channel.
    const told = await t.services.outbox.forEvent(`order:${no}:delivered`);
    expect(new Set(told.map((m) => m.channel)).size).toBe(told.length);
  });

  test(`an at-store push replayed ${RIVALS}× at once tells the buyer once`, async () => {
    const { no, id } = await shipped({ ship_method: "cvs_711", cvs_store: SEVEN, address: undefined });
    const atStore = ecpay.statusPush(id, "2063", "門市配達");
    const answers = await Promise.all(Array.from({ length: RIVALS }, () => push(atStore)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await t.services.outbox.forEvent(`order:${no}:at_store`)).toHaveLength(1);
    // The code once, and the at-store step once (a second at-store code, 2073, would not tell again).
    expect((await applied(id)).map((r) => r.code).sort()).toEqual(["2063", "step:at_store"]);
    const again = await push(ecpay.statusPush(id, "2073", "門市配達"));
    expect(again.status).toBe(200);
    expect(await t.services.outbox.forEvent(`order:${no}:at_store`)).toHaveLength(1);
    expect((await t.services.orders.byNo(no))?.status).toBe("shipped");
  });

  test("a push racing the polling job moves the order once", async () => {
    const { no, id } = await shipped({ ship_method: "tcat" });
    for (const _ of [1, 2]) ecpay.advance(id);
    const delivered = ecpay.advance(id);
    expect(delivered?.RtnCode).toBe("3003");
    t.clock.advance(31 * 60);
    const [poll, ...pushes] = await Promise.all([
      t.services.ecpayStatus.poll(),
      ...Array.from({ length: 5 }, () => push(delivered ?? {})),
    ]);
    expect(pushes.every((p) => p.status === 200)).toBe(true);
    expect(poll.failed).toBe(0);
    expect((await t.services.orders.byNo(no))?.status).toBe("delivered");
    expect(await deliveredEntries(no)).toHaveLength(1);
    expect((await applied(id)).map((a) => a.code)).toEqual(["3003"]);
  });
});
