// 運費設定 and the product editor (issue 49, decision 89): staff set a method's fee table, a
// product's temperature and each variant's packed size and weight; bad input is a zh-TW 400 that
// changes nothing, and what is saved is what checkout charges.
import type { StaffRole } from "@shop/contract/admin";
import type { PayInfo } from "@shop/contract/order";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, loginAs, staffTokens, type TestApp } from "../../test/harness.js";

let t: TestApp;
const tokens = {} as Record<StaffRole, string>;
const as = (role: StaffRole) => ({ token: tokens[role] });
beforeAll(async () => {
  t = await createTestApp();
  Object.assign(tokens, await staffTokens(t));
});
afterAll(() => t.close());

type Method = { id: number; code: string; fee: number; free_threshold: number | null; rates: Record<string, unknown> | null };
const methodOf = async (code: string) =>
  (await t.call<{ items: Method[] }>("GET", "/api/admin/ship_methods?shop_id=1", as("support"))).body.data.items.find(
    (m) => m.code === code,
  ) as Method;

describe("運費設定: a method's fee table", () => {
  it("refuses a bad table with a zh-TW message and keeps the old one", async () => {
    const post = await methodOf("post");
    const body = { name: "中華郵政宅配", fee: 100, free_threshold: 1500, enabled: true, sort: 7 };
    for (const [rates, message] of [
      [{ ...post.rates, temperatures: [] }, "至少選一種溫層"],
      [{ ...post.rates, outlying_surcharge: -5 }, "離島加價不可為負數"],
      [{ ...post.rates, size_fees: [{ size: 70, fee: 100 }] }, "材積須為 60、90、120 或 150"],
      [
        {
          ...post.rates,
          size_fees: [
            { size: 60, fee: 100 },
            { size: 60, fee: 120 },
          ],
        },
        "同一材積只能設定一次",
      ],
    ] as const) {
      const r = await t.call("PUT", `/api/admin/ship_methods/${post.id}`, { ...as("operator"), body: { ...body, rates } });
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toContain(message);
    }
    expect((await methodOf("post")).rates).toEqual(post.rates);
  });

  it("saves a table that checkout then charges (郵局 to 離島 +NT$60)", async () => {
    const post = await methodOf("post");
    const r = await t.call("PUT", `/api/admin/ship_methods/${post.id}`, {
      ...as("operator"),
      body: {
        name: "中華郵政宅配",
        fee: 100,
        free_threshold: null,
        enabled: true,
        sort: 7,
        rates: { ...post.rates, outlying_surcharge: 60 },
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const token = await loginAs(t, DEMO_ACCOUNTS.member);
    const variant = (await t.call<{ variants: Array<{ id: number }> }>("GET", "/api/product/get?id=1")).body.data.variants[0]?.id;
    const q = await t.call<PayInfo>("POST", "/api/order/pay_info/fast", {
      token,
      body: { variant_id: variant, qty: 1, ship_method: "post", destination: "金門縣金城鎮" },
    });
    expect(q.body.data.quote.shipping_fee).toBe(160);
  });
});

describe("the product editor: temperature, packed size and weight", () => {
  it("saves them and refuses what is out of range", async () => {
    const base = {
      category_id: 1,
      name: "冷凍烏龍茶凍",
      images: ["/uploads/admin/202601/00000000-0000-4000-8000-000000000000.webp"],
      status: "on",
      temperature: "frozen",
      variants: [{ sku: "FRZ-1", name: "6 入", price: 300, list_price: 360, size_cm: 70, weight_g: 2400 }],
    };
    const bad = await t.call("POST", "/api/admin/products", {
      ...as("operator"),
      body: { ...base, variants: [{ ...base.variants[0], size_cm: 0 }] },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("材積至少 1 公分");
    const created = await t.call<{ temperature: string; variants: Array<{ size_cm: number; weight_g: number }> }>(
      "POST",
      "/api/admin/products",
      { ...as("operator"), body: base },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.temperature).toBe("frozen");
    expect(created.body.data.variants[0]).toMatchObject({ size_cm: 70, weight_g: 2400 });
  });
});
