import type { OrderView, StoreResult } from "@shop/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { orders, payments } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { guestCartOrder, guestReceiver, orderSteps } from "../../test/order-helpers.js";

// Paying a 待付款 order another way (decision 82).
let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let variant: number;
beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
  variant = await s.variantOf(34);
  await s.setStock(variant, 100);
});
afterAll(() => t.close());

/** A guest's card order with this card; its number and the browser's proof of the phone. */
async function cardOrder(card: string) {
  const cart = await s.cartWith([{ variantId: variant, qty: 1 }]);
  const r = await s.store(guestCartOrder(cart.lineIds, { payment_method: "card", prime: await s.prime(card) }), {
    headers: cart.headers,
  });
  expect(r.status, r.body.message).toBe(200);
  return { no: r.body.data.order_no, access: r.body.data.access_token ?? "", next: r.body.data.next };
}
const change = (no: string, body: Record<string, unknown>, access?: string) =>
  t.call<StoreResult>("POST", "/api/order/changePayment", {
    body: { order_no: no, phone: guestReceiver.phone, ...(access ? { access_token: access } : {}), ...body },
  });
const paymentsOf = async (no: string) => {
  const [o] = await t.database.db.select().from(orders).where(eq(orders.orderNo, no));
  const rows = await t.database.db
    .select()
    .from(payments)
    .where(eq(payments.orderId, o?.id ?? 0));
  return { order: o, rows };
};

