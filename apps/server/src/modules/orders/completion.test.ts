import type { PayInfo } from "@shop/contract";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { monthPurchases, pointEntries, raffleTickets } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { orderSteps } from "../../test/order-helpers.js";

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let token = "";
let staffToken = "";
let memberId = 0;
beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
  token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
  memberId = (await t.services.auth.authenticate(token))?.member.id ?? 0;
  await staffLogin();
});
const staffLogin = async () => {
  staffToken = await s.staffToken();
};
afterAll(() => t.close());

const staff = (no: string, action: string, body: object = {}) =>
  t.call<{ status: string }>("POST", `/api/admin/orders/${no}/${action}`, { token: staffToken, body });

/** A main-mall member order by transfer, confirmed, shipped and delivered by staff. */
async function deliveredOrder(qty = 2) {
  const v = await s.variantOf(26);
  await s.setStock(v, 100);
  const no = (await s.memberOrder(token, v, { qty })).order_no;
  expect((await staff(no, "confirm_payment")).status).toBe(200);
  expect((await staff(no, "ship", { tracking_no: "HCT20261126" })).status).toBe(200);
  const delivered = await staff(no, "deliver");
  expect(delivered.body.data.status).toBe("delivered");
  return no;
}

/** What completion credits for an order: its points, the month's spend row and scratch cards. */
async function credits(no: string) {
  const points = await t.database.db
    .select()
    .from(pointEntries)
    .where(and(eq(pointEntries.memberId, memberId), like(pointEntries.ref, `order:${no}:earn`)));
  const month = await t.database.db.select().from(monthPurchases).where(eq(monthPurchases.orderNo, no));
  const cards = await t.database.db
    .select()
    .from(raffleTickets)
    .where(eq(raffleTickets.source, `order:${no}`));
  return { points: points.length, month: month.length, cards: cards.length };
}

describe("main-mall orders reach completed", () => {
  test("staff complete a delivered order: points and monthly spend post once; completing again is refused", async () => {
    const no = await deliveredOrder();
    expect((await staff(no, "complete")).body.data.status).toBe("completed");
    expect(await credits(no)).toMatchObject({ points: 1, month: 1 });
    const again = await staff(no, "complete");
    expect(again.status).toBe(409);
    expect(await credits(no)).toMatchObject({ points: 1, month: 1 });
  });

  test("staff cannot complete an order that is not delivered yet", async () => {
    const v = await s.variantOf(27);
    await s.setStock(v, 10);
    const no = (await s.memberOrder(token, v)).order_no;
    expect((await staff(no, "complete")).status).toBe(409);
    await staff(no, "confirm_payment");
    expect((await staff(no, "complete")).status).toBe(409);
    expect((await staff(no, "deliver")).status).toBe(409);
  });

  test("after the appraisal period the job completes delivered orders once, from the setting", async () => {
    expect((await t.call("PUT", "/api/admin/settings", { token: staffToken, body: { order_complete_days: 3 } })).status).toBe(
      200,
    );
    const no = await deliveredOrder(1);
    const runJobs = async () => {
      await t.services.jobs.schedule([{ kind: "orders.complete_delivered", everySeconds: 3600 }]);
      await t.services.jobs.runDue();
    };
    t.clock.advance(2 * 86_400);
    await runJobs();
    expect((await t.services.orders.byNo(no))?.status).toBe("delivered");
    t.clock.advance(86_400 + 60);
    await runJobs();
    const done = await t.services.orders.byNo(no);
    expect(done?.status).toBe("completed");
    const events = await t.services.orders.eventsOf(done?.id ?? 0);
    expect(events.at(-1)).toMatchObject({ toStatus: "completed", actor: "system", reason: "鑑賞期已過，訂單自動完成" });
    expect(await credits(no)).toMatchObject({ points: 1, month: 1 });
    t.clock.advance(3600);
    await runJobs();
    expect(await t.services.orders.completeDue()).toBe(0);
    expect(await credits(no)).toMatchObject({ points: 1, month: 1 });
  });
});

describe("a partial refund before completion", () => {
  test("completion credits only what the buyer kept", async () => {
    await staffLogin();
    const no = await deliveredOrder(4);
    const order = await t.services.orders.byNo(no);
    const [line] = await t.services.orders.linesOf(order?.id ?? 0);
    expect((await staff(no, "refund", { reason: "三盒破損", items: [{ variant_id: line?.variantId, qty: 3 }] })).status).toBe(
      200,
    );
    expect((await staff(no, "complete")).body.data.status).toBe("completed");
    const whole = (order?.goodsAmount ?? 0) - (order?.discountTotal ?? 0);
    const [refund] = await t.services.orders.refundsOf(order?.id ?? 0);
    const kept = whole - (refund?.goodsValue ?? 0);
    const points = await t.database.db
      .select()
      .from(pointEntries)
      .where(and(eq(pointEntries.memberId, memberId), like(pointEntries.ref, `order:${no}:earn%`)));
    const earned = points.find((p) => p.ref.endsWith(":earn"))?.delta ?? 0;
    const net = points.reduce((a, p) => a + p.delta, 0);
    expect(net).toBe(earned - Math.floor((earned * (refund?.goodsValue ?? 0)) / whole));
    expect(net).toBeLessThanOrEqual(Math.ceil((earned * kept) / whole));
    const [month] = await t.database.db.select().from(monthPurchases).where(eq(monthPurchases.orderNo, no));
    expect((month?.amount ?? 0) - (month?.returned ?? 0)).toBe(whole - Math.floor((whole * (refund?.goodsValue ?? 0)) / whole));
  });
});

describe("the points cap", () => {
  test("a cap of 0 means no cap: the quote says so and more than 500 points can be used", async () => {
    await staffLogin();
    await t.database.db.transaction((tx) => t.services.loyalty.changePoints(tx, memberId, 5000, "測試", "test:cap"));
    expect((await t.call("PUT", "/api/admin/settings", { token: staffToken, body: { points_cap_per_order: 0 } })).status).toBe(
      200,
    );
    const v = await s.variantOf(28);
    await s.setStock(v, 10);
    const info = await t.call<PayInfo>("POST", "/api/order/pay_info/fast", {
      token,
      body: { variant_id: v, qty: 3, ship_method: "hct", points: 1200 },
    });
    expect(info.status).toBe(200);
    expect(info.body.data.points.cap_per_order).toBeNull();
    expect(info.body.data.quote.points_used).toBe(Math.min(1200, info.body.data.quote.order_amount));
    expect((await t.call("PUT", "/api/admin/settings", { token: staffToken, body: { points_cap_per_order: 300 } })).status).toBe(
      200,
    );
    const capped = await t.call("POST", "/api/order/pay_info/fast", {
      token,
      body: { variant_id: v, qty: 3, ship_method: "hct", points: 1200 },
    });
    expect(capped.status).toBe(422);
    expect(capped.body.message).toBe("每筆訂單最多可折抵 300 點");
  });
});
