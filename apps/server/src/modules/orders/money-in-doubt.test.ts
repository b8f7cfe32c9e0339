import type { StoreResult } from "@shop/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { payments } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import type { CardGateway } from "../../integrations/tappay/client.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { homeAddress, orderSteps } from "../../test/order-helpers.js";

/** Provider faults the tests switch on: an answer lost after TapPay acted, or TapPay down. */
const faults = { loseChargeAnswer: false, loseRefundAnswer: false, refundDown: false };
let refundCalls = 0;
const faulty = (card: CardGateway): CardGateway => ({
  ...card,
  simulated: card.simulated,
  async payByPrime(req) {
    const r = await card.payByPrime(req);
    if (faults.loseChargeAnswer) throw new Error("timeout: the answer never came");
    return r;
  },
  async refund(rec, amount) {
    refundCalls++;
    if (faults.refundDown) throw new Error("connect ECONNREFUSED");
    const r = await card.refund(rec, amount);
    if (faults.loseRefundAnswer) throw new Error("timeout: the answer never came");
    return r;
  },
  record: (rec) => card.record(rec),
  recordsByOrder: (no) => card.recordsByOrder(no),
});

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let token = "";
beforeAll(async () => {
  t = await createTestApp({ card: faulty });
  s = orderSteps(t);
  token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
});
afterAll(() => t.close());

async function cardOrder(card = "4242424242424242") {
  const v = await s.variantOf(35);
  await s.setStock(v, 100);
  return t.call<StoreResult>("POST", "/api/order/store/fast", {
    token,
    body: {
      variant_id: v,
      qty: 1,
      ship_method: "hct",
      payment_method: "card",
      prime: await s.prime(card),
      receiver: { name: "王小明", phone: DEMO_ACCOUNTS.member.phone },
      address: homeAddress,
      invoice: { type: "member" },
    },
  });
}
const paymentsOf = async (no: string) => t.services.payments.paymentsOf((await t.services.orders.byNo(no))?.id ?? 0);
/** The periodic reconciliation, as the job queue runs it. */
async function reconcile() {
  await t.services.jobs.enqueue("payments.reconcile", {}, { dedupeKey: `reconcile@${t.clock.now.toISOString()}` });
  await t.services.jobs.runDue();
}

describe("a card charge whose answer was lost", () => {
  test("stays in doubt (no second charge), then reconciliation finds TapPay's record and the order is paid", async () => {
    faults.loseChargeAnswer = true;
    const r = await cardOrder();
    faults.loseChargeAnswer = false;
    expect(r.body.data.next).toEqual({ type: "card_failed", message: "付款結果確認中，請稍後查看訂單，請勿重複付款" });
    const no = r.body.data.order_no;
    expect((await paymentsOf(no)).map((p) => p.status)).toEqual(["charging"]);
    const again = await t.call("POST", "/api/order/repayTappays", { token, body: { order_no: no, prime: await s.prime() } });
    expect(again.status).toBe(409);
    t.clock.advance(150);
    await reconcile();
    expect((await t.services.orders.byNo(no))?.status).toBe("paid");
    const [paid] = await paymentsOf(no);
    expect(paid).toMatchObject({ status: "paid" });
    expect(paid?.providerRef).toBeTruthy();
    expect(await t.services.orderConsistency.moneyMismatches()).toEqual([]);
  });

  test("the order expires meanwhile: reconciliation still finds the charge and gives the money back", async () => {
    faults.loseChargeAnswer = true;
    const r = await cardOrder();
    faults.loseChargeAnswer = false;
    const no = r.body.data.order_no;
    t.clock.advance(3601);
    await t.services.orders.expireUnpaid();
    expect((await t.services.orders.byNo(no))?.status).toBe("cancelled");
    expect((await paymentsOf(no)).map((p) => p.status)).toEqual(["charging"]);
    await reconcile();
    const amount = (await t.services.orders.byNo(no))?.payable;
    expect((await paymentsOf(no)).map((p) => [p.status, p.refunded, p.refundSettled])).toEqual([["refunded", amount, amount]]);
    expect(await t.services.orderConsistency.moneyMismatches()).toEqual([]);
  });

  test("when TapPay has no charge for it, the attempt fails and the buyer may pay again", async () => {
    faults.loseChargeAnswer = true;
    const r = await cardOrder("4000000000000002");
    faults.loseChargeAnswer = false;
    const no = r.body.data.order_no;
    t.clock.advance(150);
    await reconcile();
    expect((await paymentsOf(no)).map((p) => p.status)).toEqual(["failed"]);
    const again = await t.call<StoreResult>("POST", "/api/order/repayTappays", {
      token,
      body: { order_no: no, prime: await s.prime() },
    });
    expect(again.body.data.next).toEqual({ type: "done" });
  });
});

describe("card refunds that do not go through at once", () => {
  test("TapPay down: the cancellation stands, the refund waits, and reconciliation runs it once TapPay is back", async () => {
    const r = await cardOrder();
    const no = r.body.data.order_no;
    faults.refundDown = true;
    expect((await t.call("POST", "/api/order/cancelOrder", { token, body: { order_no: no, reason: "不要了" } })).status).toBe(
      200,
    );
    expect(await t.services.orderConsistency.refundsOutstanding()).toHaveLength(1);
    await reconcile();
    expect(await t.services.orderConsistency.refundsOutstanding()).toHaveLength(1);
    faults.refundDown = false;
    t.clock.advance(600);
    await reconcile();
    expect(await t.services.orderConsistency.refundsOutstanding()).toEqual([]);
    expect((await paymentsOf(no)).map((p) => p.status)).toEqual(["refunded"]);
  });

  test("an answer lost after TapPay refunded: settled from TapPay's record, never refunded twice", async () => {
    const r = await cardOrder();
    const no = r.body.data.order_no;
    faults.loseRefundAnswer = true;
    const calls = refundCalls;
    await t.call("POST", "/api/order/cancelOrder", { token, body: { order_no: no, reason: "不要了" } });
    faults.loseRefundAnswer = false;
    const [p] = await paymentsOf(no);
    expect(p?.refundUncertainAt).not.toBeNull();
    t.clock.advance(600);
    await reconcile();
    expect(refundCalls - calls).toBe(1);
    expect((await paymentsOf(no)).map((x) => [x.status, x.refundSettled])).toEqual([["refunded", p?.amount]]);
  });

  test("a refund already running elsewhere makes its job come back, not finish", async () => {
    const r = await cardOrder();
    const no = r.body.data.order_no;
    faults.refundDown = true;
    await t.call("POST", "/api/order/cancelOrder", { token, body: { order_no: no, reason: "不要了" } });
    faults.refundDown = false;
    const [p] = await paymentsOf(no);
    await t.database.db
      .update(payments)
      .set({ refundLeaseUntil: new Date(t.clock.now.getTime() + 60_000) })
      .where(eq(payments.id, p?.id ?? 0));
    await expect(t.services.cardRefunds.runCardRefund(p?.id ?? 0)).rejects.toThrow(/running elsewhere/);
  });
});
