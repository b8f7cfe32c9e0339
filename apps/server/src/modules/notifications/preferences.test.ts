import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { orderSteps } from "../../test/order-helpers.js";

const LINE_USER = `U${"7c".repeat(16)}`;

describe("通知方式: members choose LINE and e-mail; the site's notices always stay", () => {
  let t: TestApp;
  let s: ReturnType<typeof orderSteps>;
  let token: string;
  let memberId: number;
  beforeAll(async () => {
    t = await createTestApp();
    s = orderSteps(t);
    token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
    memberId = (await t.services.auth.authenticate(token))?.member.id ?? 0;
  });
  afterAll(() => t.close());

  const channels = () => t.call<Record<string, boolean>>("GET", "/api/user/notify_channels", { token });
  const choose = (body: unknown) => t.call<Record<string, boolean>>("POST", "/api/user/notify_channels", { token, body });
  async function paidOrderChannels() {
    const v = await s.variantOf(3);
    await s.setStock(v, 50);
    const no = (await s.memberOrder(token, v, { email: "buyer@example.com" })).order_no;
    await t.services.payments.confirmOffline(no, "staff:1", "staff");
    return (await t.services.outbox.forEvent(`order:${no}:paid`)).map((m) => m.channel).sort();
  }

  it("both on by default; LINE reaches them only once bound", async () => {
    expect((await channels()).body.data).toMatchObject({ line: true, email: true, line_bound: false });
    await t.services.identities.bind(memberId, "line", LINE_USER);
    expect((await channels()).body.data).toMatchObject({ line: true, line_bound: true });
    expect(await paidOrderChannels()).toEqual(["email", "line"]);
  });

  it("LINE off: e-mail only; both off: nothing outside the site, the notice is still there", async () => {
    const r = await choose({ line: false, email: true });
    expect([r.status, r.body.message]).toEqual([200, "已更新通知方式"]);
    expect(await paidOrderChannels()).toEqual(["email"]);
    await choose({ line: false, email: false });
    // Not even the address given at checkout is written to once they said no.
    expect(await paidOrderChannels()).toEqual([]);
    const notices = await t.call<{ list: Array<{ title: string }> }>("POST", "/api/notification/search", { token, body: {} });
    expect(notices.body.data.list[0]?.title).toMatch(/已付款$/);
    await choose({ line: true, email: true });
    expect(await paidOrderChannels()).toEqual(["email", "line"]);
  });

  it("bad input is refused with a message and changes nothing; a visitor is asked to sign in", async () => {
    await choose({ line: false, email: true });
    const bad = await choose({ line: "yes", email: true });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("請選擇是否以 LINE 通知");
    expect((await choose({ line: true })).status).toBe(400);
    expect((await choose({ line: true, email: true, sms: true })).status).toBe(400);
    expect((await channels()).body.data).toMatchObject({ line: false, email: true });
    expect((await t.call("GET", "/api/user/notify_channels")).status).toBe(401);
    expect((await t.call("POST", "/api/user/notify_channels", { body: { line: true, email: true } })).status).toBe(401);
  });
});
