import type { CouponView, MonthMemberView, PointsPage, WalletHome } from "@shop/contract";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, loginAs, type TestApp } from "../../test/harness.js";

let t: TestApp;
const login = (a: { phone: string; password: string }) => loginAs(t, a);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a member's points, wallet and coupons", () => {
  test("the demo member sees their own ledgers, month status and coupons", async () => {
    const token = await login(DEMO_ACCOUNTS.member);
    const points = await t.call<PointsPage>("GET", "/api/point/search", { token });
    expect(points.body.data).toMatchObject({ balance: 800, total: 1 });
    expect(points.body.data.list[0]).toMatchObject({ delta: 800, reason: "新會員見面禮" });
    const wallet = await t.call<WalletHome>("GET", "/api/user/wallet/home", { token });
    expect(wallet.body.data).toMatchObject({ balance: 300, total: 1 });
    const month = await t.call<MonthMemberView>("GET", "/api/user/verifyMonthMember", { token });
    expect(month.body.data).toMatchObject({ threshold: 3000, counted: 0, remaining: 3000, qualified: false });
    const months = await t.call<Array<{ earned: number }>>("GET", "/api/point/month", { token });
    expect(months.body.data[0]?.earned).toBe(800);
    const coupons = await t.call<CouponView[]>("GET", "/api/coupon/search?state=available", { token });
    expect(coupons.body.data.map((c) => c.title)).toEqual(expect.arrayContaining(["滿 NT$800 折 NT$100", "茶葉全館 9 折"]));
    expect((await t.call<CouponView[]>("GET", "/api/coupon/search?state=used", { token })).body.data).toEqual([]);
    expect((await t.call("GET", "/api/coupon/search?state=whatever", { token })).status).toBe(400);
  });

  test("another member sees only their own (empty) data; anonymous gets 401", async () => {
    const other = await login(DEMO_ACCOUNTS.downline);
    expect((await t.call<PointsPage>("GET", "/api/point/search", { token: other })).body.data).toMatchObject({
      balance: 0,
      list: [],
    });
    expect((await t.call<WalletHome>("GET", "/api/user/wallet/home", { token: other })).body.data.list).toEqual([]);
    expect((await t.call<CouponView[]>("GET", "/api/coupon/search", { token: other })).body.data).toEqual([]);
    for (const path of [
      "/api/point/search",
      "/api/point/month",
      "/api/user/verifyMonthMember",
      "/api/user/wallet/home",
      "/api/coupon/search",
    ]) {
      expect((await t.call("GET", path)).status, path).toBe(401);
    }
  });
});
