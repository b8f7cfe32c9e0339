import type { StoreResult } from "@shop/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { payments } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import type { FakeTapPay } from "../../integrations/tappay/fake.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { orderSteps } from "../../test/order-helpers.js";

/**
 * The race suite's pairs for the TapPay methods beside the card (issue 48, decision 88): each fired
 * together, many times on fresh orders, then the shop's invariants checked (as races.test.ts does).
 * Transactions really overlap on PostgreSQL (20 rounds); PGlite runs them one at a time (5 rounds).
 */
const ROUNDS = process.env.TEST_DATABASE_URL ? 20 : 5;

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let sim: FakeTapPay;
let member = "";
let staffToken = "";
let variant = 0;

beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
  sim = t.providers.tapPaySimulator as FakeTapPay;
  member = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
  staffToken = await s.staffToken();
  variant = await s.variantOf(2);
  await s.setStock(variant, 100_000);
}, 120_000);
afterAll(() => t.close());

async function place(method: "line_pay" | "atm") {
  const prime = await t.call<{ prime: string }>("POST", "/api/payments/simulator/method-prime", { body: { method } });
  const r: StoreResult = await s.memberOrder(member, variant, { payment_method: method, prime: prime.body.data.prime });
  const next = r.next;
  const rec = next.type === "redirect_wallet" ? (new URL(next.url, "http://x").searchParams.get("rec_trade_id") ?? "") : "";
  const [p] = await t.database.db
    .select()
    .from(payments)
    .where(eq(payments.orderId, (await order(r.order_no)).id));
  return { no: r.order_no, rec: rec || (p?.providerRef ?? ""), paymentId: p?.id ?? 0, next };
}
const order = async (no: string) => {
  const o = await t.services.orders.byNo(no);
  if (!o) throw new Error(`no order ${no}`);
  return o;
};
const notify = (rec: string, amount?: number) =>
  t.call("POST", "/api/payments/tappay/notify", { body: { rec_trade_id: rec, ...(amount ? { amount } : {}) } });
const back = (rec: string) => t.call("POST", "/api/payments/tappay/return", { body: { rec_trade_id: rec } });
const approveOnPage = (rec: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/payments/simulator/3ds",
    payload: `rec_trade_id=${rec}&result=approve`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
const staff = (no: string, action: string, body: object = {}) =>
  t.call("POST", `/api/admin/orders/${no}/${action}`, { token: staffToken, body });

function noServerErrors(results: Array<{ status?: number; statusCode?: number } | undefined>) {
  for (const r of results) expect(r?.status ?? r?.statusCode ?? 200).toBeLessThan(500);
}

async function invariants() {
  const c = t.services.orderConsistency;
  expect(await c.moneyMismatches()).toEqual([]);
  expect(await c.refundsOutstanding()).toEqual([]);
  expect(await c.openAttempts()).toEqual([]);
  expect(await t.services.inventory.unbalanced()).toEqual([]);
  expect(await t.services.loyalty.unbalanced()).toEqual([]);
  // No order has two payments taken and kept.
  const twice = await t.database.db.execute(
    sql`select order_id from payments where status = 'paid' and refunded = 0 group by order_id having count(*) > 1`,
  );
  expect((twice as unknown as { rows: unknown[] }).rows).toEqual([]);
}

async function race(round: () => Promise<void>) {
  for (let i = 0; i < ROUNDS; i++) {
    await round();
    await invariants();
  }
}

/** TapPay's record of a trade, as the Record API gives it. */
async function recordOf(rec: string) {
  const r = sim.handle(
    "/tpc/transaction/query",
    { "x-api-key": "partner_simulator" },
    {
      partner_key: "partner_simulator",
      filters: { rec_trade_id: rec },
    },
  ).json as { trade_records: Array<{ record_status: number; amount: number }> };
  return r.trade_records[0];
}

describe("wallet and virtual-account payments, fired together with their rivals", () => {
  test("LINE Pay: the notify, the buyer's return and the reconciliation job at once settle it once", async () => {
    await race(async () => {
      const { no, rec, paymentId } = await place("line_pay");
      // The buyer approved on LINE Pay's page; TapPay's notify, the return and the job all arrive.
      expect(sim.complete3ds(rec, true)).not.toBeNull();
      noServerErrors(
        await Promise.all([
          notify(rec),
          back(rec),
          t.services.charge.reconcileWaiting(paymentId).then(() => undefined),
          notify(rec),
        ]),
      );
      expect((await order(no)).status).toBe("paid");
      const rows = await t.database.db.select().from(payments).where(eq(payments.providerRef, rec));
      expect(rows.map((p) => [p.status, p.refunded])).toEqual([["paid", 0]]);
      expect((await recordOf(rec))?.record_status).toBe(1);
    });
  }, 120_000);

  test("LINE Pay: the buyer cancels while the wallet's success arrives: cancelled, the money back through TapPay", async () => {
    await race(async () => {
      const { no, rec } = await place("line_pay");
      noServerErrors(
        await Promise.all([
          t.call("POST", "/api/order/cancelOrder", { token: member, body: { order_no: no, reason: "不想要了" } }),
          approveOnPage(rec),
        ]),
      );
      expect((await order(no)).status).toBe("cancelled");
      // Whichever came first, the captured trade was refunded in whole.
      await t.services.jobs.runDue();
      const r = await recordOf(rec);
      expect(r?.record_status).toBe(3);
    });
  }, 120_000);

  test("LINE Pay: two staff refunds at once: one refund, the trade refunded once", async () => {
    await race(async () => {
      const { no, rec } = await place("line_pay");
      await approveOnPage(rec);
      expect((await order(no)).status).toBe("paid");
      const results = await Promise.all([staff(no, "cancel", { reason: "缺貨" }), staff(no, "cancel", { reason: "缺貨" })]);
      noServerErrors(results);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      await t.services.jobs.runDue();
      const r = await recordOf(rec);
      expect(r?.record_status).toBe(3);
    });
  }, 120_000);

  test("a virtual account's push replayed 20 times at once: paid once", async () => {
    await race(async () => {
      const { no, next } = await place("atm");
      expect(next.type).toBe("virtual_account");
      if (next.type !== "virtual_account") return;
      const pushed = sim.payVirtualAccount(next.virtual_account.account, next.virtual_account.amount);
      expect(pushed).not.toBeNull();
      const rec = (pushed?.notify as { rec_trade_id?: string } | undefined)?.rec_trade_id ?? "";
      noServerErrors(await Promise.all(Array.from({ length: 20 }, () => notify(rec, next.virtual_account.amount))));
      expect((await order(no)).status).toBe("paid");
      const rows = await t.database.db.select().from(payments).where(eq(payments.providerRef, rec));
      expect(rows.map((p) => p.status)).toEqual(["paid"]);
    });
  }, 120_000);
});