describe("a declined card is paid again another way", () => {
  test("declined card → transfer (old attempt closed, amount the order's own) → card again, paid once", async () => {
    const { no, access } = await cardOrder("4000000000000002");
    const before = (await s.detail(no, { phone: guestReceiver.phone, access })).body.data as OrderView;
    expect(before.can_repay).toBe(true);
    // Every method the shop offers, in its order (the simulator provides them all, decision 88).
    expect(before.pay_options.map((p) => [p.code, p.available])).toEqual([
      ["card", true],
      ["line_pay", true],
      ["apple_pay", true],
      ["google_pay", true],
      ["jko_pay", true],
      ["easy_wallet", true],
      ["atome", true],
      ["atm", true],
      ["transfer", true],
      ["cod", true],
    ]);

    // The price is never the client's: an amount in the body is refused.
    const sneaky = await change(no, { payment_method: "transfer", amount: 1 }, access);
    expect(sneaky.status).toBe(400);

    const toTransfer = await change(no, { payment_method: "transfer" }, access);
    expect(toTransfer.status, toTransfer.body.message).toBe(200);
    const next = toTransfer.body.data.next;
    expect(next.type).toBe("transfer");
    const { order, rows } = await paymentsOf(no);
    expect(order?.paymentMethod).toBe("transfer");
    expect(next.type === "transfer" && next.amount).toBe(order?.payable);
    expect(rows.map((p) => [p.method, p.status])).toEqual([
      ["card", "failed"],
      ["transfer", "pending"],
    ]);
    expect((order?.payBy?.getTime() ?? 0) - (order?.createdAt.getTime() ?? 0)).toBe(3 * 86_400_000);
    const view = (await s.detail(no, { phone: guestReceiver.phone, access })).body.data as OrderView;
    expect(view.payment_method_name).toBe("ATM／銀行轉帳");
    expect(view.history.at(-1)?.reason).toBe("改用ATM／銀行轉帳付款");

    const toCard = await change(no, { payment_method: "card", prime: await s.prime("4242424242424242") }, access);
    expect(toCard.status, toCard.body.message).toBe(200);
    expect(toCard.body.data.next.type).toBe("done");
    const after = await paymentsOf(no);
    expect(after.order?.status).toBe("paid");
    expect(after.order?.paymentMethod).toBe("card");
    expect(after.rows.filter((p) => p.status === "paid")).toHaveLength(1);
    expect(after.rows.find((p) => p.method === "transfer")?.status).toBe("failed");
    expect(await t.services.orderConsistency.moneyMismatches()).toEqual([]);

    // Paid: no more changes.
    const late = await change(no, { payment_method: "transfer" }, access);
    expect([late.status, late.body.message]).toEqual([409, "此訂單已付款或已取消"]);
  });

  test("a guest proves the phone before choosing another method; the same card again needs only the phone", async () => {
    const { no } = await cardOrder("4000000000000002");
    const refused = await change(no, { payment_method: "transfer" });
    expect([refused.status, refused.body.message]).toEqual([403, "請先以簡訊驗證碼驗證手機，再變更付款方式"]);
    const again = await change(no, { payment_method: "card", prime: await s.prime("4242424242424242") });
    expect(again.status, again.body.message).toBe(200);
    expect((await paymentsOf(no)).order?.status).toBe("paid");
  });

  test("cash on delivery only where the delivery allows it; not for the cloud depot", async () => {
    const token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
    const placed = await s.memberOrder(token, variant, { ship_method: "depot" });
    const view = (await s.detail(placed.order_no, { token })).body.data as OrderView;
    expect(view.pay_options.find((p) => p.code === "cod")).toMatchObject({
      available: false,
      reason: "貨到付款僅限宅配與超商取貨",
    });
    const r = await t.call("POST", "/api/order/changePayment", {
      token,
      body: { order_no: placed.order_no, payment_method: "cod" },
    });
    expect([r.status, r.body.message]).toEqual([422, "貨到付款僅限宅配與超商取貨"]);
    // Someone else's order is not found.
    const stranger = await change(placed.order_no, { payment_method: "transfer" });
    expect(stranger.status).toBe(404);
  });

  test("a card waiting for 3-D Secure is closed by the change; its late success goes straight back", async () => {
    const { no, access, next } = await cardOrder("4000000000003220");
    if (next.type !== "redirect_3ds") throw new Error(`expected 3DS, got ${next.type}`);
    const r = await change(no, { payment_method: "cod" }, access);
    expect(r.status, r.body.message).toBe(200);
    expect((await paymentsOf(no)).rows.map((p) => [p.method, p.status])).toEqual([
      ["card", "failed"],
      ["cod", "pending"],
    ]);
    const rec = new URL(next.url, "http://x").searchParams.get("rec_trade_id") ?? "";
    await t.app.inject({
      method: "POST",
      url: "/api/payments/simulator/3ds",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `rec_trade_id=${rec}&result=approve`,
    });
    const after = await paymentsOf(no);
    expect(after.order?.status).toBe("pending_payment");
    expect(after.order?.paymentMethod).toBe("cod");
    const card = after.rows.find((p) => p.method === "card");
    expect(card?.refunded).toBe(card?.amount);
    expect(await t.services.orderConsistency.moneyMismatches()).toEqual([]);
  });
});

describe("a card charge read before another tab changed the method", () => {
  test("is refused under the order's lock: nothing is charged, the transfer stands", async () => {
    const { no, access } = await cardOrder("4000000000000002");
    const stale = (await paymentsOf(no)).order;
    if (!stale) throw new Error("no order");
    expect((await change(no, { payment_method: "transfer" }, access)).status).toBe(200);
    await expect(t.services.charge.charge(stale, await s.prime("4242424242424242"), "http://127.0.0.1")).rejects.toThrow(
      "付款方式已變更",
    );
    const after = await paymentsOf(no);
    expect(after.order?.paymentMethod).toBe("transfer");
    expect(after.order?.status).toBe("pending_payment");
    expect(after.rows.filter((p) => p.method === "card" && p.status === "paid")).toEqual([]);
  });
});

describe("the card simulator checks cards as TapPay does", () => {
  test("a wrong check digit and a past expiry are refused with zh-TW messages", async () => {
    const bad = await t.call("POST", "/api/payments/simulator/prime", {
      body: { card_number: "4242 4242 4242 4241", expiry: "01/20", ccv: "123" },
    });
    expect(bad.status).toBe(400);
    const errors = (bad.body.data as { errors: Array<{ field: string; message: string }> }).errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: "card_number", message: "卡號有誤，請再確認" },
        { field: "expiry", message: "信用卡已過期，請確認有效期限" },
      ]),
    );
  });
});
