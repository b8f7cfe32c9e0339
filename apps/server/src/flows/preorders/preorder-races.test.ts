import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { orders, variants } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { guestReceiver, homeAddress, orderSteps } from "../../test/order-helpers.js";

/**
 * Pre-order races (decision 96), on PostgreSQL only, where transactions really overlap: the cap
 * holds under 20 concurrent orders, and a stock receipt raced with a cancellation leaves every
 * unit accounted for.
 */
let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let member = "";
let staff = "";

const variantRow = async (id: number) => (await t.database.db.select().from(variants).where(eq(variants.id, id)))[0];
const stateOf = async (no: string) =>
  (await t.database.db.select({ s: orders.preorderState }).from(orders).where(eq(orders.orderNo, no)))[0]?.s;

describe.skipIf(!process.env.TEST_DATABASE_URL)("pre-order races on PostgreSQL", () => {
  beforeAll(async () => {
    t = await createTestApp();
    s = orderSteps(t);
    member = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
    staff = await s.staffToken();
  }, 120_000);
  afterAll(() => t.close());

  test("20 concurrent pre-orders for a cap of 5: five units sold, never more", async () => {
    const v = await s.variantOf(11);
    await s.setStock(v, 0);
    await t.database.db.update(variants).set({ preorderCap: 5, preorderShipOn: "2099-01-31" }).where(eq(variants.id, v));
    const tries = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call("POST", "/api/order/store/fast", {
          body: {
            variant_id: v,
            qty: 1,
            ship_method: "hct",
            payment_method: "transfer",
            receiver: guestReceiver,
            address: homeAddress,
            invoice: { type: "mobile", carrier: "/ABC1234" },
          },
        }),
      ),
    );
    const statuses = tries.map((r) => r.status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(5);
    expect(statuses.filter((x) => x !== 200).every((x) => x === 409)).toBe(true);
    expect(await variantRow(v)).toMatchObject({ stock: 0, preorderWaiting: 5 });
  }, 120_000);

  test("a stock receipt raced with cancelling the oldest waiting pre-order: the next one is released, nothing lost", async () => {
    const v = await s.variantOf(12);
    await s.setStock(v, 0);
    await t.database.db.update(variants).set({ preorderCap: 1000, preorderShipOn: "2099-01-31" }).where(eq(variants.id, v));
    for (let round = 0; round < 10; round++) {
      const a = (await s.memberOrder(member, v)).order_no;
      const b = (await s.memberOrder(member, v)).order_no;
      await t.services.payments.confirmOffline(a, "staff:1", "staff");
      await t.services.payments.confirmOffline(b, "staff:1", "staff");
      const [receipt] = await Promise.all([
        t.call("POST", "/api/admin/products/12/stock", {
          token: staff,
          body: { variant_id: v, delta: 1, reason: "restock", note: "到貨" },
        }),
        t.services.orders.cancelByStaff(a, "staff:1", "顧客取消"),
      ]);
      expect(receipt.status).toBe(200);
      expect(await stateOf(b)).toBe("released");
      expect(await variantRow(v)).toMatchObject({ stock: 0, preorderWaiting: 0 });
    }
    expect(await t.services.inventory.unbalanced()).toEqual([]);
  }, 120_000);
});
