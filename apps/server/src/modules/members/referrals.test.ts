import type { BindingView, PublicUser, ReferralView, ShareLinks } from "@shop/contract";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, lastCaptcha, loginAs, type TestApp, uniquePhone } from "../../test/harness.js";

let t: TestApp;
const login = (a: { phone: string; password: string }) => loginAs(t, a);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function register(refcode: string) {
  const phone = uniquePhone();
  await t.call("POST", "/api/register/user/sendCaptcha", { body: { phone } });
  const r = await t.call("POST", "/api/register/user/store", {
    body: { phone, captcha: lastCaptcha(t, phone), password: "pass12345", name: "張三豐", refcode },
  });
  if (r.status !== 200) throw new Error(`${r.status} ${r.body.message}`);
  return phone;
}

describe("referrals", () => {
  test("level 1 and the level 2 under each, masked; someone else's referral is a 404", async () => {
    const token = await login(DEMO_ACCOUNTS.member);
    const downline = await login(DEMO_ACCOUNTS.downline);
    const downlineCode = (await t.call<PublicUser>("GET", "/api/user/get", { token: downline })).body.data.refcode;
    const grandchild = await register(downlineCode);

    const first = await t.call<ReferralView[]>("POST", "/api/user/ref/first", { body: {}, token });
    const child = first.body.data.find((r) => r.phone.endsWith(DEMO_ACCOUNTS.downline.phone.slice(-3)));
    expect(child).toMatchObject({ referrals: 1, qualified: false });
    expect(child?.phone).toMatch(/^09\d\d\*{3}\d{3}$/);
    const second = await t.call<ReferralView[]>("POST", "/api/user/ref/child", { body: { member_id: child?.member_id }, token });
    expect(second.body.data.map((r) => r.phone)).toEqual([`${grandchild.slice(0, 4)}***${grandchild.slice(-3)}`]);
    expect(second.body.data[0]?.name).toBe("張*豐");

    // The downline may not look under their own upline's other referrals, nor anyone else's.
    const seller = await login(DEMO_ACCOUNTS.seller);
    expect((await t.call("POST", "/api/user/ref/child", { body: { member_id: child?.member_id }, token: seller })).status).toBe(
      404,
    );
    expect((await t.call<ReferralView[]>("POST", "/api/user/ref/first", { body: {}, token: seller })).body.data).toEqual([]);
  });

  test("a fresh code replaces the old one, which stops working at registration", async () => {
    const token = await login(DEMO_ACCOUNTS.shop2Member);
    const old = (await t.call<PublicUser>("GET", "/api/user/get", { token })).body.data.refcode;
    const r = await t.call<{ refcode: string }>("POST", "/api/user/freshRefcode", { body: {}, token });
    expect(r.body.data.refcode).not.toBe(old);
    expect((await t.call<PublicUser>("GET", "/api/user/get", { token })).body.data.refcode).toBe(r.body.data.refcode);
    await expect(register(old)).rejects.toThrow("400");
    await register(r.body.data.refcode);
  });
});

describe("sharing and bindings", () => {
  test("shareProduct links to the product in the member's own shop with their code; unknown products are 404", async () => {
    const member = await login(DEMO_ACCOUNTS.member);
    const r = await t.call<ShareLinks>("GET", "/api/user/shareProduct?product_id=3", { token: member });
    expect(r.status).toBe(200);
    const url = new URL(r.body.data.url);
    expect(url.pathname).toBe("/product/details");
    expect(url.searchParams.get("id")).toBe("3");
    expect(url.searchParams.get("refcode")).toBe(DEMO_ACCOUNTS.member.refcode);
    expect(r.body.data.line_share_url).toBe(
      `https://social-plugins.line.me/lineit/share?url=${encodeURIComponent(r.body.data.url)}`,
    );

    // A sub-mall member's link stays in their sub-mall.
    const shop2 = await login(DEMO_ACCOUNTS.shop2Member);
    const user = (await t.call<PublicUser>("GET", "/api/user/get", { token: shop2 })).body.data;
    const theirs = await t.call<ShareLinks>("GET", "/api/user/shareProduct?product_id=3", { token: shop2 });
    expect(new URL(theirs.body.data.url).pathname).toBe(`/shop_${user.shop_id}/product/details`);

    expect((await t.call("GET", "/api/user/shareProduct?product_id=999999", { token: member })).status).toBe(404);
    expect((await t.call("GET", "/api/user/shareProduct?product_id=abc", { token: member })).status).toBe(400);
    expect((await t.call("GET", "/api/user/shareProduct?product_id=3")).status).toBe(401);
  });

  test("threeway/get lists every provider with its binding state", async () => {
    const member = await login(DEMO_ACCOUNTS.member);
    const r = await t.call<BindingView[]>("GET", "/api/user/threeway/get", { token: member });
    expect(r.body.data.map((b) => [b.provider, b.bound])).toEqual([
      ["line", false],
      ["google", false],
      ["facebook", false],
    ]);
  });
});
