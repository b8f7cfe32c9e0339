import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageTemplates } from "../../db/schema/index.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { guestCartOrder, orderSteps } from "../../test/order-helpers.js";

interface Template {
  event: string;
  subject: string;
  body: string;
  custom: boolean;
}

describe("通知範本: the shop's wording of customer messages, edited in the back office", () => {
  let t: TestApp;
  let s: ReturnType<typeof orderSteps>;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp();
    s = orderSteps(t);
    operator = await s.staffToken("operator");
  });
  afterAll(() => t.close());

  const get = async (event: string) =>
    (await t.call<Template>("GET", `/api/admin/message_templates/${event}`, { token: operator })).body.data;
  const save = (event: string, body: unknown, token = operator) =>
    t.call<Template>("PUT", `/api/admin/message_templates/${event}`, { token, body });

  async function shippedGuestOrder(email: string) {
    const v = await s.variantOf(7);
    await s.setStock(v, 20);
    const cart = await s.cartWith([{ variantId: v, qty: 1 }]);
    const no = (await s.store(guestCartOrder(cart.lineIds, { payment_method: "cod", email }), { headers: cart.headers })).body
      .data.order_no;
    await t.services.orders.advance(no, "shipped", "staff:1", { trackingNo: "HCT5550001" });
    return (await t.services.outbox.forEvent(`order:${no}:shipped`)).find((m) => m.channel === "email");
  }

  it("every told event starts with the default wording, and the messages say what they said before", async () => {
    const list = await t.call<{ items: Template[]; total: number }>("GET", "/api/admin/message_templates", { token: operator });
    expect(list.body.data.total).toBe(11);
    expect(list.body.data.items.every((i) => !i.custom)).toBe(true);
    const mail = await shippedGuestOrder("tpl-default@example.com");
    expect(mail?.subject).toMatch(/^【茶山好物】訂單 \d{14} 已出貨$/);
    expect(mail?.body).toContain("物流單號：HCT5550001");
  });

  it("a saved template is what the next message says; a preview shows a sample order", async () => {
    const wording = {
      subject: "{receiver} 您好，訂單 {order_no} 出貨囉",
      body: "{brand} 已將包裹交給物流，單號 {tracking_no}，應付 {payable}。",
    };
    const preview = await t.call<{ subject: string; body: string }>("POST", "/api/admin/message_templates/preview", {
      token: operator,
      body: wording,
    });
    expect(preview.body.data).toEqual({
      subject: "王小明 您好，訂單 20261125123456 出貨囉",
      body: "茶山好物 已將包裹交給物流，單號 C88000011001，應付 NT$1,280。",
    });
    const r = await save("shipped", wording);
    expect([r.status, r.body.message, r.body.data.custom]).toEqual([200, "已儲存通知範本", true]);
    const mail = await shippedGuestOrder("tpl-custom@example.com");
    expect(mail?.subject).toMatch(/^【茶山好物】陳大文 您好，訂單 \d{14} 出貨囉$/);
    expect(mail?.body).toMatch(/茶山好物 已將包裹交給物流，單號 HCT5550001，應付 NT\$[\d,]+。/);
    const audit = await t.call<{ items: Array<{ action: string; entity_id: string }> }>("GET", "/api/admin/audit", {
      token: await s.staffToken("owner"),
    });
    expect(audit.body.data.items[0]).toMatchObject({ action: "message_template.save", entity_id: "shipped" });

    const reset = await t.call<Template>("DELETE", "/api/admin/message_templates/shipped", { token: operator });
    expect([reset.status, reset.body.data.custom, reset.body.data.subject]).toEqual([200, false, "訂單 {order_no} 已出貨"]);
  });

  it("orders keep the wording they read until the cache switch drops it (a save on another instance)", async () => {
    await shippedGuestOrder("tpl-kept-1@example.com"); // the wording is now kept
    // Written past this instance's service, as another instance's save would be.
    await t.database.db
      .insert(messageTemplates)
      .values({ event: "shipped", subject: "另一台主機的範本 {order_no}", body: "{details}", updatedAt: new Date() });
    try {
      const kept = await shippedGuestOrder("tpl-kept-2@example.com");
      expect(kept?.subject).toMatch(/^【茶山好物】訂單 \d{14} 已出貨$/);
      t.publicCache.invalidate(); // what the Redis broadcast of that save does here
      const seen = await shippedGuestOrder("tpl-kept-3@example.com");
      expect(seen?.subject).toMatch(/^【茶山好物】另一台主機的範本 \d{14}$/);
    } finally {
      await t.database.db.delete(messageTemplates).where(eq(messageTemplates.event, "shipped"));
      t.publicCache.invalidate();
    }
  });

  it("an unknown placeholder, an empty subject, an unknown event or support staff: refused, nothing saved", async () => {
    await save("paid", { subject: "訂單 {order_no} 付款完成", body: "{details}" });
    const unknown = await save("paid", { subject: "訂單 {order_no}", body: "送您 {coupon} 與 {}" });
    expect([unknown.status, unknown.body.message]).toEqual([400, "範本含有不明的代入欄位：{coupon}、{}"]);
    const previewUnknown = await t.call("POST", "/api/admin/message_templates/preview", {
      token: operator,
      body: { subject: "{orderno}", body: "x" },
    });
    expect(previewUnknown.status).toBe(400);
    expect((await save("paid", { subject: " ", body: "x" })).body.message).toContain("請輸入標題");
    expect((await save("anniversary", { subject: "x", body: "x" })).status).toBe(400);
    expect((await save("birthday", { subject: "{member} 生日快樂", body: "{details}" })).status).toBe(200);
    expect((await save("paid", { subject: "x", body: "x" }, await s.staffToken("support"))).status).toBe(403);
    expect(await get("paid")).toMatchObject({ subject: "訂單 {order_no} 付款完成", custom: true });
  });
});
