import type { OrderView, PayInfo } from "@shop/contract";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SIM_PARTNER_KEY } from "../../integrations/providers.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { guestCartOrder, orderSteps } from "../../test/order-helpers.js";

// Staff refund a LINE Pay order in the back office (decision 88): in part, then the rest, through
// TapPay's refund call; the e-invoice's allowances follow. A card instalment order goes back whole only.

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let staffToken = "";
/** Every refund the shop asked TapPay for: [rec_trade_id, amount]. */
const refundCalls: Array<[string, number]> = [];
beforeAll(async () => {
  t = await createTestApp({
    card: (card) => ({
      ...card,
      refund: (rec: string, amount: number) => {
        refundCalls.push([rec, amount]);
        return card.refund(rec, amount);
      },
    }),
  });
  s = orderSteps(t);
  staffToken = await s.staffToken();
});
afterAll(() => t.close());

const admin = (no: string, action: string, body: Record<string, unknown> = {}) =>
  t.call<{ status: string }>("POST", `/api/admin/orders/${no}/${action}`, { token: staffToken, body });
const runJobs = () => t.services.jobs.runDue(50);
/** What TapPay's Record API says of a trade. */
function tradeStatus(rec: string): number | undefined {
  const sim = t.providers.tapPaySimulator;
  if (!sim) throw new Error("the TapPay simulator is not running");
  const r = sim.handle(
    "/tpc/transaction/query",
    { "x-api-key": SIM_PARTNER_KEY },
    { partner_key: SIM_PARTNER_KEY, filters: { rec_trade_id: rec } },
  );
  return (r.json as { trade_records: Array<{ record_status: number }> }).trade_records[0]?.record_status;
}
const invoiceSim = () => {
  const sim = t.providers.einvoiceSimulator;
  if (!sim) throw new Error("the e-invoice simulator is not running");
  return sim;
};
/** The order's one TapPay payment row once its refunds have gone through (the refund runs after the commit). */
async function settledPayment(no: string, refunded: number) {
  const order = await t.services.orders.byNo(no);
  for (let i = 0; i < 50; i++) {
    await runJobs();
    const [p] = await t.services.payments.paymentsOf(order?.id ?? 0);
    if (p && p.refundSettled === refunded) return p;
    await new Promise((r) => setTimeout(r, 20));
  }
  return (await t.services.payments.paymentsOf(order?.id ?? 0))[0];
}

/** A guest's order of `qty` units of product 34 paid with `pay` (a prime and what else the method needs). */
async function guestOrder(qty: number, pay: Record<string, unknown>) {
  const variant = await s.variantOf(34);
  await s.setStock(variant, 100);
  const cart = await s.cartWith([{ variantId: variant, qty }]);
  const r = await s.store(guestCartOrder(cart.lineIds, pay), { headers: cart.headers });
  expect(r.status, r.body.message).toBe(200);
  return { no: r.body.data.order_no, next: r.body.data.next, variant };
}
async function shipAndDeliver(no: string) {
  expect((await admin(no, "ship", { tracking_no: "HCT20261128" })).status).toBe(200);
  expect((await admin(no, "deliver")).status).toBe(200);
}

