import type { OrderView, StoreResult } from "@shop/contract";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, lastCaptcha, type TestApp } from "../../test/harness.js";
import { guestReceiver, homeAddress, orderSteps } from "../../test/order-helpers.js";
import { maskName } from "./guest-access.js";

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
});
afterAll(() => t.close());

async function guestOrder(): Promise<StoreResult> {
  const v = await s.variantOf(31);
  await s.setStock(v, 50);
  const r = await t.call<StoreResult>("POST", "/api/order/store/fast", {
    body: {
      variant_id: v,
      qty: 1,
      ship_method: "hct",
      payment_method: "transfer",
      receiver: guestReceiver,
      address: homeAddress,
      invoice: { type: "mobile", carrier: "/ABC1234" },
      note: "請放管理室",
    },
  });
  expect(r.status).toBe(200);
  return r.body.data;
}
const detail = (order_no: string, extra: Record<string, string> = {}) =>
  t.call<OrderView>("POST", "/api/order/detail", { body: { order_no, phone: guestReceiver.phone, ...extra } });
const cancel = (order_no: string, extra: Record<string, string> = {}) =>
  t.call<OrderView>("POST", "/api/order/cancelOrder", {
    body: { order_no, phone: guestReceiver.phone, reason: "下錯單", ...extra },
  });

describe("a guest's order seen by number and phone", () => {
  test("is masked: receiver, phone, street, invoice carrier and note are hidden", async () => {
    const { order_no } = await guestOrder();
    const d = await detail(order_no);
    expect(d.status).toBe(200);
    expect(d.body.data).toMatchObject({
      masked: true,
      receiver: { name: "陳○文", phone: "09xx-xxx-444" },
      address: { zip: "100", county: homeAddress.county, district: homeAddress.district, line: "○○○" },
      invoice: { type: "mobile" },
      note: "",
      status: "pending_payment",
    });
    expect(JSON.stringify(d.body.data)).not.toContain(homeAddress.line);
    expect(JSON.stringify(d.body.data)).not.toContain(guestReceiver.phone);
    expect(d.body.data.history.every((h) => h.reason === "")).toBe(true);
  });

  test("cannot be cancelled without proving the phone; nothing changes", async () => {
    const { order_no } = await guestOrder();
    const r = await cancel(order_no);
    expect(r.status).toBe(403);
    expect(r.body.message).toBe("請先以簡訊驗證碼驗證手機，再取消訂單");
    expect((await t.services.orders.byNo(order_no))?.status).toBe("pending_payment");
  });

  test("the browser that placed it sees it in full and may cancel it", async () => {
    const { order_no, access_token } = await guestOrder();
    expect(access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const d = await detail(order_no, { access_token: access_token ?? "" });
    expect(d.body.data).toMatchObject({ masked: false, receiver: guestReceiver, address: homeAddress, note: "請放管理室" });
    expect((await cancel(order_no, { access_token: access_token ?? "" })).status).toBe(200);
  });

  test("a one-time SMS code to the order's phone unlocks it; wrong phone, wrong code or another order's token do not", async () => {
    const { order_no } = await guestOrder();
    const other = await guestOrder();
    const send = (phone: string) => t.call("POST", "/api/order/sendGuestCode", { body: { order_no, phone } });
    expect((await send("0900000000")).status).toBe(404);
    expect((await send(guestReceiver.phone)).status).toBe(200);
    expect((await send(guestReceiver.phone)).status).toBe(429);
    const code = lastCaptcha(t, guestReceiver.phone);
    expect(t.capturedSms?.lastTo(guestReceiver.phone)?.text).toContain(order_no);

    const verify = (captcha: string, no = order_no) =>
      t.call<{ access_token: string }>("POST", "/api/order/verifyGuestCode", {
        body: { order_no: no, phone: guestReceiver.phone, captcha },
      });
    expect((await verify(code === "000000" ? "111111" : "000000")).status).toBe(400);
    // A code sent for one order proves the phone, but the token it buys opens only that order.
    const ok = await verify(code);
    expect(ok.status).toBe(200);
    const token = ok.body.data.access_token;
    expect((await verify(code)).status).toBe(400); // used up
    expect((await detail(other.order_no, { access_token: token })).body.data.masked).toBe(true);
    expect((await cancel(other.order_no, { access_token: token })).status).toBe(403);
    expect((await detail(order_no, { access_token: token })).body.data.masked).toBe(false);
    expect((await cancel(order_no, { access_token: token })).status).toBe(200);
  });

  test("an access token expires; a member's order is not a guest's", async () => {
    const { order_no } = await guestOrder();
    await t.call("POST", "/api/order/sendGuestCode", { body: { order_no, phone: guestReceiver.phone } });
    const ok = await t.call<{ access_token: string }>("POST", "/api/order/verifyGuestCode", {
      body: { order_no, phone: guestReceiver.phone, captcha: lastCaptcha(t, guestReceiver.phone) },
    });
    t.clock.advance(3601);
    expect((await detail(order_no, { access_token: ok.body.data.access_token })).body.data.masked).toBe(true);

    const token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
    const mine = await s.completedOrder(token, DEMO_ACCOUNTS.member.phone, 32, 1);
    const r = await t.call("POST", "/api/order/sendGuestCode", { body: { order_no: mine, phone: DEMO_ACCOUNTS.member.phone } });
    expect(r.status).toBe(404);
    // A member's order is read signed in, never by number and phone.
    const byPhone = await t.call("POST", "/api/order/detail", { body: { order_no: mine, phone: DEMO_ACCOUNTS.member.phone } });
    expect(byPhone.status).toBe(403);
    expect(byPhone.body.message).toBe("此為會員訂單，請登入會員後查看");
  });

  test("names mask to their first and last character", () => {
    expect([maskName("王小明"), maskName("李四"), maskName("歐陽娜娜"), maskName("A")]).toEqual(["王○明", "李○", "歐○○娜", "○"]);
  });
});
