// 限購 N 件/人 (decision 92): units in the member's orders not cancelled or refunded count,
// partial refunds give their units back, guests are refused a limited product.
import type { PayInfo, ProductView } from "@shop/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { orderSteps } from "../../test/order-helpers.js";

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let token = "";
let memberId = 0;
let variant = 0;
const PRODUCT = 3;

beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
  token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
  memberId = (await t.services.auth.authenticate(token))?.member.id ?? 0;
  // Before the product is first read (its answer is cached).
  await t.database.db.update(products).set({ perMemberLimit: 2 }).where(eq(products.id, PRODUCT));
  variant = await s.variantOf(PRODUCT);
  await s.setStock(variant, 1000);
}, 120_000);
afterAll(() => t.close());

const quote = (qty: number, auth = token) =>
  t.call<PayInfo>("POST", "/api/order/pay_info/fast", { body: { variant_id: variant, qty, ship_method: "hct" }, token: auth });

const bought = async () => (await t.services.orders.boughtBefore(memberId, [PRODUCT])).get(PRODUCT) ?? 0;

describe("每人限購 2 件", () => {
  it("is on the product's answer", async () => {
    const p = await t.call<ProductView>("GET", `/api/product/get?id=${PRODUCT}`);
    expect(p.body.data.per_member_limit).toBe(2);
  });

  it("refuses guests, asking them to sign in", async () => {
    const r = await quote(1, "");
    expect([r.status, r.body.message]).toEqual([422, "此商品每人限購，請先登入會員再購買"]);
  });

  it("counts what the member holds, not what was cancelled; a refund gives units back", async () => {
    const first = await s.memberOrder(token, variant, { qty: 2 });
    expect(await bought()).toBe(2);
    const q = await quote(1);
    expect(q.body.data.quote.refusals.map((r) => r.message)).toEqual([expect.stringContaining("每人限購 2 件，您已購買 2 件")]);
    await expect(s.memberOrder(token, variant)).rejects.toThrow(/每人限購 2 件，您已購買 2 件/);

    // Cancelled: the units no longer count.
    const cancelled = await t.call("POST", "/api/order/cancelOrder", {
      token,
      body: { order_no: first.order_no, reason: "不要了" },
    });
    expect(cancelled.status, cancelled.body.message).toBe(200);
    expect(await bought()).toBe(0);

    // Delivered, one unit refunded: one is held.
    const no = await s.completedOrder(token, DEMO_ACCOUNTS.member.phone, PRODUCT, 2);
    expect(await bought()).toBe(2);
    const staff = await s.staffToken();
    const refund = await t.call("POST", `/api/admin/orders/${no}/refund`, {
      token: staff,
      body: { reason: "退一件", items: [{ variant_id: variant, qty: 1 }] },
    });
    expect(refund.status, refund.body.message).toBe(200);
    expect(await bought()).toBe(1);
    expect((await quote(1)).body.data.quote.refusals).toEqual([]);
    expect((await quote(2)).body.data.quote.refusals).toHaveLength(1);
  });
});
