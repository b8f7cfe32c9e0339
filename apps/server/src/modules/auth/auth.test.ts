import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { authTokens, captchas, members } from "../../db/schema/index.js";
import { createTestApp, lastCaptcha, type TestApp, uniquePhone } from "../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const memberCount = async () => (await t.database.db.select({ n: count() }).from(members))[0]?.n;

let ipCounter = 0;
/** Each call from its own address unless one is given, so the per-IP limit stays out of the way. */
async function sendCode(
  phone: string,
  purpose: "register" | "password" = "register",
  ip = `10.0.${++ipCounter >> 8}.${ipCounter & 255}`,
) {
  const r = await t.call("POST", "/api/register/user/sendCaptcha", { body: { phone, purpose }, ip });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return lastCaptcha(t, phone);
}

async function registerMember(overrides: Record<string, unknown> = {}) {
  const phone = (overrides.phone as string) ?? uniquePhone();
  const captcha = await sendCode(phone);
  const r = await t.call<{ token: string; user: { id: number; shop_id: number } }>("POST", "/api/register/user/store", {
    body: { phone, captcha, password: "good-pass-1", name: "測試會員", ...overrides },
  });
  return { phone, r };
}

describe("the whole account journey through the HTTP API", () => {
  test("sendCaptcha → register → login → user/get → logout → user/get answers 401 logout", async () => {
    const phone = uniquePhone();
    const sent = await t.call<{ resend_after_s: number }>("POST", "/api/register/user/sendCaptcha", {
      body: { phone, purpose: "register" },
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: true, data: { resend_after_s: 60 } });
    const sms = t.capturedSms?.lastTo(phone);
    expect(sms?.text).toMatch(/驗證碼為 \d{6}，10 分鐘內有效/);

    const reg = await t.call<{ token: string; user: { phone: string; refcode: string } }>("POST", "/api/register/user/store", {
      body: { phone, captcha: lastCaptcha(t, phone), password: "tea-lover-88", name: "林小茶" },
    });
    expect(reg.status).toBe(200);
    expect(reg.body.data.user.phone).toBe(phone);
    expect(reg.body.data.user.refcode).toMatch(/^[A-Z0-9]{8}$/);

    const login = await t.call<{ token: string }>("POST", "/api/auth/login", {
      body: { account: phone, password: "tea-lover-88" },
    });
    expect(login.status).toBe(200);
    const token = login.body.data.token;
    expect(token).not.toBe(reg.body.data.token);

    const me = await t.call<{ name: string; phone: string }>("GET", "/api/user/get", { token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ name: "林小茶", phone });

    const out = await t.call("POST", "/api/auth/logout", { token, body: {} });
    expect(out.status).toBe(200);

    const after = await t.call("GET", "/api/user/get", { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ status: false, message: "logout", data: null });

    // The registration token is still valid: logout revokes only its own token.
    const other = await t.call("GET", "/api/user/get", { token: reg.body.data.token });
    expect(other.status).toBe(200);
  });

  test("tokens are stored hashed, never in clear", async () => {
    const { r } = await registerMember();
    const rows = await t.database.db.select().from(authTokens).where(eq(authTokens.memberId, r.body.data.user.id));
    expect(rows.length).toBe(1);
    expect(rows[0]?.tokenHash).not.toBe(r.body.data.token);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  test("login by email works, case-insensitively", async () => {
    const email = `Tea.${Date.now()}@Example.com`;
    const { r } = await registerMember({ email });
    expect(r.status).toBe(200);
    const login = await t.call("POST", "/api/auth/login", { body: { account: email.toLowerCase(), password: "good-pass-1" } });
    expect(login.status).toBe(200);
  });
});

describe("member calls without a valid token", () => {
  test.each([
    ["no header", undefined],
    ["garbage token", "not-a-token"],
  ])("%s → 401 logout", async (_name, token) => {
    const r = await t.call("GET", "/api/user/get", { token });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe("logout");
  });

  test("an expired token → 401 logout", async () => {
    const { r } = await registerMember();
    t.clock.advance(31 * 86_400);
    try {
      const me = await t.call("GET", "/api/user/get", { token: r.body.data.token });
      expect(me.status).toBe(401);
      expect(me.body.message).toBe("logout");
    } finally {
      t.clock.advance(-31 * 86_400);
    }
  });
});

describe("registration rules", () => {
  test("a wrong captcha is refused, counted, and creates nothing", async () => {
    const phone = uniquePhone();
    const code = await sendCode(phone);
    const wrong = code === "000000" ? "111111" : "000000";
    const before = await memberCount();
    const r = await t.call("POST", "/api/register/user/store", {
      body: { phone, captcha: wrong, password: "good-pass-1", name: "甲" },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("驗證碼錯誤，請再確認一次");
    expect(r.body.data).toEqual({ errors: [{ field: "captcha", message: "驗證碼錯誤，請再確認一次" }] });
    expect(await memberCount()).toBe(before);
    const [row] = await t.database.db.select().from(captchas).where(eq(captchas.phone, phone));
    expect(row?.attempts).toBe(1);
  });

  test("after five wrong guesses even the right code is refused", async () => {
    const phone = uniquePhone();
    const code = await sendCode(phone);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      await t.call("POST", "/api/register/user/store", { body: { phone, captcha: wrong, password: "good-pass-1", name: "甲" } });
    }
    const r = await t.call("POST", "/api/register/user/store", {
      body: { phone, captcha: code, password: "good-pass-1", name: "甲" },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain("錯誤次數過多");
  });

  test("a register code, once used, does not work for a password reset", async () => {
    const phone = uniquePhone();
    const code = await sendCode(phone, "register");
    const first = await t.call("POST", "/api/register/user/store", {
      body: { phone, captcha: code, password: "good-pass-1", name: "甲" },
    });
    expect(first.status).toBe(200);
    const before = await memberCount();
    const again = await t.call("POST", "/api/user/password/forget", {
      body: { phone, captcha: code, new_password: "another-pass" },
    });
    expect(again.status).toBe(400);
    expect(again.body.data).toMatchObject({ errors: [{ field: "captcha" }] });
    expect(await memberCount()).toBe(before);
    const login = await t.call("POST", "/api/auth/login", { body: { account: phone, password: "good-pass-1" } });
    expect(login.status).toBe(200);
  });

  test("a code expires after 10 minutes", async () => {
    const phone = uniquePhone();
    const code = await sendCode(phone);
    t.clock.advance(10 * 60 + 1);
    const r = await t.call("POST", "/api/register/user/store", {
      body: { phone, captcha: code, password: "good-pass-1", name: "甲" },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("驗證碼錯誤或已過期，請重新取得");
  });

  test("a duplicate phone gets 409 and changes nothing", async () => {
    const { phone } = await registerMember();
    const before = await memberCount();
    const send = await t.call("POST", "/api/register/user/sendCaptcha", { body: { phone, purpose: "register" } });
    expect(send.status).toBe(409);
    expect(send.body.message).toBe("此手機號碼已註冊，請直接登入");
    const store = await t.call("POST", "/api/register/user/store", {
      body: { phone, captcha: "123456", password: "good-pass-1", name: "乙" },
    });
    expect(store.status).toBe(409);
    expect(await memberCount()).toBe(before);
  });

  test("a refcode makes the upline; an unknown refcode is a field error", async () => {
    const upline = await registerMember();
    const me = await t.call<{ refcode: string }>("GET", "/api/user/get", { token: upline.r.body.data.token });
    const down = await registerMember({ refcode: me.body.data.refcode.toLowerCase() });
    expect(down.r.status).toBe(200);
    const [row] = await t.database.db.select().from(members).where(eq(members.phone, down.phone));
    expect(row?.uplineId).toBe(upline.r.body.data.user.id);

    const phone = uniquePhone();
    const captcha = await sendCode(phone);
    const bad = await t.call("POST", "/api/register/user/store", {
      body: { phone, captcha, password: "good-pass-1", name: "丙", refcode: "NOPE9999" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual({ errors: [{ field: "refcode", message: "查無此推薦碼，請確認或留空" }] });
  });

  test("registering in a sub-mall binds the member to it; a closed shop is refused", async () => {
    const { r } = await registerMember({ shop_id: 2 });
    expect(r.body.data.user.shop_id).toBe(2);
    const phone = uniquePhone();
    const captcha = await sendCode(phone);
    const bad = await t.call("POST", "/api/register/user/store", {
      body: { phone, captcha, password: "good-pass-1", name: "丁", shop_id: 999 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toMatchObject({ errors: [{ field: "shop_id" }] });
  });
});

describe("captcha sending limits", () => {
  test("resend only after 60 seconds, with the wait in the answer", async () => {
    const phone = uniquePhone();
    await sendCode(phone);
    const again = await t.call<{ retry_after_s: number }>("POST", "/api/register/user/sendCaptcha", {
      body: { phone, purpose: "register" },
    });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^請於 \d+ 秒後再重新發送驗證碼$/);
    expect(again.body.data.retry_after_s).toBeGreaterThan(0);
    t.clock.advance(61);
    await sendCode(phone);
  });

  test("at most 5 codes per phone per hour", async () => {
    const phone = uniquePhone();
    for (let i = 0; i < 5; i++) {
      await sendCode(phone);
      t.clock.advance(61);
    }
    const sixth = await t.call("POST", "/api/register/user/sendCaptcha", { body: { phone, purpose: "register" } });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe("此手機號碼發送驗證碼次數過多，請稍後再試");
  });

  test("at most 20 codes per IP per hour", async () => {
    const ip = "10.9.9.9";
    for (let i = 0; i < 20; i++) await sendCode(uniquePhone(), "register", ip);
    const r = await t.call("POST", "/api/register/user/sendCaptcha", { body: { phone: uniquePhone(), purpose: "register" }, ip });
    expect(r.status).toBe(429);
    expect(r.body.message).toBe("發送驗證碼次數過多，請稍後再試");
  });

  test("a reset code for an unknown phone is a 404", async () => {
    const r = await t.call("POST", "/api/register/user/sendCaptcha", { body: { phone: uniquePhone(), purpose: "password" } });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe("查無使用此手機號碼的會員");
  });
});

describe("limits hold when requests arrive together (decision 30)", () => {
  const send = (phone: string, ip: string) =>
    t.call("POST", "/api/register/user/sendCaptcha", { body: { phone, purpose: "register" }, ip });

  test("20 sends for one phone at once: one code goes out", async () => {
    const phone = uniquePhone();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => send(phone, `10.20.0.${i + 1}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 429)).toHaveLength(19);
    expect(await t.database.db.select().from(captchas).where(eq(captchas.phone, phone))).toHaveLength(1);
  });

  test("30 sends from one address at once: twenty codes go out", async () => {
    const ip = "10.21.0.1";
    const results = await Promise.all(Array.from({ length: 30 }, () => send(uniquePhone(), ip)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    expect(results.filter((r) => r.status === 429).map((r) => r.body.message)).toEqual(
      Array(10).fill("發送驗證碼次數過多，請稍後再試"),
    );
    expect(await t.database.db.select().from(captchas).where(eq(captchas.ip, ip))).toHaveLength(20);
  });

  test("20 guesses of one code at once: five are checked, the rest refused as too many", async () => {
    const phone = uniquePhone();
    const code = await sendCode(phone);
    const wrong = code === "000000" ? "111111" : "000000";
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call("POST", "/api/register/user/store", { body: { phone, captcha: wrong, password: "good-pass-1", name: "甲" } }),
      ),
    );
    expect(results.filter((r) => r.body.message === "驗證碼錯誤，請再確認一次")).toHaveLength(5);
    expect(results.filter((r) => r.body.message === "驗證碼錯誤次數過多，請重新取得驗證碼")).toHaveLength(15);
    const [row] = await t.database.db.select().from(captchas).where(eq(captchas.phone, phone));
    expect(row?.attempts).toBe(5);
  });
});

describe("passwords", () => {
  test("login with a wrong password → 401 帳號或密碼錯誤, same for an unknown account", async () => {
    const { phone } = await registerMember();
    const wrong = await t.call("POST", "/api/auth/login", { body: { account: phone, password: "wrong-pass" } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe("帳號或密碼錯誤");
    const unknown = await t.call("POST", "/api/auth/login", { body: { account: uniquePhone(), password: "wrong-pass" } });
    expect(unknown.body).toEqual(wrong.body);
  });

  test("password/update needs the old password and signs out other devices", async () => {
    const { phone, r } = await registerMember();
    const current = r.body.data.token;
    const other = (
      await t.call<{ token: string }>("POST", "/api/auth/login", { body: { account: phone, password: "good-pass-1" } })
    ).body.data.token;

    const bad = await t.call("POST", "/api/user/password/update", {
      token: current,
      body: { old_password: "nope-nope", new_password: "brand-new-1" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual({ errors: [{ field: "old_password", message: "目前的密碼不正確" }] });

    const ok = await t.call("POST", "/api/user/password/update", {
      token: current,
      body: { old_password: "good-pass-1", new_password: "brand-new-1" },
    });
    expect(ok.status).toBe(200);
    expect((await t.call("GET", "/api/user/get", { token: current })).status).toBe(200);
    expect((await t.call("GET", "/api/user/get", { token: other })).status).toBe(401);
    expect((await t.call("POST", "/api/auth/login", { body: { account: phone, password: "brand-new-1" } })).status).toBe(200);

    const anon = await t.call("POST", "/api/user/password/update", { body: { old_password: "x", new_password: "brand-new-2" } });
    expect(anon.status).toBe(401);
  });

  test("password/forget resets with an SMS code and signs out everywhere", async () => {
    const { phone, r } = await registerMember();
    t.clock.advance(61);
    const code = await sendCode(phone, "password");
    const ok = await t.call("POST", "/api/user/password/forget", {
      body: { phone, captcha: code, new_password: "reset-pass-9" },
    });
    expect(ok.status).toBe(200);
    expect((await t.call("GET", "/api/user/get", { token: r.body.data.token })).status).toBe(401);
    expect((await t.call("POST", "/api/auth/login", { body: { account: phone, password: "reset-pass-9" } })).status).toBe(200);
    const reuse = await t.call("POST", "/api/user/password/forget", {
      body: { phone, captcha: code, new_password: "reset-pass-0" },
    });
    expect(reuse.status).toBe(400);
  });
});

describe("profile", () => {
  test("updateNickname changes only the caller's nickname", async () => {
    const a = await registerMember();
    const b = await registerMember();
    const r = await t.call<{ nickname: string }>("POST", "/api/user/updateNickname", {
      token: a.r.body.data.token,
      body: { nickname: "小茶包" },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.nickname).toBe("小茶包");
    const other = await t.call<{ nickname: string | null }>("GET", "/api/user/get", { token: b.r.body.data.token });
    expect(other.body.data.nickname).toBeNull();

    const bad = await t.call("POST", "/api/user/updateNickname", { token: a.r.body.data.token, body: { nickname: "" } });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual({ errors: [{ field: "nickname", message: "請輸入暱稱" }] });
    expect((await t.call("POST", "/api/user/updateNickname", { body: { nickname: "x" } })).status).toBe(401);
  });
});
