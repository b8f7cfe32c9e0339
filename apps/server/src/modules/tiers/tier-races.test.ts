import type { StoreResult } from "@shop/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { memberTierHistory, memberTierStatus, notifications, variants } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { homeAddress, orderSteps } from "../../test/order-helpers.js";

/**
 * Ten payments of one member crossing the VIP threshold at once (decision 94): each payment's
 * transaction locks the member's tier status row (upserted, then FOR UPDATE), so exactly one of
 * them raises the member and the others see it. Transactions only overlap on PostgreSQL.
 */
let t: TestApp;
let memberId = 0;
const orderNos: string[] = [];

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  t = await createTestApp();
  const s = orderSteps(t);
  const staff = await s.staffToken();
  const member = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
  memberId = (await t.services.auth.authenticate(member))?.member.id ?? 0;
  const variant = await s.variantOf(2);
  await s.setStock(variant, 1000);
  const price = (await t.database.db.select().from(variants).where(eq(variants.id, variant)))[0]?.price ?? 0;
  const spent = (await t.services.tiers.memberView(memberId)).spend;
  const vip = await t.call("POST", "/api/admin/tiers", {
    token: staff,
    body: { name: "VIP", rank: 1, threshold: spent + 5 * price, discount_percent: 5, points_multiplier: 150 },
  });
  expect(vip.status, vip.body.message).toBe(200);
  for (let i = 0; i < 10; i++) {
    const r = await t.call<StoreResult>("POST", "/api/order/store/fast", {
      token: member,
      body: {
        variant_id: variant,
        qty: 1,
        ship_method: "hct",
        payment_method: "transfer",
        receiver: { name: "王小明", phone: DEMO_ACCOUNTS.member.phone },
        address: homeAddress,
        invoice: { type: "member" },
      },
    });
    expect(r.status, r.body.message).toBe(200);
    orderNos.push(r.body.data.order_no);
  }
}, 180_000);
afterAll(() => t?.close());

describe.skipIf(!process.env.TEST_DATABASE_URL)("member tiers on PostgreSQL", () => {
  test("10 concurrent payments crossing the threshold give one upgrade row, one notice, one status", async () => {
    const paid = await Promise.allSettled(orderNos.map((no) => t.services.payments.confirmOffline(no, "staff:1", "staff")));
    expect(paid.filter((p) => p.status === "rejected")).toEqual([]);
    const history = await t.database.db.select().from(memberTierHistory).where(eq(memberTierHistory.memberId, memberId));
    expect(history.map((h) => h.reason)).toEqual(["upgrade"]);
    const status = await t.database.db.select().from(memberTierStatus).where(eq(memberTierStatus.memberId, memberId));
    expect(status.map((r) => r.tierId)).toEqual([history[0]?.toTierId]);
    const notices = await t.database.db.select().from(notifications).where(eq(notifications.memberId, memberId));
    expect(notices.filter((n) => n.title.startsWith("會員等級升級"))).toHaveLength(1);
  });
});
