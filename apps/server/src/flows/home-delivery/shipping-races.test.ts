import type { StaffOrder } from "@shop/contract/responses";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
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
  test("an at-store code racing staff marking the order delivered: told at most once, never when staff won", async () => {
    const cases = await Promise.all(
      [1, 2, 3, 4].map(() => shipped({ ship_method: "cvs_711", cvs_store: SEVEN, address: undefined })),
    );
    await Promise.all(
      cases.flatMap(({ no, id }) => [
        t.call("POST", `/api/admin/orders/${no}/deliver`, { token: staff }),
        ...[1, 2, 3].map(() => push(ecpay.statusPush(id, "2063", "門市配達"))),
      ]),
    );
    for (const { no, id } of cases) {
      expect((await t.services.orders.byNo(no))?.status).toBe("delivered");
      expect((await t.services.outbox.forEvent(`order:${no}:at_store`)).length).toBeLessThanOrEqual(1);
      expect((await applied(id)).map((r) => r.code)).toContain("2063");
    }
    // Once delivered, a late at-store code is history only.
    const { no, id } = await shipped({ ship_method: "cvs_711", cvs_store: SEVEN, address: undefined });
    expect((await t.call("POST", `/api/admin/orders/${no}/deliver`, { token: staff })).status).toBe(200);
    expect((await push(ecpay.statusPush(id, "2063", "門市配達"))).status).toBe(200);
    expect(await t.services.outbox.forEvent(`order:${no}:at_store`)).toHaveLength(0);
  });

  // PGlite has one connection: a transaction held open by the test would stall the push behind it.
  test.skipIf(!process.env.TEST_DATABASE_URL)(
    "an at-store code arriving while staff's delivery is mid-commit waits for it and tells no one",
    async () => {
      const { no, id } = await shipped({ ship_method: "cvs_711", cvs_store: SEVEN, address: undefined });
      let pushed: ReturnType<typeof push> | undefined;
      await t.database.db.transaction(async (tx) => {
        // Staff's delivery, holding the order's row as the lifecycle does, not yet committed.
        await tx.select().from(orders).where(eq(orders.orderNo, no)).for("update");
        await tx.update(orders).set({ status: "delivered" }).where(eq(orders.orderNo, no));
        pushed = push(ecpay.statusPush(id, "2063", "門市配達"));
        await new Promise((r) => setTimeout(r, 300));
      });
      expect((await pushed)?.status).toBe(200);
      expect(await t.services.outbox.forEvent(`order:${no}:at_store`)).toHaveLength(0);
      expect((await applied(id)).map((r) => r.code)).toEqual(["2063"]);
    },
  );

  test("測試模式's timer moves a simulated shipment only after its status has stood five minutes", async () => {
    const { no } = await shipped({ ship_method: "cvs_711", cvs_store: SEVEN, address: undefined });
    const started = Date.now();
    const at = vi.spyOn(Date, "now");
    try {
      at.mockReturnValue(started + 4 * 60_000);
      await t.services.cvsShipping.simulateAll();
      expect((await t.services.orders.byNo(no))?.status).toBe("shipped");
      expect(await t.services.outbox.forEvent(`order:${no}:at_store`)).toHaveLength(0);
      at.mockReturnValue(started + 6 * 60_000);
      expect((await t.services.cvsShipping.simulateAll()).moved).toBeGreaterThanOrEqual(1);
      // 7-ELEVEN B2C: 2030 (at the distribution centre), then 2073 (at the store) five minutes later.
      at.mockReturnValue(started + 12 * 60_000);
      await t.services.cvsShipping.simulateAll();
      expect(await t.services.outbox.forEvent(`order:${no}:at_store`)).toHaveLength(1);
    } finally {
      at.mockRestore();
    }
  });
});
