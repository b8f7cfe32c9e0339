import type { OrderView, StoreResult } from "@shop/contract";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, lastCaptcha, type TestApp } from "../../test/harness.js";
import { guestReceiver, homeAddress, orderSteps } from "../../test/order-helpers.js";

/** Issue 47: guests return after the SMS check; every buyer is told where and how to send it back. */
/** The buyer's own account for a transfer's refund (decision 83). */
const ACCOUNT = { bank_user_name: "王小明", bank_code: "004", branch_code: "0037", bank_account: "12345678901234" };

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let token = "";
let variant = 0;
beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
  token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
  variant = await s.variantOf(34);
  await s.setStock(variant, 200);
});
afterAll(() => t.close());

const staffAct = async (id: number, step: string, body: unknown = {}) =>
  t.call<{ status: string }>("POST", `/api/admin/returns/${id}/${step}`, { token: await s.staffToken(), body });

async function deliver(no: string) {
  await t.services.payments.confirmOffline(no, "staff:1", "staff");
  await t.services.orders.advance(no, "shipped", "staff:1", { trackingNo: "HCT4400001" });
  await t.services.orders.advance(no, "delivered", "staff:1");
}

/** A guest's delivered transfer order (shop 1 unless told). */
async function guestDelivered(shopId = 1) {
  const r = await t.call<StoreResult>("POST", "/api/order/store/fast", {
    body: {
      variant_id: shopId === 1 ? variant : await s.variantOf(1),
      qty: 2,
      shop_id: shopId,
      ship_method: "hct",
      payment_method: "transfer",
      receiver: guestReceiver,
      address: homeAddress,
      invoice: { type: "member" },
    },
  });
  if (r.status !== 200) throw new Error(`${r.status} ${r.body.message}`);
  await deliver(r.body.data.order_no);
  return r.body.data.order_no;
}

async function accessFor(no: string) {
  // Past the resend wait of the code before.
  t.clock.advance(120);
  await t.call("POST", "/api/order/sendGuestCode", { body: { order_no: no, phone: guestReceiver.phone } });
  const ok = await t.call<{ access_token: string }>("POST", "/api/order/verifyGuestCode", {
    body: { order_no: no, phone: guestReceiver.phone, captcha: lastCaptcha(t, guestReceiver.phone) },
  });
  return ok.body.data.access_token;
}
const guestAsk = (no: string, extra: Record<string, unknown>, v = variant) =>
  t.call<{ id: number; status: string }>("POST", "/api/order/return", {
    body: {
      order_no: no,
      items: [{ variant_id: v, qty: 1 }],
      reason: "changed_mind",
      note: "",
      refund_account: ACCOUNT,
      ...extra,
    },
  });
const guestView = async (no: string, access: string) =>
  (
    await t.call<OrderView>("POST", "/api/order/detail", {
      body: { order_no: no, phone: guestReceiver.phone, access_token: access },
    })
  ).body.data;

describe("guests return a delivered order after the SMS check", () => {
  test("offered on the order; refused without the phone's proof; accepted with it, once", async () => {
    const no = await guestDelivered();
    const masked = (await t.call<OrderView>("POST", "/api/order/detail", { body: { order_no: no, phone: guestReceiver.phone } }))
      .body.data;
    expect(masked.can_request_return).toBe(true);

    const anonymous = await guestAsk(no, {});
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.message).toBe("請輸入訂購時填寫的手機號碼");
    const unproven = await guestAsk(no, { phone: guestReceiver.phone });
    expect(unproven.status).toBe(403);
    expect(unproven.body.message).toBe("請先以簡訊驗證碼驗證手機，再申請退貨");
    const access = await accessFor(no);
    const wrongPhone = await guestAsk(no, { phone: "0911000111", access_token: access });
    expect(wrongPhone.status).toBe(404);

    const asked = await guestAsk(no, { phone: guestReceiver.phone, access_token: access });
    expect(asked.status, asked.body.message).toBe(200);
    expect((await guestAsk(no, { phone: guestReceiver.phone, access_token: access })).body.message).toBe(
      "此訂單已有處理中的退換貨申請",
    );
    const view = await guestView(no, access);
    expect(view.return_request).toMatchObject({ status: "requested" });
    expect(view.can_request_return).toBe(false);
  });
});

describe("where and how to send it back", () => {
  test("the shop's return address once approved; a sub-mall's own for its orders; a store-return code when staff give one", async () => {
    const { order_no: no } = await s.memberOrder(token, variant, { qty: 2 });
    await deliver(no);
    const r = await t.call<{ id: number }>("POST", "/api/order/return", {
      token,
      body: { order_no: no, items: [{ variant_id: variant, qty: 1 }], reason: "damaged", note: "", refund_account: ACCOUNT },
    });
    const before = (await s.detail(no, { token })).body.data as OrderView;
    expect(before.return_request?.send_back).toBeNull();
    expect((await staffAct(r.body.data.id, "approve")).status).toBe(200);
    const after = (await s.detail(no, { token })).body.data as OrderView;
    expect(after.return_request?.send_back).toEqual({
      store_code: "",
      address: "茶山好物 退貨組（02-2345-6789）106 台北市大安區忠孝東路四段 100 號",
      // Arranged by the buyer: no carrier, no parcel to follow (decision 91).
      carrier: null,
      how: "",
      parcel_status: "",
      parcel_label: "",
    });

    const sub = await guestDelivered(2);
    const access = await accessFor(sub);
    const asked = await guestAsk(sub, { phone: guestReceiver.phone, access_token: access }, await s.variantOf(1));
    expect(asked.status, asked.body.message).toBe(200);
    const bad = await staffAct(asked.body.data.id, "approve", { store_return_code: "含中文" });
    expect(bad.status).toBe(400);
    expect((await staffAct(asked.body.data.id, "approve", { store_return_code: "R12345678" })).status).toBe(200);
    expect((await guestView(sub, access)).return_request?.send_back).toEqual({
      store_code: "R12345678",
      address: "阿里山茶行 林阿里（0987-654-321）605 嘉義縣阿里山鄉中正村 8 號",
      // Arranged by the buyer: no carrier, no parcel to follow (decision 91).
      carrier: null,
      how: "",
      parcel_status: "",
      parcel_label: "",
    });
  });
});
