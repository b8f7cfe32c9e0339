import type { ProductView } from "@shop/contract";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, lastCaptcha, loginAs, type TestApp, uniquePhone } from "../../test/harness.js";

let t: TestApp;
let member: string;
let memberId: number;
beforeAll(async () => {
  t = await createTestApp();
  member = await loginAs(t, DEMO_ACCOUNTS.member);
  memberId = (await t.call<{ id: number }>("GET", "/api/user/get", { token: member })).body.data.id;
});
afterAll(() => t.close());

/** A sold-out variant of a product, made sold out for this test. */
async function soldOutVariant(productId: number): Promise<number> {
  const p = (await t.call<ProductView>("GET", `/api/product/get?id=${productId}`)).body.data;
  const v = p.variants[0];
  if (!v) throw new Error("no variant");
  const [row] = await t.services.catalogue.variantsForCart([v.id], 1);
  if ((row?.stock ?? 0) > 0) await t.services.inventory.adjust(v.id, -(row?.stock ?? 0), "adjust", "test");
  t.publicCache.invalidate();
  return v.id;
}

const ask = (body: Record<string, unknown>, token?: string) =>
  t.call("POST", "/api/product/restock_notify", { body, token, ip: `10.9.${Math.floor(Math.random() * 250)}.1` });

describe("到貨通知", () => {
  test("a member, an e-mail and a phone sign up; each is told once when stock is back", async () => {
    const variant = await soldOutVariant(12);
    const phone = uniquePhone();
    for (const [body, token] of [
      [{ variant_id: variant }, member],
      [{ variant_id: variant, email: "buyer@example.com" }, undefined],
    ] as const) {
      const r = await ask(body, token);
      expect(r.status).toBe(200);
      expect(r.body.message).toBe("已登記到貨通知，商品到貨時會通知您");
    }
    // A visitor's phone is proven first; asked twice, still one request.
    for (let i = 0; i < 2; i++) {
      if (i === 1) t.clock.advance(61); // one code a minute per phone
      expect((await ask({ variant_id: variant, phone })).body).toMatchObject({
        message: "驗證碼已傳送至您的手機，輸入後即完成登記",
        data: { needs_code: true },
      });
      const r = await ask({ variant_id: variant, phone, code: lastCaptcha(t, phone) });
      expect(r.body).toMatchObject({ message: "已登記到貨通知，商品到貨時會通知您", data: { needs_code: false } });
    }
    expect(await t.services.restock.sendDue()).toBe(0); // still sold out

    await t.services.inventory.adjust(variant, 5, "restock", "test");
    const [sent, again] = await Promise.all([t.services.restock.sendDue(), t.services.restock.sendDue()]);
    expect(sent + again).toBe(3);
    expect(await t.services.restock.sendDue()).toBe(0);

    const notices = await t.services.notifications.search(memberId, 1, 20);
    const told = notices.list.filter((n) => n.title.startsWith("到貨通知："));
    expect(told).toHaveLength(1);
    expect(told[0]?.link).toContain(`variant=${variant}`);
    const messages = (await t.services.outbox.log({}, 1, 200)).rows.filter((m) => m.subject.includes("到貨通知"));
    expect(messages.filter((m) => m.recipient === "buyer@example.com" && m.channel === "email")).toHaveLength(1);
    expect(messages.filter((m) => m.recipient === phone && m.channel === "sms")).toHaveLength(1);

    // Sold out again later: a new request is a new notice.
    await t.services.inventory.adjust(variant, -5, "adjust", "test");
    t.clock.advance(61);
    await ask({ variant_id: variant, phone });
    expect((await ask({ variant_id: variant, phone, code: lastCaptcha(t, phone) })).status).toBe(200);
    await t.services.inventory.adjust(variant, 1, "restock", "test");
    expect(await t.services.restock.sendDue()).toBe(1);
  });

  test("refusals say why and record nothing", async () => {
    const variant = await soldOutVariant(13);
    const inStock = (await t.call<ProductView>("GET", "/api/product/get?id=1")).body.data.variants[0]?.id;
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ variant_id: variant }, 400, "請留下電子郵件或手機號碼，到貨時通知您"],
      [{ variant_id: variant, email: "not-an-email" }, 400, "電子郵件格式錯誤"],
      [{ variant_id: variant, phone: "12345" }, 400, "手機號碼格式錯誤"],
      [{ variant_id: 99_999_999, phone: uniquePhone() }, 404, "找不到此商品規格，可能已下架"],
      [{ variant_id: inStock, phone: uniquePhone() }, 409, "這個規格目前有現貨，可以直接購買"],
      [{ variant_id: variant, phone: uniquePhone(), extra: 1 }, 400, ""],
    ];
    for (const [body, status, message] of cases) {
      const r = await ask(body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.body.message).toContain(message);
    }
    await t.services.inventory.adjust(variant, 2, "restock", "test");
    expect(await t.services.restock.sendDue()).toBe(0);
  });

  test("a sign-up racing the restock is told exactly once, or refused because stock is back", async () => {
    const variant = await soldOutVariant(14);
    const phones = Array.from({ length: 6 }, () => uniquePhone());
    for (const phone of phones) await ask({ variant_id: variant, phone });
    const codes = phones.map((phone) => lastCaptcha(t, phone));
    const results = await Promise.all([
      ...phones.map((phone, i) => ask({ variant_id: variant, phone, code: codes[i] })),
      t.services.inventory.adjust(variant, 3, "restock", "race").then(() => null),
      t.services.restock.sendDue(),
    ]);
    const accepted = results.filter((r) => r && typeof r === "object" && "status" in r && r.status === 200).length;
    const refused = results.filter((r) => r && typeof r === "object" && "status" in r && r.status === 409).length;
    expect(accepted + refused).toBe(phones.length);
    await t.services.restock.sendDue();
    const messages = (await t.services.outbox.log({ channel: "sms" }, 1, 500)).rows.filter((m) => phones.includes(m.recipient));
    expect(messages).toHaveLength(accepted);
    expect(new Set(messages.map((m) => m.recipient)).size).toBe(accepted);
  });
});
