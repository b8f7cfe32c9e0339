import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { guestCartOrder, guestReceiver, orderSteps } from "../../test/order-helpers.js";

// Decision 109: an order placed on the English storefront is told in English, a zh-TW one as before.
describe("an order's messages in the language it was placed in", () => {
  let t: TestApp;
  let s: ReturnType<typeof orderSteps>;
  beforeAll(async () => {
    t = await createTestApp();
    s = orderSteps(t);
  });
  afterAll(() => t.close());

  async function guestOrder(extra: Record<string, unknown>) {
    const v = await s.variantOf(1);
    await s.setStock(v, 50);
    const cart = await s.cartWith([{ variantId: v, qty: 1 }]);
    return s.store(guestCartOrder(cart.lineIds, extra), { headers: cart.headers });
  }
  const delivered = async () => {
    await t.services.outbox.deliverDue();
    await t.services.outbox.deliverDue();
  };
  const mailsTo = (to: string) => t.localSmtp?.mailbox.filter((m) => m.to.includes(to)) ?? [];

  it("a guest's English order: e-mail and SMS in English, links to the English pages", async () => {
    const r = await guestOrder({ email: "english.buyer@example.com", lang: "en" });
    expect(r.status, r.body.message).toBe(200);
    const no = r.body.data.order_no as string;
    await delivered();
    const [mail] = mailsTo("english.buyer@example.com");
    expect(mail?.subject).toBe(`[茶山好物] Order ${no} placed`);
    expect(mail?.text).toContain("Amount to pay: NT$");
    expect(mail?.text).toContain("(ATM / bank transfer). Please transfer before the deadline");
    expect(mail?.text).toContain("/en/order_search");
    expect(mail?.text).toContain("Details: ");
    // Nothing Chinese but the shop's name.
    expect(mail?.text.replaceAll("茶山好物", "")).not.toMatch(/[\u4e00-\u9fff]/u);
    const sms = t.capturedSms?.sent.filter((m) => m.phone === guestReceiver.phone && m.text.includes(no)) ?? [];
    expect(sms.map((m) => m.text.slice(0, 30))).toEqual([`[茶山好物] Order ${no} placed. Amo`.slice(0, 30)]);
  });

  it("a member's English order is told in English, linking to the English order page", async () => {
    const token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
    const v = await s.variantOf(1);
    await s.setStock(v, 50);
    const cart = await s.cartWith([{ variantId: v, qty: 1 }], token);
    const r = await s.store(guestCartOrder(cart.lineIds, { lang: "en", email: "member.en@example.com" }), {
      headers: cart.headers,
      token,
    });
    expect(r.status, r.body.message).toBe(200);
    const no = r.body.data.order_no as string;
    const outbound = await t.services.outbox.forEvent(`order:${no}:placed`);
    expect(outbound.length).toBeGreaterThan(0);
    for (const m of outbound) expect(JSON.stringify(m)).toContain(`/en/member/order_detail?order_no=${no}`);
  });

  it("why an English order moved is said in English: a transfer confirmed, delivered; staff's own words kept", async () => {
    const r = await guestOrder({ email: "english.reasons@example.com", lang: "en" });
    const no = r.body.data.order_no as string;
    await t.services.payments.confirmOffline(no, "staff:1", "staff");
    await t.services.orders.advance(no, "shipped", "staff:1", { trackingNo: "HCT4400003" });
    await t.services.orders.advance(no, "delivered", "staff:1");
    const other = await guestOrder({ email: "english.cancel@example.com", lang: "en" });
    const staff = await s.staffToken();
    const cancelled = await t.call("POST", `/api/admin/orders/${other.body.data.order_no}/cancel`, {
      token: staff,
      body: { reason: "缺貨" },
    });
    expect(cancelled.status, cancelled.body.message).toBe(200);
    await delivered();
    const texts = [...mailsTo("english.reasons@example.com"), ...mailsTo("english.cancel@example.com")].map((m) => m.text);
    expect(texts.some((x) => x.includes("Your transfer has been received"))).toBe(true);
    expect(texts.some((x) => x.includes("Tracking number: HCT4400003"))).toBe(true);
    expect(texts.some((x) => x.includes("Your order has been delivered"))).toBe(true);
    expect(texts.some((x) => x.includes("Cancelled by customer service: 缺貨"))).toBe(true);
    // The order's history keeps the zh-TW reason staff read.
    const history = await t.call<{ events: Array<{ reason: string }> }>("GET", `/api/admin/orders/${no}`, { token: staff });
    expect(JSON.stringify(history.body.data)).toContain("確認收到匯款");
  });

  it("no language, or zh-TW, keeps the Chinese wording; an unknown language is refused and nothing is written", async () => {
    const zh = await guestOrder({ email: "zh.buyer@example.com" });
    expect(zh.status).toBe(200);
    await delivered();
    expect(mailsTo("zh.buyer@example.com")[0]?.subject).toBe(`【茶山好物】訂單 ${zh.body.data.order_no} 已成立`);
    const before = (await t.database.db.select({ id: orders.id }).from(orders)).length;
    const bad = await guestOrder({ email: "fr.buyer@example.com", lang: "fr" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("語言");
    expect((await t.database.db.select({ id: orders.id }).from(orders)).length).toBe(before);
  });
});
