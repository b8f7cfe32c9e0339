import type { PayInfo, SignInOptions, StoreResult } from "@shop/contract";
import type { ChannelModes, NotifyChannels, shopPage } from "@shop/contract/responses";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { z } from "zod";
import { DEMO_ACCOUNTS } from "../demo/seed.js";
import { createTestApp, staffTokens, type TestApp } from "../test/harness.js";
import { homeAddress, orderSteps } from "../test/order-helpers.js";

const ALL_OFF = {
  CHANNEL_CARD: "off",
  CHANNEL_STORE_PICKUP: "off",
  CHANNEL_EINVOICE: "off",
  CHANNEL_HCT: "off",
  CHANNEL_LINE_MESSAGES: "off",
  CHANNEL_LINE_LOGIN: "off",
  CHANNEL_GOOGLE_LOGIN: "off",
  CHANNEL_FACEBOOK_LOGIN: "off",
};

/** A shop without card payments, store pick-up, e-invoices, HCT, a LINE account or social sign-in (decision 74). */
describe("channels switched off disappear everywhere they would show", () => {
  let t: TestApp;
  let s: ReturnType<typeof orderSteps>;
  let owner: string;
  let member: string;
  let variant: number;
  beforeAll(async () => {
    t = await createTestApp({ env: ALL_OFF });
    s = orderSteps(t);
    ({ owner } = await staffTokens(t));
    member = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
    variant = await s.variantOf(1);
    await s.setStock(variant, 100);
  });
  afterAll(() => t.close());

  test("checkout offers no card, no store pick-up and asks nothing about invoices", async () => {
    const info = (
      await t.call<PayInfo>("POST", "/api/order/pay_info/fast", { token: member, body: { variant_id: variant, qty: 1 } })
    ).body.data;
    expect(info.payment_methods.map((m) => m.code)).not.toContain("card");
    expect(info.payment_methods.map((m) => m.code)).toContain("transfer");
    expect(info.ship_methods.some((m) => m.code.startsWith("cvs_"))).toBe(false);
    expect(info.ship_methods.map((m) => m.code)).toContain("hct");
    expect(info.einvoice).toBe(false);
    const shop = (await t.call<z.output<typeof shopPage>>("GET", "/api/front/shop/get?shop_id=1")).body.data;
    expect(shop.footer.payment_methods).not.toContain("card");
    expect(shop.device_wallets).toEqual([]);
    expect(shop.footer.ship_methods.join()).not.toContain("超商");
  });

  test("a card order or a store map is refused, in words", async () => {
    const card = await t.call<StoreResult>("POST", "/api/order/store/fast", {
      token: member,
      body: {
        variant_id: variant,
        qty: 1,
        ship_method: "hct",
        payment_method: "card",
        prime: "test_prime",
        receiver: { name: "王小明", phone: DEMO_ACCOUNTS.member.phone },
        address: homeAddress,
        invoice: { type: "member" },
      },
    });
    expect(card.status).toBe(422);
    expect(card.body.message).toBe("此付款方式目前無法使用");
    const map = await t.call("POST", "/api/ecpay/mapCreateToken", { body: { cvs_type: "cvs_711", return_path: "/cart" } });
    expect(map.status).toBe(409);
    expect(map.body.message).toBe("目前未提供超商取貨");
  });

  test("a paid order records no invoice; HCT consignments are refused, a typed number ships", async () => {
    const placed = await s.memberOrder(member, variant);
    await t.services.payments.confirmOffline(placed.order_no, "staff:1", "staff");
    expect(await t.services.orderInvoices.records.latestFor(t.database.db, placed.order_no)).toBeUndefined();
    const hct = await t.call("POST", `/api/admin/orders/${placed.order_no}/hct_shipment`, { token: owner });
    expect(hct.status).toBe(409);
    expect(hct.body.message).toContain("請填寫託運單號出貨");
    const typed = await t.call("POST", `/api/admin/orders/${placed.order_no}/ship`, {
      token: owner,
      body: { tracking_no: "BLACKCAT123456" },
    });
    expect(typed.status).toBe(200);
    const settings = await t.call<{ environment: string }>("GET", "/api/admin/invoice_settings", { token: owner });
    expect(settings.body.data.environment).toBe("off");
  });

  test("no LINE, Google or Facebook sign-in, and no LINE choice for messages", async () => {
    const options = (await t.call<SignInOptions>("GET", "/api/threeway/options")).body.data;
    expect(options.providers).toEqual([]);
    expect(options.liff_id).toBeNull();
    const channels = (await t.call<NotifyChannels>("GET", "/api/user/notify_channels", { token: member })).body.data;
    expect(channels.line_offered).toBe(false);
    const modes = (await t.call<ChannelModes>("GET", "/api/admin/system/channels", { token: owner })).body.data;
    expect(modes).toMatchObject({ card: "off", store_pickup: "off", einvoice: "off", hct: "off", sms: "simulator" });
  });
});
