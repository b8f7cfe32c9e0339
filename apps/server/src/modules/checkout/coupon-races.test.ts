import type { AdminCoupon } from "@shop/contract/responses";
import { and, count, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { couponCodes, couponRedemptions, orderLines, orders, products } from "../../db/schema/index.js";
import { createTestApp, lastCaptcha, type TestApp, uniquePhone } from "../../test/harness.js";
import { homeAddress, orderSteps } from "../../test/order-helpers.js";

/**
 * Codes and limits raced (decision 92): 20 checkouts fired together for one single-use code, for a
 * shared code with one use in all, and by one member for a product limited to one each. Exactly
 * one order wins each time. Only PostgreSQL really overlaps transactions (PGlite runs one at a
 * time), so the suite runs there alone (`node scripts/with-pg-database.mjs vitest run …`).
 */
const N = 20;

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let staff = "";
let variant = 0;
let ipCounter = 0;

async function newMember() {
  const phone = uniquePhone();
  const ip = `10.92.${++ipCounter >> 8}.${ipCounter & 255}`;
  await t.call("POST", "/api/register/user/sendCaptcha", { body: { phone, purpose: "register" }, ip });
  const r = await t.call<{ token: string }>("POST", "/api/register/user/store", {
    body: { phone, captcha: lastCaptcha(t, phone), password: "race-pass-1", name: "搶碼會員" },
    ip,
  });
  if (r.status !== 200) throw new Error(`register ${r.status} ${r.body.message}`);
  return { phone, token: r.body.data.token };
}

async function newCoupon(input: Record<string, unknown>) {
  const r = await t.call<AdminCoupon>("POST", "/api/admin/coupons", {
    token: staff,
    body: { title: "搶碼", kind: "amount", value: 50, ...input },
  });
  if (r.status !== 200) throw new Error(`coupon ${r.status} ${r.body.message}`);
  return r.body.data;
}

const order = (m: { phone: string; token: string }, extra: Record<string, unknown>, v = variant) =>
  t.call<{ order_no: string }>("POST", "/api/order/store/fast", {
    token: m.token,
    body: {
      variant_id: v,
      qty: 1,
      ship_method: "hct",
      payment_method: "transfer",
      receiver: { name: "搶碼會員", phone: m.phone },
      address: homeAddress,
      invoice: { type: "member" },
      ...extra,
    },
  });

describe.skipIf(!process.env.TEST_DATABASE_URL)("coupon codes and limits raced on PostgreSQL", () => {
  let members: Array<{ phone: string; token: string }> = [];

  beforeAll(async () => {
    t = await createTestApp();
    s = orderSteps(t);
    staff = await s.staffToken();
    variant = await s.variantOf(2);
    await s.setStock(variant, 10_000);
    members = [];
    for (let i = 0; i < N; i++) members.push(await newMember());
  }, 300_000);
  afterAll(() => t?.close());

  test(`one single-use code in ${N} checkouts by ${N} members: one order`, async () => {
    const c = await newCoupon({ issue: "single" });
    await t.call("POST", `/api/admin/coupons/${c.id}/codes`, { token: staff, body: { count: 1 } });
    const [code] = await t.database.db.select().from(couponCodes).where(eq(couponCodes.couponId, c.id));
    const results = await Promise.all(members.map((m) => order(m, { coupon_code: code?.code })));
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body.message).toContain("此優惠碼已被使用");
    const [after] = await t.database.db
      .select()
      .from(couponCodes)
      .where(eq(couponCodes.id, code?.id ?? 0));
    expect(after?.usedOrderNo).toBe(won[0]?.body.data.order_no);
    const [held] = await t.database.db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, c.id), isNull(couponRedemptions.releasedAt)));
    expect(held?.n).toBe(1);
  });

  test(`a shared code with one use in all, ${N} checkouts by ${N} members: one order`, async () => {
    await newCoupon({ issue: "shared", code: "RACE1", total_limit: 1 });
    const results = await Promise.all(members.map((m) => order(m, { coupon_code: "RACE1" })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body.message).toContain("此優惠碼已達使用上限");
  });

  test(`每人限購 1 件 raced ${N}× by one member: one order`, async () => {
    const productId = 5;
    await t.database.db.update(products).set({ perMemberLimit: 1 }).where(eq(products.id, productId));
    const limited = await s.variantOf(productId);
    await s.setStock(limited, 1000);
    const m = members[0] as { phone: string; token: string };
    const results = await Promise.all(Array.from({ length: N }, () => order(m, {}, limited)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body.message).toContain("每人限購 1 件");
    const [units] = await t.database.db
      .select({ n: count() })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orderLines.productId, productId), eq(orders.receiverPhone, m.phone)));
    expect(units?.n).toBe(1);
  });
});
