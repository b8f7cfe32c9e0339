import type { OrderView, PayInfo, StoreResult, TrackingView } from "@shop/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { depotEntries } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { guestCartOrder, guestReceiver, orderSteps } from "../../test/order-helpers.js";

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
});
afterAll(() => t.close());

describe("a guest buys by bank transfer with home delivery", () => {
  test("quote, order, transfer details, report, staff confirmation, fulfilment, tracking", async () => {
    const v = await s.variantOf(17);
    const before = await s.stockOf(v);
    const cart = await s.cartWith([{ variantId: v, qty: 2 }]);

    const info = await t.call<PayInfo>("POST", "/api/order/pay_info", {
      body: { line_ids: cart.lineIds, ship_method: "hct" },
      headers: cart.headers,
    });
    expect(info.status).toBe(200);
    const q = info.body.data.quote;
    expect(q.goods_amount).toBe(q.lines.reduce((a, l) => a + l.subtotal, 0));
    expect(q.order_amount).toBe(q.goods_amount - q.discount_total + q.shipping_fee);
    expect(info.body.data.ship_methods.map((m) => m.code)).not.toContain("depot");
    expect(info.body.data.payment_methods.find((m) => m.code === "points_wallet")?.available).toBe(false);

    const r = await s.store(guestCartOrder(cart.lineIds), { headers: cart.headers });
    expect(r.status).toBe(200);
    expect(r.body.data.order_no).toMatch(/^\d{14}$/);
    const next = r.body.data.next;
    expect(next.type).toBe("transfer");
    if (next.type !== "transfer") throw new Error("unreachable");
    expect(next.amount).toBe(q.payable);
    expect(next.bank.code).toBe("822");
    expect(new Date(next.deadline).getTime() - t.clock.now.getTime()).toBe(3 * 86_400_000);
    expect(await s.stockOf(v)).toBe(before - 2);

    // The bought lines left the cart.
    const cartAfter = await t.call<{ lines: unknown[] }>("POST", "/api/cart/search", { body: {}, headers: cart.headers });
    expect(cartAfter.body.data.lines).toHaveLength(0);

    const orderNo = r.body.data.order_no;
    const d = await s.detail(orderNo);
    expect(d.body.data).toMatchObject({ status: "pending_payment", payable: q.payable, can_report_transfer: true });
    expect(d.body.data.history.map((h) => h.to_status)).toEqual(["pending_payment"]);
    expect((await s.detail(orderNo, { phone: "0900000000" })).status).toBe(404);

    const wrongAmount = await t.call("POST", "/api/order/paymentTransfer", {
      body: {
        order_no: orderNo,
        phone: guestReceiver.phone,
        last5: "12345",
        amount: q.payable + 1,
        paid_at: new Date().toISOString(),
      },
    });
    expect(wrongAmount.status).toBe(422);
    const report = await t.call("POST", "/api/order/paymentTransfer", {
      body: {
        order_no: orderNo,
        phone: guestReceiver.phone,
        last5: "12345",
        amount: q.payable,
        paid_at: new Date().toISOString(),
      },
    });
    expect(report.status).toBe(200);
    expect((await s.detail(orderNo)).body.data.payment?.transfer_reported).toBe(true);

    await t.services.payments.confirmOffline(orderNo, "staff:1", "staff");
    await t.services.orders.advance(orderNo, "processing", "staff:1");
    await t.services.orders.advance(orderNo, "shipped", "staff:1", { trackingNo: "HCT1234567" });
    const shipped = await s.detail(orderNo);
    expect(shipped.body.data).toMatchObject({ status: "shipped", tracking_no: "HCT1234567", can_cancel: false });
    expect(shipped.body.data.history.map((h) => h.to_status)).toEqual(["pending_payment", "paid", "processing", "shipped"]);
    const tracking = await t.call<TrackingView>("GET", `/api/order/hct_detail?order_no=${orderNo}&phone=${guestReceiver.phone}`);
    expect(tracking.body.data.events.map((e) => e.status)).toEqual(["已出貨"]);

    const cancelShipped = await t.call("POST", "/api/order/cancelOrder", {
      body: { order_no: orderNo, phone: guestReceiver.phone, access_token: r.body.data.access_token, reason: "不想要了" },
    });
    expect(cancelShipped.status).toBe(409);
  });
});

