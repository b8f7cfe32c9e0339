// Fees that match a carrier's invoice (issue 49, decision 89), through the quote and the order:
// 離島 surcharge, size tiers, 低溫 surcharge, free shipping excluding 離島, and an unreachable
// combination refused — with the same figures in the product page's and the cart's method list.
import type { PayInfo, ShipMethodView } from "@shop/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, variants } from "../../db/schema/catalogue.js";
import { orders } from "../../db/schema/orders.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, loginAs, type TestApp } from "../../test/harness.js";
import { orderSteps } from "../../test/order-helpers.js";

let t: TestApp;
let token = "";
let tea = 0; // a 常溫 tea: 30 cm, 500 g (the demo's defaults)
let teaPrice = 0;
let chilledProduct = 0;
let chilled = 0; // 端午茶粽禮盒 (冷藏)
beforeAll(async () => {
  t = await createTestApp();
  token = await loginAs(t, DEMO_ACCOUNTS.member);
  tea = await orderSteps(t).variantOf(1);
  await orderSteps(t).setStock(tea, 1000);
  const [p] = await t.database.db.select().from(products).where(eq(products.name, "端午茶粽禮盒"));
  chilledProduct = p?.id ?? 0;
  chilled = await orderSteps(t).variantOf(chilledProduct);
  await orderSteps(t).setStock(chilled, 1000);
  const [v] = await t.database.db.select().from(variants).where(eq(variants.id, tea));
  teaPrice = v?.price ?? 0;
});
afterAll(() => t.close());

const PENGHU = "880澎湖縣馬公市";
const GREEN_ISLAND = "臺東縣綠島鄉";

async function quoteOf(variantId: number, qty: number, extra: Record<string, unknown> = {}) {
  const r = await t.call<PayInfo>("POST", "/api/order/pay_info/fast", {
    body: { variant_id: variantId, qty, ship_method: "tcat", ...extra },
    token,
  });
  expect(r.status, r.body.message).toBe(200);
  const method = (code: string) => r.body.data.ship_methods.find((m) => m.code === code);
  return { info: r.body.data, method };
}

describe("the quote prices the parcel, the destination and the method", () => {
  it("adds the 離島 surcharge (黑貓 +NT$150, 郵局 +NT$0)", async () => {
    const main = await quoteOf(tea, 1, { destination: "臺北市中正區" });
    const island = await quoteOf(tea, 1, { destination: PENGHU });
    expect(teaPrice).toBeLessThan(1500);
    expect(main.info.quote.shipping_fee).toBe(130);
    expect(island.info.quote.shipping_fee).toBe(280);
    expect(island.info.quote.order_amount).toBe(teaPrice + 280);
    expect(island.method("post")).toMatchObject({ fee: 100, fee_now: 100, reason: null });
  });

  it("charges by size tier (9 units of 30 cm pack into a 90 cm parcel)", async () => {
    const one = await quoteOf(tea, 1);
    const nine = await quoteOf(tea, 9);
    expect(one.method("tcat")?.fee).toBe(130);
    expect(nine.method("tcat")?.fee).toBe(170);
    expect(nine.method("post")?.fee).toBe(130);
  });

  it("adds the 低溫 surcharge, and a method without a cold chain refuses the chilled product", async () => {
    const q = await quoteOf(chilled, 1, { destination: "臺北市中正區" });
    expect(q.method("tcat")).toMatchObject({ fee: 220, reason: null });
    expect(q.method("post")?.reason).toBe("中華郵政宅配不配送冷藏商品，請改選其他配送方式");
    expect(q.method("cvs_711")?.reason).toBe("7-ELEVEN 超商取貨不配送冷藏商品，請改選其他配送方式");
    expect(q.method("hct")?.reason).toBeNull(); // a flat-fee method (no table) carries everything
  });

  it("ships free from the threshold on 本島 but not to 離島 where the method excludes it", async () => {
    const qty = Math.ceil(1500 / teaPrice);
    const main = await quoteOf(tea, qty, { destination: "台北市大安區" });
    const island = await quoteOf(tea, qty, { destination: PENGHU });
    expect(main.info.quote.shipping_fee).toBe(0);
    expect(island.info.quote.shipping_fee).toBe(island.method("tcat")?.fee);
    expect(island.method("tcat")?.fee).toBeGreaterThanOrEqual(280);
    expect(island.method("tcat")?.free_threshold).toBeNull();
    // 郵局 does not exclude 離島.
    expect(island.method("post")?.fee_now).toBe(0);
  });

  it("a store pick-up is priced where the store is", async () => {
    const q = await quoteOf(tea, 1, { ship_method: "cvs_711", destination: "澎湖縣馬公市中正路 1 號" });
    expect(q.info.quote.shipping_fee).toBe(65);
  });
});

