import type { AuthResult, ProductView } from "@shop/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { members, outboxMessages } from "../../db/schema/index.js";
import { createTestApp, lastCaptcha, type TestApp, uniquePhone } from "../../test/harness.js";

let t: TestApp;
let token: string;
let memberId: number;
beforeAll(async () => {
  t = await createTestApp();
  // A member with an e-mail on file (reminders go by LINE or e-mail, as the member chose).
  const phone = uniquePhone();
  await t.call("POST", "/api/register/user/sendCaptcha", { body: { phone } });
  const r = await t.call<AuthResult>("POST", "/api/register/user/store", {
    body: { phone, captcha: lastCaptcha(t, phone), password: "pass12345", name: "林小雨", email: `${phone}@example.com` },
  });
  token = r.body.data.token;
  memberId = r.body.data.user.id;
});
afterAll(() => t.close());

const reminders = async () =>
  (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.memberId, memberId))).filter((m) =>
    m.eventKey.startsWith("cart_reminder:"),
  );

async function addSomething() {
  const p = (await t.call<ProductView>("GET", "/api/product/get?id=12")).body.data;
  const r = await t.call("POST", "/api/cart/store", { token, body: { variant_id: p.variants[0]?.id, qty: 1 } });
  if (r.status !== 200) throw new Error(`${r.status} ${r.body.message}`);
}

describe("abandoned-cart reminders", () => {
  test("one reminder after the idle hours, never two for the same cart; a changed cart once more; opt-out respected", async () => {
    await addSomething();
    expect(await t.services.cartReminders.sendDue()).toBe(0); // not idle yet
    t.clock.advance(25 * 3600);
    const [a, b] = await Promise.all([t.services.cartReminders.sendDue(), t.services.cartReminders.sendDue()]);
    expect(a + b).toBe(1);
    const sent = await reminders();
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(new Set(sent.map((m) => m.eventKey)).size).toBe(1);
    expect(sent[0]?.body).toContain("/select_cart");
    t.clock.advance(25 * 3600);
    expect(await t.services.cartReminders.sendDue()).toBe(0);

    // The cart changes: after the idle hours again, one more.
    await addSomething();
    t.clock.advance(25 * 3600);
    expect(await t.services.cartReminders.sendDue()).toBe(1);

    // The member turns reminders off on /member/notice: nothing more.
    const off = await t.call<{ cart_reminders: boolean }>("POST", "/api/user/notify_channels", {
      token,
      body: { line: true, email: true, cart_reminders: false },
    });
    expect(off.body.data.cart_reminders).toBe(false);
    await addSomething();
    t.clock.advance(25 * 3600);
    expect(await t.services.cartReminders.sendDue()).toBe(0);
    expect(new Set((await reminders()).map((m) => m.eventKey)).size).toBe(2);
  });
  test("a member who signed in on the English storefront is reminded in English; back on a Chinese page, in zh-TW", async () => {
    const phone = uniquePhone();
    await t.call("POST", "/api/register/user/sendCaptcha", { body: { phone } });
    const english = { "x-page-lang": "en" };
    const r = await t.call<AuthResult>("POST", "/api/register/user/store", {
      body: { phone, captcha: lastCaptcha(t, phone), password: "pass12345", name: "Alex Chen", email: `${phone}@example.com` },
      headers: english,
    });
    const id = r.body.data.user.id;
    const langOf = async () =>
      (await t.database.db.select({ lang: members.lang }).from(members).where(eq(members.id, id)))[0]?.lang;
    expect(await langOf()).toBe("en");
    const p = (await t.call<ProductView>("GET", "/api/product/get?id=12")).body.data;
    await t.call("POST", "/api/cart/store", { token: r.body.data.token, body: { variant_id: p.variants[0]?.id, qty: 2 } });
    t.clock.advance(25 * 3600);
    await t.services.cartReminders.sendDue();
    const sent = (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.memberId, id))).filter((m) =>
      m.eventKey.startsWith("cart_reminder:"),
    );
    expect(sent.length).toBeGreaterThanOrEqual(1);
    for (const m of sent) {
      expect(m.subject).toContain("Alex Chen, your cart is still waiting for you");
      expect(m.body).toContain("Your cart still holds 1 item (2 pieces in total)");
      expect(m.body).toContain("/en/select_cart");
      expect(m.body).not.toContain("購物車"); // the shop's own name may be Chinese; the wording is not
    }
    // Signing in on a Chinese page takes the member back to zh-TW.
    const again = await t.call("POST", "/api/auth/login", { body: { account: phone, password: "pass12345" } });
    expect(again.status).toBe(200);
    expect(await langOf()).toBe("zh-TW");
  });
});
