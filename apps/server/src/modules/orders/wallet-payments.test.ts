import type { OrderView, PayInfo, StoreResult } from "@shop/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { productionProblems } from "../../app/production.js";
import { outboxMessages, payments } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import type { FakeTapPay } from "../../integrations/tappay/fake.js";
import { loadConfig } from "../../lib/config/index.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { orderSteps } from "../../test/order-helpers.js";

// Issue 48 (decision 88): the TapPay methods beside the card, one behaviour each.

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let sim: FakeTapPay;
let member = "";
let variant = 0;

beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
  sim = t.providers.tapPaySimulator as FakeTapPay;
  member = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
  variant = await s.variantOf(2);
  await s.setStock(variant, 10_000);
}, 120_000);
afterAll(() => t.close());

const methodPrime = async (method: string) =>
  (await t.call<{ prime: string }>("POST", "/api/payments/simulator/method-prime", { body: { method } })).body.data.prime;
const detail = async (no: string) => (await s.detail(no, { token: member })).body.data as OrderView;
const page = (url: string, result: "approve" | "reject") =>
  t.app.inject({
    method: "POST",
    url: "/api/payments/simulator/3ds",
    payload: `rec_trade_id=${new URL(url, "http://x").searchParams.get("rec_trade_id")}&result=${result}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

describe("wallets that send the buyer to their page", () => {
  test("LINE Pay cancelled on its page leaves the order unpaid; paying again with LINE Pay pays it once", async () => {
    const placed: StoreResult = await s.memberOrder(member, variant, {
      payment_method: "line_pay",
      prime: await methodPrime("line_pay"),
    });
    expect(placed.next).toMatchObject({ type: "redirect_wallet", method: "line_pay" });
    if (placed.next.type !== "redirect_wallet") return;
    const cancelled = await page(placed.next.url, "reject");
    expect(cancelled.headers.location).toContain(`/orderfinish?order_no=${placed.order_no}`);
    const unpaid = await detail(placed.order_no);
    expect(unpaid.status).toBe("pending_payment");
    expect(unpaid.payment?.message).toContain("LINE Pay付款未完成");
    expect(unpaid.pay_options.find((o) => o.code === "line_pay")?.available).toBe(true);

    const again = await t.call<{ next: StoreResult["next"] }>("POST", "/api/order/changePayment", {
      token: member,
      body: { order_no: placed.order_no, payment_method: "line_pay", prime: await methodPrime("line_pay") },
    });
    expect(again.status).toBe(200);
    if (again.body.data.next.type !== "redirect_wallet") throw new Error("no wallet page");
    await page(again.body.data.next.url, "approve");
    const paid = await detail(placed.order_no);
    expect(paid.status).toBe("paid");
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, (await t.services.orders.byNo(placed.order_no))?.id ?? 0));
    expect(rows.map((p) => [p.method, p.status])).toEqual([
      ["line_pay", "failed"],
      ["line_pay", "paid"],
    ]);
  });

  test("a wallet's prime is refused without its merchant: a clear failure, nothing charged", async () => {
    const placed = await s.memberOrder(member, variant, { payment_method: "jko_pay", prime: await methodPrime("line_pay") });
    expect(placed.next).toEqual({ type: "card_failed", message: "街口支付付款未成功，請再試一次或改用其他付款方式" });
  });
});

describe("card instalments", () => {
  test("the quote lists the counts the amount reaches with each month's amount; a count it does not reach is refused", async () => {
    const info = await t.call<PayInfo>("POST", "/api/order/pay_info/fast", {
      token: member,
      body: { variant_id: variant, qty: 1, ship_method: "hct" },
    });
    const payable = info.body.data.quote.payable;
    const counts = info.body.data.instalments.map((i) => i.count);
    // The demo: 3 and 6 from NT$1,000, 12 from NT$3,000, 24 from NT$6,000.
    expect(counts).toEqual(
      [3, 6, 12, 24].filter(
        (n) =>
          payable >=
          (new Map([
            [3, 1000],
            [6, 1000],
            [12, 3000],
            [24, 6000],
          ]).get(n) ?? 0),
      ),
    );
    for (const i of info.body.data.instalments) expect(i.first + i.monthly * (i.count - 1)).toBe(payable);
    const tooMany = await t.call("POST", "/api/order/store/fast", {
      token: member,
      body: {
        variant_id: variant,
        qty: 1,
        ship_method: "hct",
        payment_method: "card",
        prime: await s.prime(),
        instalment: 24,
        receiver: { name: "王小明", phone: DEMO_ACCOUNTS.member.phone },
        address: { zip: "100", county: "臺北市", district: "中正區", line: "重慶南路一段 122 號" },
        invoice: { type: "member" },
      },
    });
    if (payable < 6000) expect(tooMany.status).toBe(400);
  });
});

describe("ATM virtual accounts", () => {
  test("each order its own account; a wrong amount leaves it unpaid with a note for staff; the right one pays it", async () => {
    const placed = await s.memberOrder(member, variant, {
      payment_method: "atm",
      prime: await methodPrime("atm"),
      email: "buyer@example.com",
    });
    if (placed.next.type !== "virtual_account") throw new Error(`got ${placed.next.type}`);
    const va = placed.next.virtual_account;
    const other = await s.memberOrder(member, variant, { payment_method: "atm", prime: await methodPrime("atm") });
    expect(other.next.type === "virtual_account" && other.next.virtual_account.account).not.toBe(va.account);
    const view = await detail(placed.order_no);
    expect(view.virtual_account).toEqual(va);
    // The buyer is told the account outside the site too (the member's LINE / e-mail).
    const told = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.eventKey, `order:${placed.order_no}:account_given`));
    expect(told.length).toBeGreaterThan(0);
    for (const m of told) expect(m.body).toContain(`帳號 ${va.account}`);
    expect(view.pay_by).toBe(va.deadline);

    const wrong = sim.payVirtualAccount(va.account, va.amount - 1);
    await t.call("POST", "/api/payments/tappay/notify", { body: wrong?.notify });
    const unpaid = await detail(placed.order_no);
    expect(unpaid.status).toBe("pending_payment");
    expect(unpaid.payment?.message).toContain("與應付金額");
    expect(unpaid.history.at(-1)?.reason).toContain("不符");
    // Staff see it on the dashboard and in /metrics until it is dealt with.
    expect((await t.services.stuckWork.read()).payments_wrong_amount).toBe(1);

    const right = sim.payVirtualAccount(va.account, va.amount);
    await t.call("POST", "/api/payments/tappay/notify", { body: right?.notify });
    expect((await detail(placed.order_no)).status).toBe("paid");
    expect((await t.services.stuckWork.read()).payments_wrong_amount).toBe(0);
  });
});

describe("notifies that never came", () => {
  test("a LINE Pay approval and a virtual account paid, whose notifies were lost, are found by reconciliation", async () => {
    const wallet = await s.memberOrder(member, variant, { payment_method: "line_pay", prime: await methodPrime("line_pay") });
    const account = await s.memberOrder(member, variant, { payment_method: "atm", prime: await methodPrime("atm") });
    if (wallet.next.type !== "redirect_wallet" || account.next.type !== "virtual_account")
      throw new Error("unexpected next steps");
    // TapPay's side happened; its pushes to us were lost.
    sim.complete3ds(new URL(wallet.next.url, "http://x").searchParams.get("rec_trade_id") ?? "", true);
    sim.payVirtualAccount(account.next.virtual_account.account, account.next.virtual_account.amount);
    expect((await t.services.charge.waitingTooLong()).length).toBe(0);
    t.clock.advance(11 * 60);
    const due = await t.services.charge.waitingTooLong();
    expect(due.length).toBeGreaterThanOrEqual(2);
    for (const id of due) await t.services.charge.reconcileWaiting(id);
    expect((await detail(wallet.order_no)).status).toBe("paid");
    expect((await detail(account.order_no)).status).toBe("paid");
  });
});

describe("going live", () => {
  test("production refuses a method it lists without its merchant id, and says nothing of methods not listed", () => {
    const base = {
      NODE_ENV: "production",
      TAPPAY_PARTNER_KEY: "partner_real",
      TAPPAY_MERCHANT_ID: "shop_CTBC",
      TAPPAY_APP_ID: "1",
      TAPPAY_APP_KEY: "k",
    };
    const listed = productionProblems(loadConfig({ ...base, TAPPAY_METHODS: "line_pay,apple_pay" }));
    expect(listed).toContain("TAPPAY_METHODS lists line_pay but TAPPAY_MERCHANT_ID_LINE_PAY is not set");
    expect(listed).toContain("TAPPAY_METHODS lists apple_pay but APPLE_PAY_MERCHANT_IDENTIFIER is not set");
    const none = productionProblems(loadConfig(base));
    expect(none.filter((p) => p.includes("TAPPAY_METHODS"))).toEqual([]);
  });
});

describe("the way back from the provider's page", () => {
  test("an order placed in English comes back to the English finish page; a zh-TW one to the Chinese (decision 109)", async () => {
    const english: StoreResult = await s.memberOrder(member, variant, {
      payment_method: "line_pay",
      prime: await methodPrime("line_pay"),
      lang: "en",
    });
    if (english.next.type !== "redirect_wallet") throw new Error("no wallet page");
    const back = await page(english.next.url, "reject");
    expect(back.headers.location).toContain(`/en/orderfinish?order_no=${english.order_no}`);

    const chinese: StoreResult = await s.memberOrder(member, variant, {
      payment_method: "line_pay",
      prime: await methodPrime("line_pay"),
    });
    if (chinese.next.type !== "redirect_wallet") throw new Error("no wallet page");
    const home = await page(chinese.next.url, "reject");
    expect(home.headers.location).toContain(`/orderfinish?order_no=${chinese.order_no}`);
    expect(home.headers.location).not.toContain("/en/");
  });
});