describe("an unreachable combination", () => {
  const order = (extra: Record<string, unknown>) =>
    t.call("POST", "/api/order/store/fast", {
      token,
      body: {
        variant_id: chilled,
        qty: 1,
        ship_method: "tcat",
        payment_method: "transfer",
        receiver: { name: "王小明", phone: DEMO_ACCOUNTS.member.phone },
        address: { zip: "951", county: "台東縣", district: "綠島鄉", line: "南寮村 1 號" },
        invoice: { type: "member" },
        ...extra,
      },
    });

  it("is shown with its reason in the quote and refused when ordered, changing nothing", async () => {
    const q = await quoteOf(chilled, 1, { destination: GREEN_ISLAND });
    expect(q.method("tcat")?.reason).toBe("冷藏商品無法配送至綠島，請改選其他地址或配送方式");
    const before = await orderSteps(t).stockOf(chilled);
    const countBefore = (await t.database.db.select().from(orders)).length;
    const r = await order({});
    expect(r.status).toBe(422);
    expect(r.body.message).toBe("冷藏商品無法配送至綠島，請改選其他地址或配送方式");
    expect(await orderSteps(t).stockOf(chilled)).toBe(before);
    expect((await t.database.db.select().from(orders)).length).toBe(countBefore);
  });

  it("takes only the post office's names for the address the fee is priced by (a short 綠島 is not 本島)", async () => {
    const countBefore = (await t.database.db.select().from(orders)).length;
    const shortName = await order({ address: { zip: "951", county: "台東縣", district: "綠島", line: "南寮村 1 號" } });
    expect(shortName.status).toBe(400);
    expect(shortName.body.message).toContain("請選擇正確的縣市與鄉鎮市區");
    const wrongZip = await order({ address: { zip: "100", county: "台東縣", district: "綠島鄉", line: "南寮村 1 號" } });
    expect(wrongZip.status).toBe(400);
    expect(wrongZip.body.message).toContain("郵遞區號與臺東縣綠島鄉不符");
    expect((await t.database.db.select().from(orders)).length).toBe(countBefore);
  });

  it("the same product to 澎湖 is carried cold, and the order keeps its parcel and delivery slot", async () => {
    const r = await order({
      address: { zip: "880", county: "澎湖縣", district: "馬公市", line: "中正路 1 號" },
      delivery_time: "evening",
    });
    expect(r.status, r.body.message).toBe(200);
    const no = (r.body.data as { order_no: string }).order_no;
    const [o] = await t.database.db.select().from(orders).where(eq(orders.orderNo, no));
    expect(o?.shippingFee).toBe(130 + 90 + 150);
    expect(o?.parcel).toEqual({ size: 60, weight_g: 1500, temperature: "chilled", region: "outlying", delivery_time: "evening" });
  });
});

describe("the same figures on the product page and in the cart", () => {
  it("gives each method's fee for one unit of the product and for the cart's lines", async () => {
    const page = await t.call<ShipMethodView[]>("GET", `/api/shipmethod/search?shop_id=1&product_id=${chilledProduct}`);
    const tcat = page.body.data.find((m) => m.code === "tcat");
    expect(tcat?.estimate).toEqual({ main: 220, outlying: 370, chilled: 90, outlying_excluded: true, reason: null });
    expect(page.body.data.find((m) => m.code === "post")?.estimate?.main).toBeNull();
    const cart = await t.call<ShipMethodView[]>("POST", "/api/shipmethod/search", {
      body: { shop_id: 1, lines: [{ variant_id: tea, qty: 9 }] },
    });
    expect(cart.body.data.find((m) => m.code === "tcat")?.estimate?.main).toBe(170);
    expect((page.body.data[0] as Record<string, unknown>).rates).toBeUndefined();
  });
});