describe("a LINE Pay order refunded by staff", () => {
  test("in part then the rest: TapPay's refund calls add up, the trade is refunded, the allowances follow", async () => {
    const prime = await t.call<{ prime: string }>("POST", "/api/payments/simulator/method-prime", {
      body: { method: "line_pay" },
    });
    expect(prime.status).toBe(200);
    const { no, next, variant } = await guestOrder(3, { payment_method: "line_pay", prime: prime.body.data.prime });
    if (next.type !== "redirect_wallet") throw new Error(`expected the wallet's page, got ${next.type}`);
    const rec = new URL(next.url, "http://x").searchParams.get("rec_trade_id") ?? "";
    expect(tradeStatus(rec)).toBe(4);
    // The buyer approves on LINE Pay's page (the 測試模式 page).
    const back = await t.app.inject({
      method: "POST",
      url: "/api/payments/simulator/3ds",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `rec_trade_id=${rec}&result=approve`,
    });
    expect(back.statusCode).toBe(303);
    expect(tradeStatus(rec)).toBe(1);
    const paid = (await s.detail(no)).body.data as OrderView;
    expect(paid.status).toBe("paid");
    await runJobs();
    const invoice = invoiceSim().invoices.get(no);
    expect(invoice?.salesAmount).toBe(paid.order_amount);
    await shipAndDeliver(no);

    const order = await t.services.orders.byNo(no);
    const part = await admin(no, "refund", { reason: "一件瑕疵", items: [{ variant_id: variant, qty: 1 }] });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.data.status).toBe("delivered");
    const [given] = await t.services.orders.refundsOf(order?.id ?? 0);
    const share = given?.money ?? 0;
    expect(share).toBeGreaterThan(0);
    const afterPart = await settledPayment(no, share);
    expect(afterPart).toMatchObject({ method: "line_pay", status: "paid", refunded: share, refundSettled: share });
    expect(refundCalls).toEqual([[rec, share]]);
    expect(tradeStatus(rec)).toBe(1);
    await runJobs();
    expect(invoice?.allowances.map((a) => a.amount)).toEqual([share]);

    const rest = await admin(no, "refund", { reason: "全部退貨" });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.data.status).toBe("refunded");
    const whole = order?.payable ?? 0;
    const afterRest = await settledPayment(no, whole);
    expect(afterRest).toMatchObject({ status: "refunded", refunded: whole, refundSettled: whole });
    expect(refundCalls).toEqual([
      [rec, share],
      [rec, whole - share],
    ]);
    // TapPay's record: refunded (3) once nothing is left.
    expect(tradeStatus(rec)).toBe(3);
    await runJobs();
    expect(invoice?.voided).toBe(false);
    expect(invoice?.allowances.reduce((a, x) => a + x.amount, 0)).toBe(invoice?.salesAmount);
    expect(await t.services.orderConsistency.moneyMismatches()).toEqual([]);
  });
});

describe("a card instalment order", () => {
  test("refunded in part is refused; whole, it goes back", async () => {
    // Enough units to reach the demo shop's NT$1,000 for 3 instalments.
    const variant = await s.variantOf(34);
    const info = await t.call<PayInfo>("POST", "/api/order/pay_info/fast", {
      body: { variant_id: variant, qty: 10, ship_method: "hct" },
    });
    expect(info.body.data.instalments.map((i) => i.count)).toContain(3);
    const { no, next } = await guestOrder(10, { payment_method: "card", prime: await s.prime(), instalment: 3 });
    expect(next.type).toBe("done");
    const detail = (await s.detail(no)).body.data as OrderView;
    expect(detail.status).toBe("paid");
    expect(detail.payment?.instalment).toBe(3);
    await shipAndDeliver(no);
    const calls = refundCalls.length;

    const part = await admin(no, "refund", { reason: "一件瑕疵", items: [{ variant_id: variant, qty: 1 }] });
    expect([part.status, part.body.message]).toEqual([409, "分期付款僅能全額退款：請全部退貨退款，或由客服以其他方式退還差額"]);
    expect(refundCalls.length).toBe(calls);
    const order = await t.services.orders.byNo(no);
    expect(order?.status).toBe("delivered");
    expect(await t.services.orders.refundsOf(order?.id ?? 0)).toEqual([]);

    const whole = await admin(no, "refund", { reason: "全部退貨" });
    expect(whole.status, JSON.stringify(whole.body)).toBe(200);
    expect(whole.body.data.status).toBe("refunded");
    const p = await settledPayment(no, order?.payable ?? 0);
    expect(p).toMatchObject({ method: "card", instalment: 3, status: "refunded", refundSettled: order?.payable });
    expect(refundCalls.slice(calls).map(([, amount]) => amount)).toEqual([order?.payable]);
    expect(await t.services.orderConsistency.moneyMismatches()).toEqual([]);
  });
});
