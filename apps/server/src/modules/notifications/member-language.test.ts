// Notices outside an order are told in the member's own language (decision 109): the storefront
// they last signed in on. A level change and a back-in-stock notice for a member who signed in on
// the English pages, a back-in-stock message to a visitor who asked on an English page; and the
// zh-TW member beside them still hears zh-TW.
import type { ProductView, StoreResult } from "@shop/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { notifications } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { homeAddress, orderSteps } from "../../test/order-helpers.js";
import { sendBackText } from "../orders/return-parcels.js";

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let english = "";
let englishId = 0;
let chinese = "";
let chineseId = 0;

const signIn = async (account: { phone: string; password: string }, lang: "en" | "zh-TW") => {
  const r = await t.call<{ token: string }>("POST", "/api/auth/login", {
    body: { account: account.phone, password: account.password },
    headers: lang === "en" ? { "x-page-lang": "en" } : {},
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data.token;
};
const idOf = async (token: string) => (await t.services.auth.authenticate(token))?.member.id ?? 0;
const noticesOf = (memberId: number) =>
  t.database.db.select().from(notifications).where(eq(notifications.memberId, memberId)).orderBy(notifications.id);

beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
  english = await signIn(DEMO_ACCOUNTS.member, "en");
  englishId = await idOf(english);
  chinese = await signIn(DEMO_ACCOUNTS.downline, "zh-TW");
  chineseId = await idOf(chinese);
}, 120_000);
afterAll(() => t.close());

describe("notices in the member's language", () => {
  test("a level reached on payment: English for the member who signs in in English", async () => {
    const staff = await s.staffToken();
    const variant = await s.variantOf(2);
    await s.setStock(variant, 100);
    const level = await t.call("POST", "/api/admin/tiers", {
      token: staff,
      body: {
        name: "VIP",
        rank: 1,
        threshold: 1,
        discount_percent: 5,
        points_multiplier: 100,
        free_shipping_threshold: 0,
        active: true,
      },
    });
    expect(level.status, level.body.message).toBe(200);
    for (const token of [english, chinese]) {
      const r = await t.call<StoreResult>("POST", "/api/order/store/fast", {
        token,
        body: {
          variant_id: variant,
          qty: 1,
          ship_method: "hct",
          payment_method: "transfer",
          receiver: { name: "Ann Lee", phone: "0912000333" },
          address: homeAddress,
          invoice: { type: "member" },
        },
      });
      expect(r.status, r.body.message).toBe(200);
      await t.services.payments.confirmOffline(r.body.data.order_no, "staff:1", "staff");
    }
    const up = (await noticesOf(englishId)).filter((n) => n.link === "/member/level");
    expect(up.map((n) => n.title)).toEqual(["Membership level up: VIP"]);
    expect(up[0]?.body).toMatch(/^You spent NT\$[\d,]+ in the period; your level is "VIP", valid until \d{4}\/\d{2}\/\d{2}\.$/);
    const zh = (await noticesOf(chineseId)).filter((n) => n.link === "/member/level");
    expect(zh.map((n) => n.title)).toEqual(["會員等級升級：VIP"]);
  });

  test("back in stock: the member and the visitor who asked on English pages hear it in English, with English links", async () => {
    const p = (await t.call<ProductView>("GET", "/api/product/get?id=12")).body.data;
    const variant = p.variants[0]?.id ?? 0;
    await s.setStock(variant, 0);
    t.publicCache.invalidate();
    const ask = (token: string | undefined, extra: Record<string, unknown>, lang: "en" | "zh-TW") =>
      t.call("POST", "/api/product/restock_notify", {
        token,
        body: { variant_id: variant, ...extra },
        headers: lang === "en" ? { "x-page-lang": "en" } : {},
        ip: `10.8.${lang === "en" ? 1 : 2}.${Math.floor(Math.random() * 250)}`,
      });
    expect((await ask(english, {}, "en")).status).toBe(200);
    expect((await ask(undefined, { email: "visitor-en@example.com" }, "en")).status).toBe(200);
    expect((await ask(chinese, {}, "zh-TW")).status).toBe(200);
    // The member is reached by LINE too, so the notice goes out as well as onto the site.
    await t.services.identities.bind(englishId, "line", `U${"6f".repeat(16)}`);
    await s.setStock(variant, 5);
    expect(await t.services.restock.sendDue()).toBe(3);

    // On the site the notice keeps the page's path (the notice page puts it under its own mall and
    // language); outside it, LINE and e-mail link to the English page.
    const page = `/product/details?id=12&variant=${variant}`;
    const [told] = (await noticesOf(englishId)).filter((n) => n.title.startsWith("Back in stock: "));
    expect(told).toMatchObject({ body: "While stocks last.", link: page });
    const [zh] = (await noticesOf(chineseId)).filter((n) => n.title.startsWith("到貨通知："));
    expect(zh?.link).toBe(page);
    const outbound = (await t.services.outbox.log({}, 1, 200)).rows.filter((m) =>
      m.subject.startsWith("[茶山好物] Back in stock"),
    );
    expect(outbound.map((m) => m.channel).sort()).toEqual(["email", "line"]);
    for (const m of outbound) expect(JSON.stringify(m)).toContain(`/en${page}`);
    await t.services.outbox.deliverDue();
    const mail = t.localSmtp?.mailbox.find((m) => m.to.includes("visitor-en@example.com"));
    expect(mail?.subject).toMatch(/^\[茶山好物\] Back in stock: /);
    expect(mail?.text).toContain(`Buy now: `);
    expect(mail?.text).toContain(`/en/product/details?id=12&variant=${variant}`);
  });

  test("a return's approval tells an English order how to send the goods back in English; address and note as written", () => {
    const address = "台北市中正區重慶南路一段 122 號";
    expect(sendBackText({ returnCarrier: null, storeReturnCode: "" }, address, "Thanks", "en")).toBe(
      `Please send the goods back to: ${address}\nThanks`,
    );
    expect(sendBackText({ returnCarrier: "cvs_family", storeReturnCode: "R123" }, address, "", "en")).toBe(
      "Within 7 days, send it back from any FamilyMart store with return number R123 (no shipping fee).",
    );
    expect(sendBackText({ returnCarrier: null, storeReturnCode: "" }, address, "")).toBe(`請將商品寄回：${address}`);
  });
});
