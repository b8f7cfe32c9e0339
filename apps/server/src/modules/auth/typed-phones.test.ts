import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, lastCaptcha, type TestApp, uniquePhone } from "../../test/harness.js";
import { guestCartOrder, orderSteps } from "../../test/order-helpers.js";

// Issue 47: phone numbers as people type them (iPhone autofill gives +886 912 345 678), on the
// server too; a store pick-up receiver checked as ECPay will check them.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const spaced = (p: string) => `+886 ${p.slice(1, 4)} ${p.slice(4, 7)} ${p.slice(7)}`;
const dashed = (p: string) => `${p.slice(0, 4)}-${p.slice(4, 7)}-${p.slice(7)}`;
const wide = (p: string) => p.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));

describe("phone numbers as people type them", () => {
  test("register, sign in, reset the password and keep an address with the number in any typed form", async () => {
    const phone = uniquePhone();
    const sent = await t.call("POST", "/api/register/user/sendCaptcha", { body: { phone: spaced(phone) }, ip: "10.47.0.1" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const reg = await t.call<{ token: string; user: { phone: string } }>("POST", "/api/register/user/store", {
      body: { phone: dashed(phone), captcha: lastCaptcha(t, phone), password: "tea-lover-88", name: "林小茶" },
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    expect(reg.body.data.user.phone).toBe(phone);

    const login = await t.call<{ token: string }>("POST", "/api/auth/login", {
      body: { account: wide(phone), password: "tea-lover-88" },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);

    const saved = await t.call<{ phone: string }>("POST", "/api/user/addr/store", {
      token: login.body.data.token,
      body: {
        name: "林小茶",
        phone: dashed(phone),
        zip: "100",
        county: "臺北市",
        district: "中正區",
        line: "重慶南路一段 122 號",
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.phone).toBe(phone);

    // A reset signs every device out (so it comes last).
    await t.call("POST", "/api/register/user/sendCaptcha", {
      body: { phone: `886${phone.slice(1)}`, purpose: "password" },
      ip: "10.47.0.2",
    });
    const reset = await t.call("POST", "/api/user/password/forget", {
      body: { phone: spaced(phone), captcha: lastCaptcha(t, phone), new_password: "tea-lover-99" },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  });

  test("an empty phone asks for it", async () => {
    const r = await t.call<{ errors: Array<{ field: string; message: string }> }>("POST", "/api/register/user/sendCaptcha", {
      body: { phone: "" },
      ip: "10.47.0.3",
    });
    expect(r.status).toBe(400);
    expect(r.body.data.errors).toEqual([{ field: "phone", message: "請輸入手機號碼" }]);
  });
});

describe("store pick-up receivers", () => {
  test("「王」 is refused with the provider's rule in zh-TW; a guest's typed phone is kept normalised", async () => {
    const s = orderSteps(t);
    const cart = await s.cartWith([{ variantId: await s.variantOf(3), qty: 1 }]);
    const store = { type: "cvs_711", id: "131386", name: "建盛門市", address: "台北市中正區重慶南路一段 122 號" };
    const order = (name: string) =>
      guestCartOrder(cart.lineIds, {
        ship_method: "cvs_711",
        payment_method: "transfer",
        address: undefined,
        cvs_store: store,
        receiver: { name, phone: "0922-333-444" },
      });
    const refused = await t.call<{ errors: Array<{ field: string; message: string }> }>("POST", "/api/order/store", {
      body: order("王"),
      headers: cart.headers,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data.errors).toEqual([
      { field: "receiver.name", message: "超商取貨的收件人姓名需為 2～5 個中文字或 4～10 個英文字母，與取件證件相同" },
    ]);
    const placed = await t.call<{ order_no: string }>("POST", "/api/order/store", {
      body: order("王小明"),
      headers: cart.headers,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const detail = await s.detail(placed.body.data.order_no, { phone: "+886 922 333 444" });
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
  });
});