describe("card payments through the TapPay protocol (simulator)", () => {
  test("an approved card pays at once; the order is paid", async () => {
    const cart = await s.cartWith([{ variantId: await s.variantOf(18), qty: 1 }]);
    const r = await s.store(guestCartOrder(cart.lineIds, { payment_method: "card", prime: await s.prime() }), {
      headers: cart.headers,
    });
    expect(r.body.data.next).toEqual({ type: "done" });
    const d = await s.detail(r.body.data.order_no, { phone: guestReceiver.phone, access: r.body.data.access_token });
    expect(d.body.data).toMatchObject({ masked: false, status: "paid", payment: { status: "paid", card_last4: "4242" } });
    // Someone who only knows the phone does not learn the card's last digits.
    const byPhone = await s.detail(r.body.data.order_no);
    expect(byPhone.body.data).toMatchObject({ masked: true, payment: { status: "paid", card_last4: null } });
  });

  test("a declined card leaves the order unpaid with nothing charged; repaying with a good card pays it", async () => {
    const v = await s.variantOf(19);
    const cart = await s.cartWith([{ variantId: v, qty: 1 }]);
    const r = await s.store(guestCartOrder(cart.lineIds, { payment_method: "card", prime: await s.prime("4000000000000002") }), {
      headers: cart.headers,
    });
    expect(r.body.data.next.type).toBe("card_failed");
    const orderNo = r.body.data.order_no;
    expect((await s.detail(orderNo)).body.data).toMatchObject({ status: "pending_payment", can_repay: true });

    const forged = await t.call<StoreResult>("POST", "/api/order/repayTappays", {
      body: { order_no: orderNo, phone: guestReceiver.phone, prime: "sim_forged_prime_that_tappay_never_issued" },
    });
    expect(forged.body.data.next.type).toBe("card_failed");
    expect((await s.detail(orderNo)).body.data.status).toBe("pending_payment");

    const good = await t.call<StoreResult>("POST", "/api/order/repayTappays", {
      body: { order_no: orderNo, phone: guestReceiver.phone, prime: await s.prime() },
    });
    expect(good.body.data.next).toEqual({ type: "done" });
    expect((await s.detail(orderNo)).body.data.status).toBe("paid");
    const again = await t.call("POST", "/api/order/repayTappays", {
      body: { order_no: orderNo, phone: guestReceiver.phone, prime: await s.prime() },
    });
    expect(again.status).toBe(409);
  });

  test("a used prime is refused by the provider: no second charge", async () => {
    const prime = await s.prime();
    const a = await s.cartWith([{ variantId: await s.variantOf(20), qty: 1 }]);
    expect(
      (await s.store(guestCartOrder(a.lineIds, { payment_method: "card", prime }), { headers: a.headers })).body.data.next.type,
    ).toBe("done");
    const b = await s.cartWith([{ variantId: await s.variantOf(20), qty: 1 }]);
    const second = await s.store(guestCartOrder(b.lineIds, { payment_method: "card", prime }), { headers: b.headers });
    expect(second.body.data.next.type).toBe("card_failed");
  });

  test("3-D Secure: redirect, the bank page, TapPay's notify confirmed by the Record API, paid once", async () => {
    const cart = await s.cartWith([{ variantId: await s.variantOf(21), qty: 1 }]);
    const r = await s.store(guestCartOrder(cart.lineIds, { payment_method: "card", prime: await s.prime("4000000000003220") }), {
      headers: cart.headers,
    });
    const next = r.body.data.next;
    if (next.type !== "redirect_3ds") throw new Error(`expected 3DS, got ${next.type}`);
    const orderNo = r.body.data.order_no;
    expect((await s.detail(orderNo)).body.data.status).toBe("pending_payment");
    const rec = new URL(next.url, "http://x").searchParams.get("rec_trade_id") ?? "";

    // A notify alone proves nothing: before the bank says yes, the Record API says pending.
    const early = await t.call("POST", "/api/payments/tappay/notify", { body: { rec_trade_id: rec, status: 0 } });
    expect(early.status).toBe(200);
    expect((await s.detail(orderNo)).body.data.status).toBe("pending_payment");

    const page = await t.app.inject({ method: "GET", url: next.url });
    expect(page.body).toContain("測試模式");
    const back = await t.app.inject({
      method: "POST",
      url: "/api/payments/simulator/3ds",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `rec_trade_id=${rec}&result=approve`,
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toContain(`/orderfinish?order_no=${orderNo}`);
    expect((await s.detail(orderNo)).body.data.status).toBe("paid");

    // TapPay retries notifies: the second changes nothing.
    await t.call("POST", "/api/payments/tappay/notify", { body: { rec_trade_id: rec, status: 0 } });
    const o = (await s.detail(orderNo)).body.data;
    expect(o.history.filter((h) => h.to_status === "paid")).toHaveLength(1);
    const unknown = await t.call("POST", "/api/payments/tappay/notify", { body: { rec_trade_id: "D-forged" } });
    expect(unknown.status).toBe(404);
  });
});

describe("members: points, wallet, coupons and the cloud depot", () => {
  test("points and wallet pay in full into the depot; balances and ledgers move; the order completes", async () => {
    const token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
    const member = (await t.services.auth.authenticate(token))?.member.id ?? 0;
    const before = await t.services.loyalty.balances(member);
    const v = await s.variantOf(30);
    const cart = await s.cartWith([{ variantId: v, qty: 1 }], token);
    const info = await t.call<PayInfo>("POST", "/api/order/pay_info", {
      body: { line_ids: cart.lineIds, ship_method: "depot", points: 500, wallet: 300 },
      token,
    });
    const q = info.body.data.quote;
    expect(info.body.data.points).toEqual({ owned: before.points, cap_per_order: 500 });
    expect(q.points_used + q.wallet_used).toBe(q.order_amount);
    expect(q.payable).toBe(0);

    const r = await s.store(
      {
        line_ids: cart.lineIds,
        ship_method: "depot",
        payment_method: "points_wallet",
        points: 500,
        wallet: 300,
        receiver: { name: "王小明", phone: DEMO_ACCOUNTS.member.phone },
        invoice: { type: "member" },
      },
      { token },
    );
    expect(r.status).toBe(200);
    const d = (await s.detail(r.body.data.order_no, { token })).body.data;
    expect(d.status).toBe("completed");
    expect(d.points_used).toBe(q.points_used);
    const after = await t.services.loyalty.balances(member);
    expect(after.points).toBe(before.points - q.points_used);
    expect(after.wallet).toBe(before.wallet - q.wallet_used);
    const depot = await t.database.db.select().from(depotEntries).where(eq(depotEntries.memberId, member));
    expect(depot.map((e) => [e.variantId, e.qty])).toEqual([[v, 1]]);
    expect(await t.services.loyalty.unbalanced()).toEqual([]);

    const list = await t.call<{ list: Array<{ order_no: string }> }>("POST", "/api/order/search", { body: {}, token });
    expect(list.body.data.list.map((o) => o.order_no)).toContain(r.body.data.order_no);

    // Each state change left the member a notice.
    const notices = await t.call<{ list: Array<{ title: string; link: string }>; unread: number }>(
      "POST",
      "/api/notification/search",
      {
        body: {},
        token,
      },
    );
    const mine = notices.body.data.list.filter((n) => n.title.includes(r.body.data.order_no)).map((n) => n.title);
    expect(mine).toEqual([`訂單 ${r.body.data.order_no} 已完成`, `訂單 ${r.body.data.order_no} 已付款`]);
    expect(notices.body.data.unread).toBeGreaterThanOrEqual(2);
    expect((await t.call("POST", "/api/notification/search", { body: {} })).status).toBe(401);
  });

  test("cancelling gives back stock, coupon, points and wallet; a paid transfer order refunds to the wallet", async () => {
    const token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
    const member = (await t.services.auth.authenticate(token))?.member.id ?? 0;
    const v = await s.variantOf(41);
    const stock = await s.stockOf(v);
    const before = await t.services.loyalty.balances(member);
    const coupons = (await t.services.loyalty.usableCoupons(member)).filter((c) => c.kind === "amount");
    const coupon = coupons[0];
    if (!coupon) throw new Error("demo member has no amount coupon");
    const cart = await s.cartWith([{ variantId: v, qty: 2 }], token);
    const r = await s.store(
      {
        ...guestCartOrder(cart.lineIds),
        receiver: { name: "王小明", phone: DEMO_ACCOUNTS.member.phone },
        coupon_id: coupon.id,
        points: 10,
        wallet: 5,
      },
      { token },
    );
    expect(r.status).toBe(200);
    const orderNo = r.body.data.order_no;
    const o = (await s.detail(orderNo, { token })).body.data;
    expect(o.discounts.some((x) => x.source === "coupon")).toBe(true);
    expect((await t.services.loyalty.usableCoupons(member)).map((c) => c.id)).not.toContain(coupon.id);

    await t.services.payments.confirmOffline(orderNo, "staff:1", "staff");
    const cancel = await t.call<OrderView>("POST", "/api/order/cancelOrder", {
      body: { order_no: orderNo, reason: "買錯了" },
      token,
    });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.status).toBe("cancelled");
    expect(await s.stockOf(v)).toBe(stock);
    expect((await t.services.loyalty.usableCoupons(member)).map((c) => c.id)).toContain(coupon.id);
    const after = await t.services.loyalty.balances(member);
    expect(after.points).toBe(before.points);
    // Wallet back, plus the transfer payment refunded into it.
    expect(after.wallet).toBe(before.wallet + o.payable);
    expect(await t.services.loyalty.unbalanced()).toEqual([]);
    expect(await t.services.inventory.unbalanced()).toEqual([]);
  });
});

// Reads the notices the orders above produced.
describe("member notices", () => {
  test("unread counts per tab; reading marks only one's own", async () => {
    const token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
    const counts = await t.call<{ notice: number; buy_list: number }>("GET", "/api/user/systemTabNotice", { token });
    expect(counts.body.data.notice).toBeGreaterThan(0);
    expect(counts.body.data.buy_list).toBe(counts.body.data.notice);
    const other = await s.login(DEMO_ACCOUNTS.downline.phone, DEMO_ACCOUNTS.downline.password);
    const list = await t.call<{ list: Array<{ id: number }> }>("POST", "/api/notification/search", { body: {}, token });
    const firstId = list.body.data.list[0]?.id ?? 0;
    // Another member's ids change nothing for the owner.
    await t.call("POST", "/api/user/notice/read", { body: { ids: [firstId] }, token: other });
    expect((await t.call<{ notice: number }>("GET", "/api/user/systemTabNotice", { token })).body.data.notice).toBe(
      counts.body.data.notice,
    );
    const after = await t.call<{ notice: number }>("POST", "/api/user/notice/read", { body: {}, token });
    expect(after.body.data.notice).toBe(0);
  });
});
