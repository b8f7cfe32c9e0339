// The demo's coupons do what their titles say (issue 47): 「茶葉全館 9 折」 takes 10% off tea and
// nothing off snacks; a coupon scoped to a top-level category covers the products of its sub-categories.
import type { PayInfo } from "@shop/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, loginAs, type TestApp } from "../../test/harness.js";
import { orderSteps } from "../../test/order-helpers.js";

let t: TestApp;
let token = "";
let teaCoupon = 0;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginAs(t, DEMO_ACCOUNTS.member);
  const coupons = await t.call<Array<{ id: number; title: string }>>("GET", "/api/coupon/search?state=available", { token });
  teaCoupon = coupons.body.data.find((c) => c.title === "茶葉全館 9 折")?.id ?? 0;
});
afterAll(() => t.close());

/** The quote for one unit of a product's first variant with the tea coupon. */
async function withTeaCoupon(productId: number) {
  const variant = await orderSteps(t).variantOf(productId);
  const r = await t.call<PayInfo>("POST", "/api/order/pay_info/fast", {
    body: { variant_id: variant, qty: 1, ship_method: "hct", coupon_id: teaCoupon },
    token,
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data.quote;
}

describe("the demo's 茶葉全館 9 折", () => {
  it("takes 10% off a tea (阿里山金萱烏龍, in 台灣好茶 › 高山烏龍)", async () => {
    expect(teaCoupon).toBeGreaterThan(0);
    const q = await withTeaCoupon(1);
    expect(q.coupon_rejected).toBeNull();
    const off = q.discounts.find((d) => d.source === "coupon");
    expect(off?.label).toBe("茶葉全館 9 折");
    expect(off?.amount).toBeGreaterThan(0);
    expect(off?.amount).toBeLessThanOrEqual(Math.floor(q.goods_amount / 10));
  });

  // Products 17 on are 茶點零嘴 (demo-catalogue.ts: four teas in each of four sub-categories first).
  it("takes nothing off a snack (茶點零嘴)", async () => {
    const q = await withTeaCoupon(17);
    expect(q.coupon_rejected).toBe("購物車中沒有適用此優惠券的商品");
  });
});
