import type { AuthResult, BindingView, BindTicketView, SignInOptions, ThreeWayStart } from "@shop/contract";
import { eq } from "drizzle-orm";
import { generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { memberIdentities, members } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import type { IdentitySimulator } from "../../integrations/identity/simulator.js";
import { createTestApp, lastCaptcha, loginAs, type TestApp, uniquePhone } from "../../test/harness.js";

let t: TestApp;
let sim: IdentitySimulator;
beforeAll(async () => {
  t = await createTestApp();
  if (!t.identitySimulator) throw new Error("the test app runs the sign-in simulator");
  sim = t.identitySimulator;
});
afterAll(() => t.close());

let n = 0;
const newSubject = (p: string) => `${p}-${Date.now().toString(36)}-${++n}`;
const liff = (id_token: string, extra: Record<string, unknown> = {}) =>
  t.call<AuthResult | BindTicketView>("POST", "/api/auth/liff_login", { body: { id_token, ...extra } });
const start = async (provider: string, token?: string, purpose = "login") =>
  (await t.call<ThreeWayStart>("POST", "/api/threeway/start", { body: { provider, purpose }, token })).body.data;
const identityCount = async () => (await t.database.db.select().from(memberIdentities)).length;

/** A LINE identity nobody has bound yet, through LIFF: its bind ticket. */
async function ticketFor(subject: string) {
  const r = await liff(await sim.mint("line", { sub: subject, name: "小林" }));
  expect(r.body.status).toBe(false);
  return (r.body.data as BindTicketView).bind_ticket;
}

describe("the sign-in page's options", () => {
  test("the simulator stands in for unconfigured providers (測試模式); without it they are not offered", async () => {
    const opts = (await t.call<SignInOptions>("GET", "/api/threeway/options")).body.data;
    expect(opts.providers.map((p) => [p.provider, p.simulated])).toEqual([
      ["line", true],
      ["google", true],
      ["facebook", true],
    ]);
    const bare = await createTestApp({
      env: { CHANNEL_LINE_LOGIN: "off", CHANNEL_GOOGLE_LOGIN: "off", CHANNEL_FACEBOOK_LOGIN: "off" },
    });
    try {
      expect((await bare.call<SignInOptions>("GET", "/api/threeway/options")).body.data).toEqual({
        providers: [],
        liff_id: null,
        google_script: null,
      });
      const r = await bare.call("POST", "/api/threeway/start", { body: { provider: "google" } });
      expect(r.status).toBe(422);
      expect(r.body.message).toBe("目前未開放 Google 登入");
      const token = await loginAs(bare, DEMO_ACCOUNTS.member);
      const bindings = (await bare.call<BindingView[]>("GET", "/api/user/threeway/get", { token })).body.data;
      expect(bindings.every((b) => !b.available)).toBe(true);
    } finally {
      await bare.close();
    }
  });
});

describe("ID tokens are verified by the server", () => {
  test("a forged signature (another key, the same kid) is refused and creates nothing", async () => {
    const { privateKey } = await generateKeyPair("ES256");
    const before = await identityCount();
    const r = await liff(await sim.mint("line", { sub: newSubject("line") }, { key: privateKey }));
    expect(r.status).toBe(401);
    expect(r.body.message).toBe("登入憑證無效，請重新登入");
    expect(await identityCount()).toBe(before);
  });

  test("an expired token is refused", async () => {
    const r = await liff(await sim.mint("line", { sub: newSubject("line") }, { ttlSeconds: -120 }));
    expect(r.status).toBe(401);
    expect(r.body.message).toBe("登入憑證已過期，請重新登入");
  });

  test("a token for another audience or from another issuer is refused", async () => {
    expect((await liff(await sim.mint("line", { sub: newSubject("line") }, { audience: "someone-else" }))).status).toBe(401);
    expect((await liff(await sim.mint("line", { sub: newSubject("line") }, { issuer: "https://evil.example" }))).status).toBe(
      401,
    );
    // Google's token is no LINE token, even though the simulator signed both.
    expect((await liff(await sim.mint("google", { sub: newSubject("g") }))).status).toBe(401);
  });

  test("a token used once is refused the second time (replay)", async () => {
    const token = await sim.mint("line", { sub: newSubject("line") });
    expect((await liff(token)).status).toBe(200);
    const again = await liff(token);
    expect(again.status).toBe(401);
    expect(again.body.message).toBe("此登入憑證已使用過，請重新登入");
  });

  test("a web sign-in needs our state, used once, and the token must carry its nonce", async () => {
    const s = await start("google");
    const wrongNonce = await sim.mint("google", { sub: newSubject("g"), nonce: "not-the-nonce" });
    const refused = await t.call("POST", "/api/threeway/login", {
      body: { provider: "google", id_token: wrongNonce, state: s.state },
    });
    expect(refused.status).toBe(401);
    // The state was spent by that attempt.
    const good = await sim.mint("google", { sub: newSubject("g"), nonce: s.nonce });
    const reused = await t.call("POST", "/api/threeway/login", { body: { provider: "google", id_token: good, state: s.state } });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe("登入流程已失效，請重新登入");
    // A state started for Facebook does not let a Google token in.
    const fb = await start("facebook");
    const cross = await sim.mint("google", { sub: newSubject("g"), nonce: fb.nonce });
    expect(
      (await t.call("POST", "/api/threeway/login", { body: { provider: "google", id_token: cross, state: fb.state } })).status,
    ).toBe(400);
  });
});

describe("binding and signing in", () => {
  test("LIFF: an unknown LINE user binds the demo member's account, then signs straight in", async () => {
    const subject = newSubject("line");
    const ticket = await ticketFor(subject);
    const wrong = await t.call("POST", "/api/auth/threeWayLoginBind", {
      body: { bind_ticket: ticket, account: DEMO_ACCOUNTS.member.phone, password: "wrong-password" },
    });
    expect(wrong.status).toBe(401);
    const bound = await t.call<AuthResult>("POST", "/api/auth/threeWayLoginBind", {
      body: { bind_ticket: ticket, account: DEMO_ACCOUNTS.member.phone, password: DEMO_ACCOUNTS.member.password },
    });
    expect(bound.status).toBe(200);
    expect(bound.body.data.user.phone).toBe(DEMO_ACCOUNTS.member.phone);
    // A new way in made with the password alone: the member hears of it by SMS.
    const told = (await t.services.outbox.log({}, 1, 200)).rows.filter((m) => m.subject === "已綁定 LINE 登入");
    expect(told.filter((m) => m.channel === "sms" && m.recipient === DEMO_ACCOUNTS.member.phone)).toHaveLength(1);
    // The ticket is single use.
    const twice = await t.call("POST", "/api/auth/threeWayLoginBind", {
      body: { bind_ticket: ticket, account: DEMO_ACCOUNTS.member.phone, password: DEMO_ACCOUNTS.member.password },
    });
    expect(twice.status).toBe(400);
    const again = await liff(await sim.mint("line", { sub: subject }));
    expect(again.status).toBe(200);
    expect((again.body.data as AuthResult).user.phone).toBe(DEMO_ACCOUNTS.member.phone);
  });

  test("a member who signs in on the English pages is told of a new way in in English, by notice and SMS", async () => {
    // The seller's account: the other tests bind LINE to the member and the downline.
    const { phone, password } = DEMO_ACCOUNTS.seller;
    await t.call("POST", "/api/auth/login", { body: { account: phone, password }, headers: { "x-page-lang": "en" } });
    const ticket = await ticketFor(newSubject("line"));
    const bound = await t.call("POST", "/api/auth/threeWayLoginBind", {
      body: { bind_ticket: ticket, account: phone, password },
    });
    expect(bound.status).toBe(200);
    const told = (await t.services.outbox.log({}, 1, 200)).rows.filter((m) => m.subject === "LINE sign-in added");
    expect(told.filter((m) => m.channel === "sms" && m.recipient === phone)).toHaveLength(1);
  });

  test("LIFF keeps the member's language: its pages have no /en address; a sign-in on an English page sets it", async () => {
    const subject = newSubject("line");
    const ticket = await ticketFor(subject);
    await t.call("POST", "/api/auth/threeWayLoginBind", {
      body: { bind_ticket: ticket, account: DEMO_ACCOUNTS.downline.phone, password: DEMO_ACCOUNTS.downline.password },
    });
    const langOf = async () =>
      (await t.database.db.select({ lang: members.lang }).from(members).where(eq(members.phone, DEMO_ACCOUNTS.downline.phone)))[0]
        ?.lang;
    await t.call("POST", "/api/auth/login", {
      body: { account: DEMO_ACCOUNTS.downline.phone, password: DEMO_ACCOUNTS.downline.password },
      headers: { "x-page-lang": "en" },
    });
    expect(await langOf()).toBe("en");
    expect((await liff(await sim.mint("line", { sub: subject }))).status).toBe(200);
    expect(await langOf()).toBe("en");
    // A Chinese page's sign-in changes it back.
    await t.call("POST", "/api/auth/login", {
      body: { account: DEMO_ACCOUNTS.downline.phone, password: DEMO_ACCOUNTS.downline.password },
    });
    expect(await langOf()).toBe("zh-TW");
  });

  test("an identity bound to one member cannot be bound to another; a member has one identity per provider", async () => {
    const subject = newSubject("fb");
    const seller = await loginAs(t, DEMO_ACCOUNTS.seller);
    const s1 = await start("facebook", seller, "bind");
    const back = new URL(
      await sim.approve("facebook", {
        redirectUri: "http://x/threeway/callback",
        state: s1.state,
        nonce: s1.nonce,
        subject,
        name: "林",
      }),
    );
    const idToken = new URLSearchParams(back.hash.slice(1)).get("id_token") ?? "";
    const ok = await t.call<BindingView[]>("POST", "/api/user/threeway/bind", {
      body: { provider: "facebook", id_token: idToken, state: s1.state },
      token: seller,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.find((b) => b.provider === "facebook")?.bound).toBe(true);
    // A new way into the account: the member is told, by SMS too (decision 77).
    const told = (await t.services.outbox.log({}, 1, 200)).rows.filter((m) => m.subject === "已綁定 Facebook 登入");
    expect(told.filter((m) => m.channel === "sms" && m.recipient === DEMO_ACCOUNTS.seller.phone)).toHaveLength(1);

    const other = await loginAs(t, DEMO_ACCOUNTS.shop2Member);
    const s2 = await start("facebook", other, "bind");
    const same = await sim.mint("facebook", { sub: subject, nonce: s2.nonce });
    const taken = await t.call("POST", "/api/user/threeway/bind", {
      body: { provider: "facebook", id_token: same, state: s2.state },
      token: other,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("此 Facebook 帳號已綁定其他會員");

    const s3 = await start("facebook", seller, "bind");
    const second = await sim.mint("facebook", { sub: newSubject("fb"), nonce: s3.nonce });
    const dup = await t.call("POST", "/api/user/threeway/bind", {
      body: { provider: "facebook", id_token: second, state: s3.state },
      token: seller,
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe("您已綁定另一個 Facebook 帳號，請先解除綁定");
    // A bind flow started by one member cannot be finished by another.
    const s4 = await start("google", seller, "bind");
    const stolen = await sim.mint("google", { sub: newSubject("g"), nonce: s4.nonce });
    expect(
      (
        await t.call("POST", "/api/user/threeway/bind", {
          body: { provider: "google", id_token: stolen, state: s4.state },
          token: other,
        })
      ).status,
    ).toBe(400);
  });

  test("LINE Login on the web: the code is exchanged, a new member registers without a password; its last way to sign in cannot be unbound", async () => {
    const s = await start("line");
    expect(s.authorize_url).toContain("/api/idp-sim/line/authorize?response_type=code");
    const redirectUri = new URL(s.authorize_url ?? "").searchParams.get("redirect_uri") ?? "";
    const back = new URL(
      await sim.approve("line", { redirectUri, state: s.state, nonce: s.nonce, subject: newSubject("line"), name: "阿明" }),
    );
    const r = await t.call<BindTicketView>("POST", "/api/threeway/login", {
      body: { provider: "line", code: back.searchParams.get("code"), state: s.state, shop_id: 2 },
    });
    expect(r.body).toMatchObject({ status: false, data: { provider: "line", name: "阿明" } });

    const phone = uniquePhone();
    await t.call("POST", "/api/register/user/sendCaptcha", { body: { phone } });
    const reg = await t.call<AuthResult>("POST", "/api/auth/threeWayLoginBind", {
      body: { bind_ticket: r.body.data.bind_ticket, register: { phone, captcha: lastCaptcha(t, phone), name: "阿明" } },
    });
    expect(reg.status).toBe(200);
    expect(reg.body.data.user.shop_id).toBe(2);
    const [row] = await t.database.db.select().from(members).where(eq(members.phone, phone));
    expect(row?.passwordHash).toBeNull();

    const token = reg.body.data.token;
    const refused = await t.call("POST", "/api/user/threeway/unbind", { body: { provider: "line" }, token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("這是您唯一的登入方式，請先以「忘記密碼」設定密碼或綁定其他帳號再解除");
    // No password to sign in with either.
    expect((await t.call("POST", "/api/auth/login", { body: { account: phone, password: "anything1" } })).status).toBe(401);

    // With a second way bound, LINE can go.
    const g = await start("google", token, "bind");
    const gt = await sim.mint("google", { sub: newSubject("g"), nonce: g.nonce });
    expect(
      (await t.call("POST", "/api/user/threeway/bind", { body: { provider: "google", id_token: gt, state: g.state }, token }))
        .status,
    ).toBe(200);
    const un = await t.call<BindingView[]>("POST", "/api/user/threeway/unbind", { body: { provider: "line" }, token });
    expect(un.status).toBe(200);
    expect(un.body.data.find((b) => b.provider === "line")?.bound).toBe(false);
  });

  test("a wrong SMS code leaves the bind ticket usable", async () => {
    const ticket = await ticketFor(newSubject("line"));
    const phone = uniquePhone();
    await t.call("POST", "/api/register/user/sendCaptcha", { body: { phone } });
    const bad = await t.call("POST", "/api/auth/threeWayLoginBind", {
      body: { bind_ticket: ticket, register: { phone, captcha: "000000", name: "小林" } },
    });
    expect(bad.status).toBe(400);
    const good = await t.call("POST", "/api/auth/threeWayLoginBind", {
      body: { bind_ticket: ticket, register: { phone, captcha: lastCaptcha(t, phone), name: "小林", password: "pass12345" } },
    });
    expect(good.status).toBe(200);
  });
});
