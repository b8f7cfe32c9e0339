import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, staffTokens, type TestApp, uniquePhone } from "../harness.js";

/**
 * Limits count people, not headers (decision 77). Behind one proxy (TRUST_PROXY=1, as the socket's
 * peer is the proxy), every request forges its own left-most X-Forwarded-For; only the address the
 * proxy appended may count. Requests are fired together: on PostgreSQL (the CI pass) this is a race.
 */
const PROXY = "10.0.0.2";
const client = (real: string) => (i: number) => ({ ip: PROXY, headers: { "x-forwarded-for": `198.51.100.${i % 250}, ${real}` } });

describe("per-address limits behind a proxy, with forged X-Forwarded-For", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "1", SMS_CODES_PER_IP_PER_HOUR: "5", AUTH_RATE_LIMIT_PER_MINUTE: "10" } });
  });
  afterAll(() => t.close());

  test("one client gets at most its SMS codes, however it fills the header", async () => {
    const from = client("203.0.113.7");
    const phones = Array.from({ length: 12 }, () => uniquePhone());
    const results = await Promise.all(
      phones.map((phone, i) => t.call("POST", "/api/register/user/sendCaptcha", { body: { phone }, ...from(i) })),
    );
    const sent = results.filter((r) => r.status === 200).length;
    expect(sent).toBe(5);
    expect(results.filter((r) => r.status === 429).length).toBe(7);
    expect(phones.filter((p) => t.capturedSms?.lastTo(p)).length).toBe(5);
    // Another client behind the same proxy has its own count.
    const other = await t.call("POST", "/api/register/user/sendCaptcha", {
      body: { phone: uniquePhone() },
      ...client("203.0.113.8")(0),
    });
    expect(other.status).toBe(200);
  });

  test("an IPv6 client counts by its /64: a new address per request buys no more codes, nor more guesses", async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.call("POST", "/api/register/user/sendCaptcha", {
          body: { phone: uniquePhone() },
          ...client(`2001:db8:77:1::${(i + 1).toString(16)}`)(i),
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200).length).toBe(5);
    const guesses = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        t.call("POST", "/api/auth/login", {
          body: { account: uniquePhone(), password: `guess-${i}` },
          ...client(`2001:db8:88:1:${(i + 1).toString(16)}::1`)(i),
        }),
      ),
    );
    expect(guesses.filter((r) => r.status === 429).length).toBe(5);
    // The next /64 is another client.
    const next = await t.call("POST", "/api/register/user/sendCaptcha", {
      body: { phone: uniquePhone() },
      ...client("2001:db8:77:2::1")(0),
    });
    expect(next.status).toBe(200);
  });

  test("到貨通知 by phone: codes first, under the same per-client SMS limit; nothing recorded without one", async () => {
    const variant =
      (await t.call<{ variants: Array<{ id: number }> }>("GET", "/api/product/get?id=15")).body.data.variants[0]?.id ?? 0;
    const [row] = await t.services.catalogue.variantsForCart([variant], 1);
    await t.services.inventory.adjust(variant, -(row?.stock ?? 0), "adjust", "test");
    t.publicCache.invalidate();
    const from = client("203.0.113.20");
    const phones = Array.from({ length: 12 }, () => uniquePhone());
    const results = await Promise.all(
      phones.map((phone, i) =>
        t.call("POST", "/api/product/restock_notify", { body: { variant_id: variant, phone }, ...from(i) }),
      ),
    );
    expect(results.filter((r) => r.status === 200).length).toBe(5);
    expect(phones.filter((p) => t.capturedSms?.lastTo(p)).length).toBe(5);
    await t.services.inventory.adjust(variant, 1, "restock", "test");
    // Nobody proved a phone: nobody is told.
    expect(await t.services.restock.sendDue()).toBe(0);
  });

  test("password guesses from one client stop at the per-minute limit", async () => {
    const from = client("203.0.113.30");
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        t.call("POST", "/api/auth/login", { body: { account: uniquePhone(), password: "guess-123456" }, ...from(i) }),
      ),
    );
    expect(results.filter((r) => r.status === 401).length).toBe(10);
    expect(results.filter((r) => r.status === 429).length).toBe(15);
  });
});

