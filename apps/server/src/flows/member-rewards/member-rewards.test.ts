import type { AuthResult, PublicUser } from "@shop/contract";
import type { RewardsSettings } from "@shop/contract/admin";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, lastCaptcha, loginAs, staffTokens, type TestApp, uniquePhone } from "../../test/harness.js";

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = (await staffTokens(t)).owner;
});
afterAll(() => t.close());

const taipeiMonth = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Taipei", month: "2-digit" }).format(t.clock.now);
const taipeiYear = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Taipei", year: "numeric" }).format(t.clock.now);

async function register(headers: Record<string, string> = {}) {
  const phone = uniquePhone();
  await t.call("POST", "/api/register/user/sendCaptcha", { body: { phone } });
  const r = await t.call<AuthResult>("POST", "/api/register/user/store", {
    body: { phone, captcha: lastCaptcha(t, phone), password: "pass12345", name: "林小雨" },
    headers,
  });
  if (r.status !== 200) throw new Error(`${r.status} ${r.body.message}`);
  return { token: r.body.data.token, id: r.body.data.user.id };
}

async function baseLevelId() {
  const s = (await t.call<RewardsSettings>("GET", "/api/admin/rewards", { token: staff })).body.data;
  return s.levels[0]?.id ?? 0;
}

describe("birthday rewards", () => {
  test("set once; the level's gift once a year in the birthday month, told by notice; staff correct it", async () => {
    const level = await baseLevelId();
    const set = await t.call("PUT", `/api/admin/rewards/levels/${level}`, {
      token: staff,
      body: { kind: "points", amount: 200 },
    });
    expect([set.status, set.body.message]).toEqual([200, "生日禮已儲存"]);

    const member = await register();
    const before = (await t.services.loyalty.balances(member.id)).points;
    const bad = await t.call("POST", "/api/user/birthday", { token: member.token, body: { birthday: "1990-02-30" } });
    expect([bad.status, bad.body.message]).toEqual([400, "輸入資料有誤：生日日期不正確"]);
    const ok = await t.call("POST", "/api/user/birthday", {
      token: member.token,
      body: { birthday: `1990-${taipeiMonth()}-01` },
    });
    expect([ok.status, ok.body.message]).toEqual([200, "生日已設定，生日當月將收到生日禮"]);
    const again = await t.call("POST", "/api/user/birthday", { token: member.token, body: { birthday: "1991-01-01" } });
    expect([again.status, again.body.message]).toEqual([409, "生日設定後無法自行修改，如需更正請聯絡客服"]);
    expect((await t.call<PublicUser>("GET", "/api/user/get", { token: member.token })).body.data.birthday).toBe(
      `1990-${taipeiMonth()}-01`,
    );

    // Two instances run the job at once: one gift.
    const [a, b] = await Promise.all([t.services.memberRewards.sendBirthdays(), t.services.memberRewards.sendBirthdays()]);
    expect(a + b).toBe(1);
    expect((await t.services.loyalty.balances(member.id)).points).toBe(before + 200);
    await t.services.memberRewards.sendBirthdays();
    expect((await t.services.loyalty.balances(member.id)).points).toBe(before + 200);
    const notices = await t.services.notifications.search(member.id, 1, 20);
    expect(notices.list.filter((n) => n.title.includes("生日快樂"))).toHaveLength(1);
    expect(await t.services.memberRewards.birthday(member.id, taipeiYear())).toBe(false);

    const fixed = await t.call("PUT", `/api/admin/members/${member.id}/birthday`, {
      token: staff,
      body: { birthday: "1990-12-25" },
    });
    expect([fixed.status, fixed.body.message]).toEqual([200, "生日已更正"]);
    await t.call("PUT", `/api/admin/rewards/levels/${level}`, { token: staff, body: { kind: "none" } });
  });

  test("a member who signed up on the English storefront is wished a happy birthday in English", async () => {
    const level = await baseLevelId();
    await t.call("PUT", `/api/admin/rewards/levels/${level}`, { token: staff, body: { kind: "points", amount: 150 } });
    const member = await register({ "x-page-lang": "en" });
    await t.call("POST", "/api/user/birthday", { token: member.token, body: { birthday: `1992-${taipeiMonth()}-03` } });
    expect(await t.services.memberRewards.birthday(member.id, taipeiYear())).toBe(true);
    const notices = (await t.services.notifications.search(member.id, 1, 20)).list;
    const notice = notices.find((n) => n.title.startsWith("Happy birthday"));
    expect(notice?.title).toMatch(/^Happy birthday, 林小雨! A gift from /);
    expect(notices.filter((n) => n.title.includes("生日快樂"))).toEqual([]);
    expect(notice?.body).toContain("gives you 150 points. Thank you for being with us.");
    await t.call("PUT", `/api/admin/rewards/levels/${level}`, { token: staff, body: { kind: "none" } });
  });

  test("a level without a gift gives nothing; a reward naming no coupon is refused", async () => {
    const level = await baseLevelId();
    const none = await t.call("PUT", `/api/admin/rewards/levels/${level}`, {
      token: staff,
      body: { kind: "coupon", coupon_id: 99999, valid_days: 30 },
    });
    expect([none.status, none.body.message]).toEqual([422, "找不到此優惠券"]);
    const member = await register();
    await t.call("POST", "/api/user/birthday", { token: member.token, body: { birthday: `1985-${taipeiMonth()}-15` } });
    expect(await t.services.memberRewards.birthday(member.id, taipeiYear())).toBe(false);
  });
});

describe("welcome gift", () => {
  test("staff set 購物金; each new member gets it once on registration, with a notice", async () => {
    const r = await t.call<RewardsSettings>("PUT", "/api/admin/rewards/welcome", {
      token: staff,
      body: { kind: "wallet", amount: 100 },
    });
    expect([r.status, r.body.data.welcome]).toEqual([200, { kind: "wallet", amount: 100 }]);
    const member = await register();
    expect((await t.services.loyalty.balances(member.id)).wallet).toBe(100);
    const notices = await t.services.notifications.search(member.id, 1, 20);
    expect(notices.list.map((n) => n.title)).toContain("歡迎加入！新會員見面禮已送達");
    await t.database.db.transaction((tx) => t.services.memberRewards.welcome(tx, member.id));
    expect((await t.services.loyalty.balances(member.id)).wallet).toBe(100);
    // Registered on the English storefront: the notice is in English from the start.
    const english = await register({ "x-page-lang": "en" });
    const told = (await t.services.notifications.search(english.id, 1, 20)).list;
    expect(told.map((n) => [n.title, n.body])).toContainEqual([
      "Welcome! Your new-member gift has arrived",
      "We have given you NT$100 in shopping credit.",
    ]);
    // Existing members (the demo member) are not given it afterwards.
    const demo = await loginAs(t, DEMO_ACCOUNTS.member);
    expect(demo).toBeTruthy();
    await t.call("PUT", "/api/admin/rewards/welcome", { token: staff, body: { kind: "none" } });
    const later = await register();
    expect((await t.services.loyalty.balances(later.id)).wallet).toBe(0);
  });

  test("the audit log has each change", async () => {
    const log = await t.call<{ items: Array<{ action: string }> }>("GET", "/api/admin/audit?per_page=100", { token: staff });
    const actions = (log.body.data.items ?? []).map((i) => i.action);
    expect(actions).toEqual(expect.arrayContaining(["reward.welcome", "reward.birthday", "member.birthday"]));
  });
});
