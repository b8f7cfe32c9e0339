// The dashboard's 已回報匯款 opens the orders whose buyer reported a transfer (issue 47): the server
// filters them, and each row carries the report (last five digits, amount, when) for the list's chip.
import type { StaffOrder } from "@shop/contract/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, loginAs, type TestApp } from "../../test/harness.js";
import { orderSteps } from "../../test/order-helpers.js";

let t: TestApp;
let staff = "";
let reported = "";
let silent = "";
let payable = 0;
beforeAll(async () => {
  t = await createTestApp();
  const s = orderSteps(t);
  staff = await s.staffToken("operator");
  const token = await loginAs(t, DEMO_ACCOUNTS.member);
  const variant = await s.variantOf(2);
  reported = (await s.memberOrder(token, variant)).order_no;
  silent = (await s.memberOrder(token, variant)).order_no;
  payable = (await t.call<StaffOrder>("GET", `/api/admin/orders/${reported}`, { token: staff })).body.data.payable;
  const r = await t.call("POST", "/api/order/paymentTransfer", {
    token,
    body: { order_no: reported, last5: "24680", amount: payable, paid_at: "2026-11-20T10:30:00+08:00" },
  });
  expect(r.status, r.body.message).toBe(200);
});
afterAll(() => t.close());

const list = (q: string) =>
  t.call<{ items: StaffOrder[]; total: number }>("GET", `/api/admin/orders?per_page=100&${q}`, { token: staff });

describe("the 已回報匯款 queue", () => {
  it("lists the unpaid transfers whose buyer reported the payment, and only those", async () => {
    const r = await list("queue=transfer_reported");
    expect(r.status, r.body.message).toBe(200);
    const nos = r.body.data.items.map((o) => o.order_no);
    expect(nos).toContain(reported);
    expect(nos).not.toContain(silent);
    expect(r.body.data.items.every((o) => o.status === "pending_payment" && o.transfer_report !== null)).toBe(true);
    // The dashboard's figure counts the same orders.
    const d = await t.call<{ waiting: { transfer_reported: number } }>("GET", "/api/admin/dashboard", { token: staff });
    expect(d.body.data.waiting.transfer_reported).toBe(r.body.data.total);
  });

  it("each row of the list carries the report; an order without one carries null", async () => {
    const rows = (await list("payment_method=transfer")).body.data.items;
    expect(rows.find((o) => o.order_no === reported)?.transfer_report).toEqual({
      last5: "24680",
      amount: payable,
      paid_at: "2026-11-20T10:30:00+08:00",
    });
    expect(rows.find((o) => o.order_no === silent)?.transfer_report).toBeNull();
  });

  it("once the payment is confirmed the order leaves the queue", async () => {
    await t.services.payments.confirmOffline(reported, "staff:1", "staff");
    expect((await list("queue=transfer_reported")).body.data.items.map((o) => o.order_no)).not.toContain(reported);
  });
});