describe("per-account sign-in lock", () => {
  let t: TestApp;
  let owner: string;
  let support: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "1", AUTH_RATE_LIMIT_PER_MINUTE: "1000" } });
    ({ owner, support } = await staffTokens(t));
  });
  afterAll(() => t.close());

  test("20 guesses from 20 addresses at once: five are checked, the account locks, the member is told; staff lift it", async () => {
    const { phone, password } = DEMO_ACCOUNTS.downline;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call("POST", "/api/auth/login", { body: { account: phone, password: `wrong-${i}` }, ...client(`192.0.2.${i + 1}`)(i) }),
      ),
    );
    expect(results.filter((r) => r.status === 401).length).toBe(5);
    const locked = results.filter((r) => r.status === 429);
    expect(locked.length).toBe(15);
    expect(locked[0]?.body.message).toMatch(/^登入失敗次數過多，帳號已暫時鎖定至 \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/);

    // The right password is refused too while it holds, and says the same.
    const right = await t.call("POST", "/api/auth/login", { body: { account: phone, password }, ...client("192.0.2.99")(0) });
    expect(right.status).toBe(429);
    expect(right.body.message).toContain("帳號已暫時鎖定");

    // The member hears of it once: a site notice and an SMS through the outbox.
    const messages = (await t.services.outbox.log({}, 1, 200)).rows.filter((m) => m.subject === "帳號已暫時鎖定");
    expect(messages.filter((m) => m.channel === "sms" && m.recipient === phone)).toHaveLength(1);

    const id = (await t.services.members.byPhone(phone))?.id;
    const seen = await t.call<{ locked_until: string | null }>("GET", `/api/admin/members/${id}/sign_in_lock`, {
      token: support,
    });
    expect(seen.body.data.locked_until).not.toBeNull();
    expect((await t.call("POST", `/api/admin/members/${id}/unlock_sign_in`, { token: support })).status).toBe(403);
    expect((await t.call("POST", `/api/admin/members/${id}/unlock_sign_in`, { token: owner })).status).toBe(200);
    const again = await t.call("POST", "/api/auth/login", { body: { account: phone, password }, ...client("192.0.2.99")(1) });
    expect(again.status).toBe(200);
  });

  test("a stolen session guessing the old password on 修改密碼 is counted as sign-ins: five, then locked", async () => {
    const phone = uniquePhone();
    await t.call("POST", "/api/register/user/sendCaptcha", { body: { phone, purpose: "register" } });
    const captcha = /(\d{6})/.exec(t.capturedSms?.lastTo(phone)?.text ?? "")?.[1];
    const joined = await t.call<{ token: string }>("POST", "/api/register/user/store", {
      body: { phone, captcha, password: "first-pass-1", name: "吳小芸" },
    });
    expect(joined.status, joined.body.message).toBe(200);
    const token = joined.body.data.token;
    const tries = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.call("POST", "/api/user/password/update", {
          token,
          body: { old_password: `guess-${i}`, new_password: "stolen-pass-1" },
          ...client(`192.0.2.${i + 1}`)(i),
        }),
      ),
    );
    expect(tries.filter((r) => r.status === 400 && r.body.message.includes("目前的密碼不正確"))).toHaveLength(5);
    expect(tries.filter((r) => r.status === 429)).toHaveLength(7);
    // Locked for sign-in as well, and the right old password no longer opens 修改密碼 either.
    const right = await t.call("POST", "/api/user/password/update", {
      token,
      body: { old_password: "first-pass-1", new_password: "stolen-pass-1" },
    });
    expect(right.status).toBe(429);
    expect((await t.call("POST", "/api/auth/login", { body: { account: phone, password: "first-pass-1" } })).status).toBe(429);
  });

  test("the lock doubles with each round, and a password reset lifts it", async () => {
    const { phone, password } = DEMO_ACCOUNTS.shop2Member;
    const guess = (i: number) =>
      t.call("POST", "/api/auth/login", { body: { account: phone, password: `nope-${i}` }, ...client(`192.0.2.${i + 1}`)(i) });
    for (let i = 0; i < 5; i++) await guess(i);
    const first = await t.services.auth.signInLockedUntil((await t.services.members.byPhone(phone))?.id ?? 0);
    expect(first && Math.round((first.getTime() - t.clock.now.getTime()) / 60_000)).toBe(15);
    t.clock.advance(16 * 60);
    for (let i = 0; i < 5; i++) await guess(i);
    const second = await t.services.auth.signInLockedUntil((await t.services.members.byPhone(phone))?.id ?? 0);
    expect(second && Math.round((second.getTime() - t.clock.now.getTime()) / 60_000)).toBe(30);

    await t.call("POST", "/api/register/user/sendCaptcha", { body: { phone, purpose: "password" } });
    const code = /(\d{6})/.exec(t.capturedSms?.lastTo(phone)?.text ?? "")?.[1];
    const reset = await t.call("POST", "/api/user/password/forget", {
      body: { phone, captcha: code, new_password: `${password}-new` },
    });
    expect(reset.status, reset.body.message).toBe(200);
    expect((await t.call("POST", "/api/auth/login", { body: { account: phone, password: `${password}-new` } })).status).toBe(200);
  });
});
