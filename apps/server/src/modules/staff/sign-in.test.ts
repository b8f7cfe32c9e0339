import type { StaffSessionView, StaffView } from "@shop/contract/admin";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { staff, staffSignInGuards } from "../../db/schema/index.js";
import { createTestApp, staffTokens, type TestApp } from "../../test/harness.js";

/**
 * Staff sign-in (decision 79): TOTP codes sign in once, a username locks after five failures in a
 * row whatever address they come from, and each session is listed and can be ended. The races run
 * for real on PostgreSQL (`node scripts/with-pg-database.mjs vitest run <this file>`); PGlite runs
 * one transaction at a time, so there they check the same answers without the contention.
 */
let t: TestApp;
let owner = "";
let operator = "";
beforeAll(async () => {
  t = await createTestApp();
  ({ owner, operator } = await staffTokens(t));
});
afterAll(() => t.close());

const LOCKED_15 = "登入失敗次數過多，此帳號已暫停登入，請於 15 分鐘後再試；如需立即使用，請洽擁有者解除鎖定";

/** A sign-in through the app, with the error code the answer carries. */
async function signIn(body: Record<string, unknown>, opts: { ip?: string; userAgent?: string } = {}) {
  const r = await t.app.inject({
    method: "POST",
    url: "/api/admin/auth/login",
    headers: { "content-type": "application/json", "user-agent": opts.userAgent ?? "vitest" },
    remoteAddress: opts.ip ?? "127.0.0.1",
    payload: JSON.stringify(body),
  });
  const json = r.json() as { message: string; data: { token?: string; staff?: StaffView } | null };
  return { status: r.statusCode, code: r.headers["x-error-code"], message: json.message, data: json.data };
}

let counter = 0;
/** A staff account of its own for each test (the demo accounts are shared with the rest of the file). */
async function newStaff(role: "operator" | "support" = "support") {
  counter++;
  const username = `signin.${counter}.${Date.now().toString(36)}`;
  const password = `pass-word-${counter}-2026`;
  const r = await t.call<StaffView>("POST", "/api/admin/staff", {
    token: owner,
    body: { username, name: `登入測試${counter}`, role, password },
  });
  expect(r.status).toBe(200);
  return { id: r.body.data.id, username, password };
}

/** Switches TOTP on for an account; returns its code generator (on the app's clock) and the step used to confirm it. */
async function withTotp(account: { username: string; password: string }) {
  const login = await signIn({ username: account.username, password: account.password });
  const token = login.data?.token ?? "";
  const setup = await t.call<{ secret: string }>("POST", "/api/admin/auth/totp/setup", { token, body: {} });
  const totp = new TOTP({ secret: Secret.fromBase32(setup.body.data.secret), digits: 6, period: 30 });
  const code = (offsetSteps = 0) => totp.generate({ timestamp: t.clock.now.getTime() + offsetSteps * 30_000 });
  const enabled = await t.call("POST", "/api/admin/auth/totp/enable", { token, body: { code: code() } });
  expect(enabled.status).toBe(200);
  return { code, token };
}

const guard = async (username: string) =>
  (await t.database.db.select().from(staffSignInGuards).where(eq(staffSignInGuards.username, username)))[0];

