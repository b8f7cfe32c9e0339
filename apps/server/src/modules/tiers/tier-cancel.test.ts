import type { StoreResult } from "@shop/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { memberTierHistory, variants } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { homeAddress, orderSteps } from "../../test/order-helpers.js";

let t: TestApp;
let member = "";
let memberId = 0;
let variant = 0;
let price = 0;
beforeAll(async () => {
  t = await createTestApp();
  const s = orderSteps(t);
  const staff = await s.staffToken();
  member = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
  memberId = (await t.services.auth.authenticate(member))?.member.id ?? 0;
  variant = await s.variantOf(2);
  await s.setStock(variant, 1_000);
  price = (await t.database.db.select().from(variants).where(eq(variants.id, variant)))[0]?.price ?? 0;
  const spend = (await t.services.tiers.memberView(memberId)).spend;
  const vip = await t.call("POST", "/api/admin/tiers", {
    token: staff,
    body: { name: "VIP", rank: 1, threshold: spend + 2 * price, discount_percent: 10, points_multiplier: 100, active: true },
  });
  expect(vip.status, vip.body.message).toBe(200);
}, 120_000);
afterAll(() => t.close());

async function paidOrder(qty: number) {
  const r = await t.call<StoreResult>("POST", "/api/order/store/fast", {
    token: member,
    body: {
      variant_id: variant,
      qty,
      ship_method: "hct",
      payment_method: "transfer",
      receiver: { name: "王小明", phone: DEMO_ACCOUNTS.member.phone },
      address: homeAddress,
      invoice: { type: "member" },
    },
  });
  expect(r.status, r.body.message).toBe(200);
  await t.services.payments.confirmOffline(r.body.data.order_no, "staff:1", "staff");
  return r.body.data.order_no;
}

describe("a level paid for by an order that is then cancelled", () => {
  test("goes back with the order: VIP on payment, 一般會員 again when the order is cancelled, with history", async () => {
    const no = await paidOrder(2);
    expect((await t.services.tiers.memberView(memberId)).level?.name).toBe("VIP");
    await t.services.orders.cancelByStaff(no, "staff:1", "客戶取消");
    expect((await t.services.tiers.memberView(memberId)).level?.name).toBe("一般會員");
    const rows = await t.database.db.select().from(memberTierHistory).where(eq(memberTierHistory.memberId, memberId));
    expect(rows.map((r) => r.reason)).toEqual(["upgrade", "downgrade"]);
    // Bought again and kept: VIP again, and a cancel of nothing else leaves it.
    await paidOrder(2);
    expect((await t.services.tiers.memberView(memberId)).level?.name).toBe("VIP");
  });
});
