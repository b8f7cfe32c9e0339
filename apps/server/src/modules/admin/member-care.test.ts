import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp, uniquePhone } from "../../test/harness.js";
import { orderSteps } from "../../test/order-helpers.js";

describe("staff caring for a member's account", () => {
  let t: TestApp;
  let s: ReturnType<typeof orderSteps>;
  let operator: string;
  let memberId: number;
  beforeAll(async () => {
    t = await createTestApp();
    s = orderSteps(t);
    operator = await s.staffToken("operator");
    const token = await s.login(DEMO_ACCOUNTS.downline.phone, DEMO_ACCOUNTS.downline.password);
    memberId = (await t.services.auth.authenticate(token))?.member.id ?? 0;
  });
  afterAll(() => t.close());

  const member = async () =>
    (
      await t.call<{ name: string; phone: string; email: string | null; status: string }>(
        "GET",
        `/api/admin/members/${memberId}`,
        { token: operator },
      )
    ).body.data;
  const login = () =>
    t.call("POST", "/api/auth/login", {
      body: { account: DEMO_ACCOUNTS.downline.phone, password: DEMO_ACCOUNTS.downline.password },
    });

  it("suspending ends every session at once and refuses sign-in with a clear message; reinstating lets them back", async () => {
    const sessions = [
      await s.login(DEMO_ACCOUNTS.downline.phone, DEMO_ACCOUNTS.downline.password),
      await s.login(DEMO_ACCOUNTS.downline.phone, DEMO_ACCOUNTS.downline.password),
    ];
    const r = await t.call("POST", `/api/admin/members/${memberId}/suspend`, {
      token: operator,
      body: { reason: "疑似盜用，暫停帳號" },
    });
    expect(r.status, r.body.message).toBe(200);
    expect((await member()).status).toBe("disabled");
    for (const token of sessions) expect((await t.call("GET", "/api/user/get", { token })).status).toBe(401);
    const refused = await login();
    expect([refused.status, refused.body.message]).toEqual([403, "此帳號已停用，請聯繫客服"]);
    expect(
      (await t.call("POST", `/api/admin/members/${memberId}/suspend`, { token: operator, body: { reason: "再停一次" } })).status,
    ).toBe(409);

    expect(
      (await t.call("POST", `/api/admin/members/${memberId}/reinstate`, { token: operator, body: { reason: "本人來電確認" } }))
        .status,
    ).toBe(200);
    expect((await login()).status).toBe(200);
    const audit = await t.call<{ items: Array<{ action: string; after: { reason?: string } | null }> }>(
      "GET",
      `/api/admin/audit?entity=member&entity_id=${memberId}`,
      { token: await s.staffToken("owner") },
    );
    expect(audit.body.data.items.map((a) => [a.action, a.after?.reason])).toEqual([
      ["member.reinstate", "本人來電確認"],
      ["member.suspend", "疑似盜用，暫停帳號"],
    ]);
  });

  it("a profile edit applies and is audited; a phone or e-mail another member has, bad input or an unknown member changes nothing", async () => {
    const edit = (body: Record<string, unknown>, id = memberId) =>
      t.call("PUT", `/api/admin/members/${id}`, { token: operator, body });
    const ok = await edit({
      name: "張志豪（改）",
      nickname: "豪哥",
      phone: DEMO_ACCOUNTS.downline.phone,
      email: "zhihao@example.com",
    });
    expect(ok.status, ok.body.message).toBe(200);
    expect(await member()).toMatchObject({ name: "張志豪（改）", email: "zhihao@example.com" });
    for (const [body, status, message] of [
      [{ name: "張", phone: DEMO_ACCOUNTS.member.phone }, 400, "此手機號碼已被其他會員使用"],
      [{ name: "張", phone: DEMO_ACCOUNTS.downline.phone, email: "not-an-email" }, 400, "電子郵件格式錯誤"],
      [{ name: "", phone: DEMO_ACCOUNTS.downline.phone }, 400, "請輸入姓名"],
    ] as const) {
      const r = await edit(body);
      expect(r.status, message).toBe(status);
      expect(r.body.message).toContain(message);
    }
    expect((await edit({ name: "誰", phone: "0900111222" }, 999999)).status).toBe(404);
    expect(await member()).toMatchObject({ name: "張志豪（改）", phone: DEMO_ACCOUNTS.downline.phone });
    // A new phone: every session ends and the old number is told; sign-in is with the new one.
    const session = await s.login(DEMO_ACCOUNTS.downline.phone, DEMO_ACCOUNTS.downline.password);
    const newPhone = uniquePhone();
    expect((await edit({ name: "張志豪（改）", phone: newPhone })).status).toBe(200);
    expect((await t.call("GET", "/api/user/get", { token: session })).status).toBe(401);
    const told = (await t.services.outbox.log({}, 1, 200)).rows.filter((m) => m.subject === "登入手機已變更");
    expect(told.map((m) => [m.channel, m.recipient])).toContainEqual(["sms", DEMO_ACCOUNTS.downline.phone]);
    expect(told.some((m) => m.recipient === newPhone)).toBe(false);
    const moved = await t.call("POST", "/api/auth/login", {
      body: { account: newPhone, password: DEMO_ACCOUNTS.downline.password },
    });
    expect(moved.status).toBe(200);
    // Changing the name only ends nobody's session and tells nobody.
    expect((await edit({ name: "張志豪", phone: DEMO_ACCOUNTS.downline.phone })).status).toBe(200);
    const again = await s.login(DEMO_ACCOUNTS.downline.phone, DEMO_ACCOUNTS.downline.password);
    expect((await edit({ name: "張志豪（再改）", phone: DEMO_ACCOUNTS.downline.phone })).status).toBe(200);
    expect((await t.call("GET", "/api/user/get", { token: again })).status).toBe(200);
    const support = await s.staffToken("support");
    expect(
      (await t.call("POST", `/api/admin/members/${memberId}/suspend`, { token: support, body: { reason: "x" } })).status,
    ).toBe(403);
  });
});
