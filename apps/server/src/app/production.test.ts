import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_STAFF } from "../demo/seed.js";
import { createTestApp, loginAs, type TestApp } from "../test/harness.js";
import { demoPasswordsInUse } from "./production.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("production safety", () => {
  it("finds demo accounts that still open with their published passwords, until they are changed", async () => {
    const before = await demoPasswordsInUse(t.services);
    expect(before).toContain("staff owner");
    expect(before).toContain("member 0912345678");

    const owner = await t.call<{ token: string }>("POST", "/api/admin/auth/login", {
      body: { username: DEMO_STAFF.owner.username, password: DEMO_STAFF.owner.password },
    });
    const me = await t.call<{ id: number }>("GET", "/api/admin/auth/me", { token: owner.body.data.token });
    await t.call("PUT", `/api/admin/staff/${me.body.data.id}`, {
      token: owner.body.data.token,
      body: { password: "a-long-new-password-1" },
    });
    const token = await loginAs(t, { phone: "0912345678", password: "demo1234" });
    await t.call("POST", "/api/user/password/update", {
      token,
      body: { old_password: "demo1234", new_password: "another-pass-99" },
    });
    const after = await demoPasswordsInUse(t.services);
    expect(after).not.toContain("staff owner");
    expect(after).not.toContain("member 0912345678");
    expect(after).toContain("staff operator");
  });

  it("checks demo passwords without counting sign-in attempts: restarts never lock a real member holding a demo number", async () => {
    for (let i = 0; i < 8; i++) await demoPasswordsInUse(t.services);
    const member = await t.services.members.byPhone("0912345678");
    expect(await t.services.auth.signInLockedUntil(member?.id ?? 0)).toBeNull();
    expect(
      (await t.call("POST", "/api/auth/login", { body: { account: "0912345678", password: "another-pass-99" } })).status,
    ).toBe(200);
  });

  it("is ready while the database answers, and not once draining starts", async () => {
    const ready = await t.call<{ ready: boolean }>("GET", "/api/ready");
    expect(ready.status).toBe(200);
    expect(ready.body.data.ready).toBe(true);
    t.drain();
    const draining = await t.call<{ ready: boolean }>("GET", "/api/ready");
    expect(draining.status).toBe(503);
    expect(draining.body.message).toBe("服務即將關閉");
    expect((await t.call("GET", "/api/health")).status).toBe(200);
  });
});