describe("TOTP codes sign in once (RFC 6238 §5.2)", () => {
  test("the same code twice: the second sign-in is refused (401) and says the code was used", async () => {
    const account = await newStaff();
    const { code } = await withTotp(account);
    t.clock.advance(30);
    const now = code();
    const first = await signIn({ username: account.username, password: account.password, totp: now });
    expect(first.status).toBe(200);
    const again = await signIn({ username: account.username, password: account.password, totp: now });
    expect(again).toMatchObject({
      status: 401,
      code: "TOTP_REUSED",
      message: "此驗證碼已使用過，請等驗證器 App 顯示下一組驗證碼再登入",
      data: { totp_required: true },
    });
    // The previous step's code is still inside the window, but older than the one used: refused too.
    const older = await signIn({ username: account.username, password: account.password, totp: code(-1) });
    expect(older.code).toBe("TOTP_REUSED");
    // The next code signs in.
    t.clock.advance(30);
    expect((await signIn({ username: account.username, password: account.password, totp: code() })).status).toBe(200);
  });

  test("the code that switched TOTP on cannot also sign in; a code reused to switch it on is refused", async () => {
    const account = await newStaff();
    const { code, token } = await withTotp(account);
    const reused = await signIn({ username: account.username, password: account.password, totp: code() });
    expect(reused).toMatchObject({ status: 401, code: "TOTP_REUSED" });
    // Switched on, it cannot be swapped by whoever holds the session: only the owner resets it.
    const swap = await t.call("POST", "/api/admin/auth/totp/setup", { token, body: {} });
    expect(swap.status).toBe(409);
    expect(swap.body.message).toBe("已啟用兩步驟驗證；要更換驗證器，請擁有者重設兩步驟驗證");
    const reset = await t.call<StaffView>("PUT", `/api/admin/staff/${account.id}`, { token: owner, body: { reset_totp: true } });
    expect(reset.body.data.totp_enabled).toBe(false);
    // The reset ended that account's sessions; it signs in with its password alone, then sets up again.
    expect((await t.call("POST", "/api/admin/auth/totp/setup", { token, body: {} })).status).toBe(401);
    const again = (await signIn({ username: account.username, password: account.password })).data?.token ?? "";
    // Starting over with a new secret: the old step is still used up for this account.
    const setup = await t.call<{ secret: string }>("POST", "/api/admin/auth/totp/setup", { token: again, body: {} });
    const next = new TOTP({ secret: Secret.fromBase32(setup.body.data.secret), digits: 6, period: 30 });
    const sameStep = await t.call("POST", "/api/admin/auth/totp/enable", {
      token: again,
      body: { code: next.generate({ timestamp: t.clock.now.getTime() }) },
    });
    expect(sameStep.status).toBe(400);
    expect(sameStep.body.message).toBe("此驗證碼已使用過，請等驗證器 App 顯示下一組驗證碼再試");
  });

  test("one code sent ten times at once: exactly one token", async () => {
    const account = await newStaff();
    const { code } = await withTotp(account);
    t.clock.advance(30);
    const one = code();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        signIn({ username: account.username, password: account.password, totp: one }, { ip: `10.45.1.${i + 1}` }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    // The others: the code already used, or (past five attempts at once) not checked at all.
    for (const r of results.filter((x) => x.status !== 200)) expect(["TOTP_REUSED", "STAFF_SIGN_IN_LOCKED"]).toContain(r.code);
    const [row] = await t.database.db.select().from(staff).where(eq(staff.id, account.id));
    expect(row?.totpLastStep).toBe(Math.floor(t.clock.now.getTime() / 30_000));
    // The success cleared the run: the account is not locked.
    t.clock.advance(30);
    expect((await signIn({ username: account.username, password: account.password, totp: code() })).status).toBe(200);
  });
});

describe("sign-in lock per account", () => {
  test("five wrong passwords lock the account for 15 minutes; meanwhile the right password gets the same answer as a wrong one", async () => {
    const account = await newStaff();
    for (let i = 1; i <= 5; i++) {
      const r = await signIn({ username: account.username, password: "wrong-password" }, { ip: `10.45.2.${i}` });
      expect(r, `attempt ${i}`).toMatchObject({ status: 401, code: "WRONG_CREDENTIALS", message: "帳號或密碼錯誤" });
    }
    const right = await signIn({ username: account.username, password: account.password }, { ip: "10.45.2.9" });
    const wrong = await signIn({ username: account.username, password: "wrong-password" }, { ip: "10.45.2.10" });
    expect(right).toEqual({ status: 429, code: "STAFF_SIGN_IN_LOCKED", message: LOCKED_15, data: { retry_after_s: 900 } });
    expect(wrong).toEqual(right);

    t.clock.advance(14 * 60);
    expect((await signIn({ username: account.username, password: account.password })).status).toBe(429);
    t.clock.advance(60);
    const after = await signIn({ username: account.username, password: account.password });
    expect(after.status).toBe(200);
    expect(after.data?.staff).toMatchObject({ locked_until: null, failed_sign_ins: 0 });
    expect(await guard(account.username)).toBeUndefined();
  });

  test("each lock after the first lasts twice as long, up to a day", async () => {
    const account = await newStaff();
    const fail = async (n: number) => {
      for (let i = 0; i < n; i++) await signIn({ username: account.username, password: "wrong-password" });
    };
    await fail(5);
    t.clock.advance(15 * 60);
    // The lock ran out: five more attempts, then 30 minutes.
    await fail(4);
    expect((await signIn({ username: account.username, password: "wrong-password" })).code).toBe("WRONG_CREDENTIALS");
    t.clock.advance(29 * 60);
    expect((await signIn({ username: account.username, password: account.password })).code).toBe("STAFF_SIGN_IN_LOCKED");
    t.clock.advance(60);
    // A run that has locked eight times is at the cap: a day.
    await t.database.db.update(staffSignInGuards).set({ locks: 8 }).where(eq(staffSignInGuards.username, account.username));
    await fail(5);
    const locked = await guard(account.username);
    expect(locked?.lockedUntil?.getTime()).toBe(t.clock.now.getTime() + 24 * 3_600_000);
    expect((await signIn({ username: account.username, password: account.password })).message).toContain("請於 24 小時後再試");
  });

  test("a name that is no account locks the same way, with the same answers", async () => {
    const account = await newStaff();
    const nobody = `nobody.${Date.now().toString(36)}`;
    const real: Array<Awaited<ReturnType<typeof signIn>>> = [];
    const fake: Array<Awaited<ReturnType<typeof signIn>>> = [];
    for (let i = 0; i < 6; i++) {
      real.push(await signIn({ username: account.username, password: "wrong-password" }));
      fake.push(await signIn({ username: nobody, password: "wrong-password" }));
    }
    expect(fake).toEqual(real);
    expect(fake.at(-1)?.code).toBe("STAFF_SIGN_IN_LOCKED");
  });

  test("wrong TOTP codes count; being asked for the code does not", async () => {
    const account = await newStaff();
    const { code } = await withTotp(account);
    for (let i = 0; i < 6; i++) {
      const asked = await signIn({ username: account.username, password: account.password });
      expect(asked.code).toBe("TOTP_REQUIRED");
    }
    const wrong = code(1) === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++)
      expect((await signIn({ username: account.username, password: account.password, totp: wrong })).code).toBe("TOTP_INVALID");
    t.clock.advance(30);
    const right = await signIn({ username: account.username, password: account.password, totp: code() });
    expect(right).toMatchObject({ status: 429, code: "STAFF_SIGN_IN_LOCKED" });
  });

  test("20 wrong passwords at once from 20 addresses: all counted, five checked, the lock holds", async () => {
    const account = await newStaff();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signIn({ username: account.username, password: `wrong-${i}` }, { ip: `10.45.3.${i + 1}` }),
      ),
    );
    expect(results.filter((r) => r.code === "WRONG_CREDENTIALS")).toHaveLength(5);
    expect(results.filter((r) => r.code === "STAFF_SIGN_IN_LOCKED")).toHaveLength(15);
    const row = await guard(account.username);
    expect(row?.failures).toBe(20);
    expect(row?.lockedUntil?.getTime()).toBe(t.clock.now.getTime() + 15 * 60_000);
    const right = await signIn({ username: account.username, password: account.password });
    expect(right).toMatchObject({ status: 429, message: LOCKED_15 });
  });

  test("the owner sees the lock in the staff list and lifts it; the audit log records it", async () => {
    const account = await newStaff("operator");
    for (let i = 0; i < 5; i++) await signIn({ username: account.username, password: "wrong-password" });
    const list = await t.call<{ items: StaffView[] }>("GET", "/api/admin/staff", { token: owner });
    const row = list.body.data.items.find((s) => s.id === account.id);
    expect(row).toMatchObject({ failed_sign_ins: 5, locked_until: new Date(t.clock.now.getTime() + 15 * 60_000).toISOString() });

    const byOperator = await t.call("POST", `/api/admin/staff/${account.id}/unlock`, { token: operator, body: {} });
    expect(byOperator.status).toBe(403);
    const bad = await t.call("POST", "/api/admin/staff/abc/unlock", { token: owner, body: {} });
    expect(bad.status).toBe(400);
    const lifted = await t.call<StaffView>("POST", `/api/admin/staff/${account.id}/unlock`, { token: owner, body: {} });
    expect(lifted.status).toBe(200);
    expect(lifted.body.message).toBe("已解除鎖定，該員工可以再次登入");
    expect(lifted.body.data).toMatchObject({ locked_until: null, failed_sign_ins: 0 });
    expect((await signIn({ username: account.username, password: account.password })).status).toBe(200);
    const again = await t.call("POST", `/api/admin/staff/${account.id}/unlock`, { token: owner, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("此帳號目前沒有鎖定");

    const audit = await t.call<{ items: Array<{ action: string; before: unknown }> }>(
      "GET",
      `/api/admin/audit?entity=staff&entity_id=${account.id}`,
      { token: owner },
    );
    expect(audit.body.data.items[0]).toMatchObject({ action: "staff.unlock", before: { failed_sign_ins: 5 } });
  });
});

