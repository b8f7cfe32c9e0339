import type { PublicUser, ReferralView } from "@shop/contract";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed.js";
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
