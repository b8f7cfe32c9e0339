import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, loginAs, setPayoutAccount, type TestApp } from "../../test/harness.js";
import { homeAddress, orderSteps } from "../../test/order-helpers.js";

/**
 * The member-area sweep: a second member calls every member endpoint with their own token and the
 * first member's ids, and gets 404 or an empty list every time — never the first member's data.
 */
let t: TestApp;
let owner = "";
let other = "";
const ids: Record<string, number | string> = {};
beforeAll(async () => {
  t = await createTestApp();
  const s = orderSteps(t);
  owner = await loginAs(t, DEMO_ACCOUNTS.member);
  other = await loginAs(t, DEMO_ACCOUNTS.seller);
  // The owner's data: an address, an order, a withdrawal, an exchange, depot goods, a referral.
  ids.address = (
    await t.call<{ id: number }>("POST", "/api/user/addr/store", {
      body: { name: "王小明", phone: "0912345678", ...homeAddress },
      token: owner,
    })
  ).body.data.id;
  const order = await t.call<{ order_no: string }>("POST", "/api/order/store/fast", {
    body: {
      variant_id: await s.variantOf(3),
      ship_method: "hct",
      payment_method: "transfer",
      receiver: { name: "王小明", phone: "0912345678" },
      address_id: ids.address,
      invoice: { type: "member" },
    },
    token: owner,
  });
  ids.order = order.body.data.order_no;
  await setPayoutAccount(t, owner, {
    bank_user_name: "王小明",
    bank_code: "004",
    branch_code: "0037",
    bank_account: "1234567890",
  });
  await t.call("POST", "/api/user/wallet/apply", { body: { amount: 100 }, token: owner });
  await t.call("POST", "/api/user/rechange/store", { body: { kind: "self", points: 100 }, token: owner });
  ids.ticket = (await t.call<Array<{ id: number }>>("GET", "/api/user/ticket/search", { token: owner })).body.data[0]?.id ?? 0;
  ids.downline =
    (await t.call<Array<{ member_id: number }>>("POST", "/api/user/ref/first", { body: {}, token: owner })).body.data[0]
      ?.member_id ?? 0;
});
afterAll(() => t.close());

describe("another member's ids and data", () => {
  test("calls with someone else's ids are 404", async () => {
    const calls: Array<[string, string, unknown]> = [
      ["POST", "/api/order/detail", { order_no: ids.order }],
      ["POST", "/api/order/cancelOrder", { order_no: ids.order, reason: "x" }],
      [
        "POST",
        "/api/order/paymentTransfer",
        { order_no: ids.order, last5: "12345", amount: 1, paid_at: new Date().toISOString() },
      ],
      ["POST", "/api/order/repayTappays", { order_no: ids.order, prime: "prime-of-someone-else" }],
      ["GET", `/api/order/hct_detail?order_no=${ids.order}`, undefined],
      ["POST", "/api/user/addr/delete", { id: ids.address }],
      ["POST", "/api/user/addr/store", { id: ids.address, name: "x", phone: "0912345678", ...homeAddress }],
      ["POST", "/api/user/ref/child", { member_id: ids.downline }],
      ["POST", "/api/user/takeout/hct", { items: [{ variant_id: 1, qty: 1 }], address_id: ids.address }],
      ["POST", "/api/order/changeStratchCard", { ticket_id: ids.ticket }],
    ];
    for (const [method, url, body] of calls) {
      const r = await t.call(method as "GET" | "POST", url, { body, token: other });
      expect(r.status, `${method} ${url}`).toBe(404);
    }
  });

  test("lists show only the caller's own (empty) data", async () => {
    const lists: Array<[string, string, (d: unknown) => unknown]> = [
      ["POST", "/api/order/search", (d) => (d as { list: unknown[] }).list],
      ["GET", "/api/point/search", (d) => (d as { list: unknown[] }).list],
      ["GET", "/api/user/wallet/home", (d) => (d as { list: unknown[] }).list],
      ["GET", "/api/user/wallet/withdrawals", (d) => (d as { list: unknown[] }).list],
      ["GET", "/api/coupon/search", (d) => d],
      ["GET", "/api/user/rechange/list", (d) => d],
      ["GET", "/api/user/addr/search", (d) => d],
      ["GET", "/api/user/inventory/cloud", (d) => d],
      ["GET", "/api/user/inventory/cloud/log", (d) => d],
      ["GET", "/api/user/takeout/list", (d) => d],
      ["POST", "/api/user/ref/first", (d) => d],
      ["POST", "/api/notification/search", (d) => (d as { list: unknown[] }).list],
      ["GET", "/api/user/ticket/search", (d) => d],
    ];
    for (const [method, url, pick] of lists) {
      const r = await t.call(method as "GET" | "POST", url, { body: method === "POST" ? {} : undefined, token: other });
      expect(r.status, url).toBe(200);
      expect(pick(r.body.data), url).toEqual([]);
    }
    // The owner does see their own, so the sweep above is not empty by accident.
    expect(
      ((await t.call<{ list: unknown[] }>("POST", "/api/order/search", { body: {}, token: owner })).body.data.list ?? []).length,
    ).toBe(1);
    expect(((await t.call<unknown[]>("GET", "/api/user/addr/search", { token: owner })).body.data ?? []).length).toBe(1);
    expect(((await t.call<unknown[]>("GET", "/api/user/rechange/list", { token: owner })).body.data ?? []).length).toBe(1);
    expect(ids.ticket).toBeGreaterThan(0);
  });
});