describe("staff sessions", () => {
  test("a sign-in records its address and browser; the staff member lists their sessions and ends another one", async () => {
    const account = await newStaff();
    const phone = await signIn(
      { username: account.username, password: account.password },
      { ip: "10.45.4.1", userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1" },
    );
    t.clock.advance(5);
    const desk = await signIn(
      { username: account.username, password: account.password },
      { ip: "10.45.4.2", userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36" },
    );
    const token = desk.data?.token ?? "";
    const mine = await t.call<StaffSessionView[]>("GET", "/api/admin/auth/sessions", { token });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toHaveLength(2);
    expect(mine.body.data[0]).toMatchObject({ ip: "10.45.4.2", current: true, user_agent: expect.stringContaining("Windows") });
    expect(mine.body.data[1]).toMatchObject({ ip: "10.45.4.1", current: false, user_agent: expect.stringContaining("iPhone") });
    expect(mine.body.data[1]?.last_used_at).toBe(mine.body.data[1]?.created_at);

    const other = mine.body.data[1]?.id ?? 0;
    expect((await t.call("DELETE", "/api/admin/auth/sessions/abc", { token })).status).toBe(400);
    const ended = await t.call<StaffSessionView[]>("DELETE", `/api/admin/auth/sessions/${other}`, { token });
    expect(ended.status).toBe(200);
    expect(ended.body.message).toBe("已登出該裝置");
    expect(ended.body.data.map((s) => s.ip)).toEqual(["10.45.4.2"]);
    expect((await t.call("GET", "/api/admin/auth/me", { token: phone.data?.token })).status).toBe(401);
    expect((await t.call("GET", "/api/admin/auth/me", { token })).status).toBe(200);

    const audit = await t.call<{ items: Array<{ action: string; before: unknown }> }>(
      "GET",
      `/api/admin/audit?entity=staff&entity_id=${account.id}`,
      { token: owner },
    );
    expect(audit.body.data.items[0]).toMatchObject({
      action: "staff.session.revoke",
      before: { session: other, ip: "10.45.4.1" },
    });
  });

  test("another staff member's session is not found through one's own list", async () => {
    const a = await newStaff();
    const b = await newStaff();
    const aToken = (await signIn({ username: a.username, password: a.password })).data?.token ?? "";
    const bToken = (await signIn({ username: b.username, password: b.password })).data?.token ?? "";
    const bSession = (await t.call<StaffSessionView[]>("GET", "/api/admin/auth/sessions", { token: bToken })).body.data[0];
    const r = await t.call("DELETE", `/api/admin/auth/sessions/${bSession?.id}`, { token: aToken });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe("找不到此登入裝置，可能已登出");
    expect((await t.call("GET", "/api/admin/auth/me", { token: bToken })).status).toBe(200);
  });

  test("last use is written at most once a minute", async () => {
    const account = await newStaff();
    const token = (await signIn({ username: account.username, password: account.password })).data?.token ?? "";
    const lastUsed = async () =>
      (await t.call<StaffSessionView[]>("GET", "/api/admin/auth/sessions", { token })).body.data[0]?.last_used_at;
    const signedIn = await lastUsed();
    t.clock.advance(30);
    expect(await lastUsed()).toBe(signedIn);
    t.clock.advance(60);
    expect(await lastUsed()).toBe(t.clock.now.toISOString());
  });

  test("the owner lists a staff member's sessions and ends them all; the audit log records it", async () => {
    const account = await newStaff();
    const tokens = [];
    for (const ip of ["10.45.5.1", "10.45.5.2"])
      tokens.push((await signIn({ username: account.username, password: account.password }, { ip })).data?.token ?? "");
    const listed = await t.call<StaffSessionView[]>("GET", `/api/admin/staff/${account.id}/sessions`, { token: owner });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((s) => s.ip).sort()).toEqual(["10.45.5.1", "10.45.5.2"]);
    expect(listed.body.data.every((s) => !s.current)).toBe(true);

    expect((await t.call("GET", `/api/admin/staff/${account.id}/sessions`, { token: operator })).status).toBe(403);
    expect((await t.call("DELETE", `/api/admin/staff/${account.id}/sessions`, { token: operator })).status).toBe(403);
    expect((await t.call("DELETE", "/api/admin/staff/0/sessions", { token: owner })).status).toBe(400);
    expect((await t.call("DELETE", "/api/admin/staff/999999/sessions", { token: owner })).status).toBe(404);

    const ended = await t.call<StaffSessionView[]>("DELETE", `/api/admin/staff/${account.id}/sessions`, { token: owner });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ message: "已登出此員工的所有裝置", data: [] });
    for (const token of tokens) expect((await t.call("GET", "/api/admin/auth/me", { token })).status).toBe(401);
    const audit = await t.call<{ items: Array<{ action: string; before: { sessions: number[] } }> }>(
      "GET",
      `/api/admin/audit?entity=staff&entity_id=${account.id}`,
      { token: owner },
    );
    expect(audit.body.data.items[0]?.action).toBe("staff.sessions.revoke_all");
    expect(audit.body.data.items[0]?.before.sessions).toHaveLength(2);
  });
});
