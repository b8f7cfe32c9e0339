import type { TakeoutView } from "@shop/contract";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { orderSteps } from "../../test/order-helpers.js";

const LINE_USER = `U${"3c".repeat(16)}`;
let t: TestApp;
let token = "";
let staff = "";
let takeoutId = 0;
beforeAll(async () => {
  t = await createTestApp();
  const s = orderSteps(t);
  token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
  const memberId = (await t.services.auth.authenticate(token))?.member.id ?? 0;
  await t.services.identities.bind(memberId, "line", LINE_USER);
  staff = await s.staffToken("operator");
  const addressId = await s.savedAddress(token);
  const variant = await s.variantOf(30);
  await t.database.db.transaction((tx) => t.services.depot.deposit(tx, memberId, [{ variantId: variant, qty: 3 }], "test:gift"));
  const r = await t.call<TakeoutView>("POST", "/api/user/takeout/hct", {
    body: { items: [{ variant_id: variant, qty: 2 }], address_id: addressId },
    token,
  });
  if (r.status !== 200) throw new Error(`${r.status} ${r.body.message}`);
  takeoutId = r.body.data.id;
});
afterAll(() => t.close());

const queue = (status: string) =>
  t.call<{ total: number; items: Array<{ id: number; status: string; member_id: number }> }>(
    "GET",
    `/api/admin/takeouts?status=${status}`,
    {
      token: staff,
    },
  );

describe("cloud-depot pick-ups in the back office", () => {
  test("a request waits in the queue, ships once with a tracking number, then is delivered; the member hears each step", async () => {
    expect((await queue("requested")).body.data.items.map((x) => x.id)).toContain(takeoutId);
    const waiting = async () =>
      (await t.call<{ waiting: { takeouts: number } }>("GET", "/api/admin/dashboard", { token: staff })).body.data.waiting
        .takeouts;
    expect(await waiting()).toBe(1);
    const ship = (no: string) =>
      t.call("POST", `/api/admin/takeouts/${takeoutId}/ship`, { token: staff, body: { tracking_no: no } });
    // Two staff press 出貨 together: one ships it, the other is told it already shipped.
    const both = await Promise.all([ship("HCT9100001"), ship("HCT9100002")]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)?.body.message).toBe("此提貨申請已出貨");
    expect(await waiting()).toBe(0);
    const mine = await t.call<TakeoutView[]>("GET", "/api/user/takeout/list", { token });
    const shipped = mine.body.data.find((x) => x.id === takeoutId);
    expect(shipped?.status_label).toBe("已出貨");
    expect(["HCT9100001", "HCT9100002"]).toContain(shipped?.tracking_no);

    expect((await t.call("POST", `/api/admin/takeouts/${takeoutId}/deliver`, { token: staff })).status).toBe(200);
    expect((await t.call("POST", `/api/admin/takeouts/${takeoutId}/deliver`, { token: staff })).status).toBe(409);
    expect((await queue("delivered")).body.data.items.map((x) => x.id)).toEqual([takeoutId]);

    await t.services.outbox.deliverDue();
    const pushed = t.lineSimulator?.pushed.filter((m) => m.to === LINE_USER).map((m) => m.text.split("\n")[0]);
    expect(pushed?.sort()).toEqual([`提貨 #${takeoutId} 已出貨`, `提貨 #${takeoutId} 已送達`].sort());
  });

  test("bad input and unknown requests are refused with a zh-TW message; support staff may not ship", async () => {
    const bad = await t.call("POST", `/api/admin/takeouts/${takeoutId}/ship`, { token: staff, body: { tracking_no: "短" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("託運單號為 6–30 個英數字");
    const missing = await t.call("POST", "/api/admin/takeouts/999999/ship", {
      token: staff,
      body: { tracking_no: "HCT9100009" },
    });
    expect([missing.status, missing.body.message]).toEqual([404, "找不到此提貨申請"]);
    const support = await orderSteps(t).staffToken("support");
    expect((await t.call("POST", `/api/admin/takeouts/${takeoutId}/deliver`, { token: support })).status).toBe(403);
    expect((await queue("bogus")).status).toBe(400);
  });
});
