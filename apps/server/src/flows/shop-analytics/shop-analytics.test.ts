import type { StoreResult } from "@shop/contract";
import type { SellerAnalytics } from "@shop/contract/seller-shop";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { registerVisitCounting } from "../../app/web-serving.js";
import { shopProducts, shops, shopTraffic } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTraffic, type Traffic, trafficSource } from "../../modules/traffic/service.js";
import { createTestApp, loginAs, staffTokens, type TestApp } from "../../test/harness.js";
import { guestReceiver, homeAddress, orderSteps } from "../../test/order-helpers.js";

let t: TestApp;
let seller: string;
let productId: number;
const dayOf = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
beforeAll(async () => {
  t = await createTestApp();
  seller = await loginAs(t, DEMO_ACCOUNTS.seller);
  const [first] = await t.database.db
    .select()
    .from(shopProducts)
    .where(eq(shopProducts.shopId, 2))
    .orderBy(shopProducts.productId);
  productId = first?.productId ?? 0;
});
afterAll(() => t.close());

describe("where a visit came from", () => {
  test.each([
    ["line", undefined, undefined, "line"],
    ["LINE", "https://www.google.com/", undefined, "line"],
    [null, "https://www.google.com.tw/search?q=茶", undefined, "google"],
    [null, "https://l.facebook.com/l.php?u=x", undefined, "facebook"],
    [null, "https://line.me/R/msg", undefined, "line"],
    [null, undefined, "Mozilla/5.0 (iPhone) Safari Line/14.1.0", "line"],
    [null, "https://www.instagram.com/", undefined, "instagram"],
    [null, "https://blog.example.com/post", undefined, "other"],
    ["newsletter", undefined, undefined, "other"],
    ["constructor", undefined, undefined, "other"],
    ["__proto__", undefined, undefined, "other"],
    [null, undefined, "Mozilla/5.0", "direct"],
    [null, "not a url", undefined, "direct"],
  ])("utm %s, referer %s, agent %s → %s", (utm, referer, agent, source) => {
    expect(trafficSource(utm, referer, agent)).toBe(source);
  });
});

describe("counting visits from the pages served", () => {
  async function served() {
    const counted: string[] = [];
    const traffic = {
      visit: (shop: number, source: string) => counted.push(`visit ${shop} ${source}`),
      productView: (shop: number, id: number) => counted.push(`view ${shop} ${id}`),
      close: async () => {},
    } as unknown as Traffic;
    const app = Fastify();
    registerVisitCounting(app, traffic);
    app.get("/*", async (req, reply) => (req.url.includes("missing") ? reply.code(404).send("no") : "<html></html>"));
    await app.ready();
    return { app, counted };
  }
  const phone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) AppleWebKit/605.1.15 Mobile/15E148";

  test("landings count as visits by source; moves inside the site, crawlers, files and errors do not", async () => {
    const { app, counted } = await served();
    const get = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: "GET", url, headers: { "user-agent": phone, host: "shop.test", ...headers } });
    const opened = { "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" };
    await get("/shop_2/?utm_source=line", { "sec-fetch-site": "cross-site", ...opened });
    await get("/", { "sec-fetch-site": "none", ...opened });
    await get("/shop_2/product/details?id=7", { "sec-fetch-site": "cross-site", referer: "https://www.google.com/", ...opened });
    await get("/shop_2/news", { "sec-fetch-site": "same-origin", ...opened });
    await get("/shop_2/product/details.data?id=8", { "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors" });
    await get("/shop_3/", { referer: "http://shop.test/shop_3/news" }); // no fetch metadata: the referer decides
    await get("/shop_3/", { referer: "https://l.facebook.com/" });
    await get("/shop_2/", { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    await get("/assets/root-abc.js", { "sec-fetch-site": "none", ...opened });
    await get("/shop_2/missing", { "sec-fetch-site": "none", ...opened });
    await get("/shop_2/", { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", "sec-fetch-dest": "iframe" });
    // Another site pulling the page in (an image, a fetch) is not a visit or a view.
    await get("/shop_2/product/details?id=9", {
      "sec-fetch-site": "cross-site",
      "sec-fetch-mode": "no-cors",
      "sec-fetch-dest": "image",
    });
    await get("/shop_2/product/details.data?id=9", {
      "sec-fetch-site": "cross-site",
      "sec-fetch-mode": "cors",
      "sec-fetch-dest": "empty",
    });
    // Only plain ids count (the page would not show product 1e9).
    await get("/shop_2/product/details?id=1e9", { "sec-fetch-site": "same-origin", ...opened });
    expect(counted).toEqual(["visit 2 line", "visit 1 direct", "view 2 7", "visit 2 google", "view 2 8", "visit 3 facebook"]);
    await app.close();
  });
});

describe("traffic counters", () => {
  test("counts wait in memory, then add up in the database, whichever instance flushes them (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            instance: fc.integer({ min: 0, max: 1 }),
            source: fc.constantFrom("line", "google", "direct"),
            view: fc.boolean(),
          }),
          {
            maxLength: 40,
          },
        ),
        async (hits) => {
          await t.database.db.delete(shopTraffic);
          const instances = [
            createTraffic(t.database.db, { now: () => t.clock.now }),
            createTraffic(t.database.db, { now: () => t.clock.now }),
          ];
          for (const h of hits) {
            const counter = instances[h.instance] as Traffic;
            if (h.view) counter.productView(5, 42);
            else counter.visit(5, h.source);
          }
          expect(await t.database.db.select().from(shopTraffic)).toEqual([]);
          await Promise.all(instances.map((i) => i.close()));
          const day = dayOf(t.clock.now);
          const report = await instances[0]?.report(5, day, day);
          const visits = hits.filter((h) => !h.view);
          expect([...(report?.visitsBySource.entries() ?? [])].sort()).toEqual(
            ["direct", "google", "line"]
              .map((s) => [s, visits.filter((v) => v.source === s).length] as [string, number])
              .filter(([, n]) => n > 0),
          );
          expect(report?.visitsByDay.get(day) ?? 0).toBe(visits.length);
          expect(report?.viewsByProduct.get(42) ?? 0).toBe(hits.length - visits.length);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe("a shop's analytics", () => {
  const s = () => orderSteps(t);
  async function orderInShop2(qty: number) {
    const r = await t.call<StoreResult>("POST", "/api/order/store/fast", {
      body: {
        variant_id: await s().variantOf(productId),
        qty,
        shop_id: 2,
        ship_method: "hct",
        payment_method: "transfer",
        receiver: guestReceiver,
        address: homeAddress,
        invoice: { type: "member" },
      },
    });
    if (r.status !== 200) throw new Error(r.body.message);
    return r.body.data.order_no;
  }
  const today = () => dayOf(t.clock.now);
  const report = (query: string, token = seller, path = "/api/seller/analytics") =>
    t.call<SellerAnalytics>("GET", `${path}?${query}`, { token });

  test("paid orders count by day and product with the commission; visits and views by source and product", async () => {
    const paid = await orderInShop2(2);
    await orderInShop2(1); // unpaid transfer: not a sale yet
    await t.services.payments.confirmOffline(paid, "staff:1", "staff");
    const order = await t.services.orders.byNo(paid);
    t.services.traffic.visit(2, "line");
    t.services.traffic.visit(2, "line");
    t.services.traffic.visit(2, "google");
    t.services.traffic.productView(2, productId);

    const from = dayOf(new Date(t.clock.now.getTime() - 6 * 86_400_000));
    const r = await report(`from=${from}&to=${today()}`);
    expect(r.status, r.body.message).toBe(200);
    const [shop] = await t.database.db.select().from(shops).where(eq(shops.id, 2));
    const goods = order?.goodsAmount ?? 0;
    const commission = Math.floor((goods * (shop?.commissionBp ?? 0)) / 10_000);
    expect(commission).toBeGreaterThan(0);
    expect(r.body.data.days).toHaveLength(7);
    expect(r.body.data.days.at(-1)).toEqual({ day: today(), orders: 1, revenue: goods, commission, visits: 3 });
    expect(r.body.data.totals).toEqual({ orders: 1, revenue: goods, commission, visits: 3, product_views: 1 });
    expect(r.body.data.products[0]).toMatchObject({ product_id: productId, orders: 1, units: 2, revenue: goods, views: 1 });
    expect(r.body.data.sources).toEqual([
      { source: "line", label: "LINE", visits: 2 },
      { source: "google", label: "Google", visits: 1 },
    ]);

    // The same figures for staff, and as CSV for a spreadsheet.
    const staff = await staffTokens(t);
    const asStaff = await report(`from=${from}&to=${today()}`, staff.support, "/api/admin/shops/2/analytics");
    expect(asStaff.body.data).toEqual(r.body.data);
    const csv = await t.app.inject({
      method: "GET",
      url: `/api/seller/analytics.csv?from=${from}&to=${today()}`,
      headers: { authorization: `Bearer ${seller}` },
    });
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.split("\r\n");
    expect(lines[0]).toBe("\uFEFF日期,訂單數,商品銷售額,預估分潤,造訪次數");
    expect(lines).toContain(`${today().replaceAll("-", "/")},1,${goods},${commission},3`);
    expect(lines).toContain("LINE,2");
  });

  test("a bad period, someone else's shop or no shop at all is refused", async () => {
    const cases: Array<[string, number, string]> = [
      [`from=${today()}&to=2020-01-01`, 400, "結束日期不可早於開始日期"],
      ["from=2024-01-01&to=2025-06-01", 400, "查詢區間最多一年"],
      ["from=2026-13-01&to=2026-12-31", 400, "日期不存在"],
      ["from=2025-02-30&to=2025-03-01", 400, "日期不存在"],
      ["from=0000-01-01&to=0000-01-02", 400, "2000 年以後"],
      ["from=yesterday&to=today", 400, "日期格式為 YYYY-MM-DD"],
      ["from=2026-01-01", 400, ""],
    ];
    for (const [query, status, message] of cases) {
      const r = await report(query);
      expect(r.status, query).toBe(status);
      expect(r.body.message).toContain(message);
    }
    const member = await loginAs(t, DEMO_ACCOUNTS.member);
    expect((await report(`from=${today()}&to=${today()}`, member)).status).toBe(403);
    const staff = await staffTokens(t);
    expect((await report(`from=${today()}&to=${today()}`, staff.owner, "/api/admin/shops/999/analytics")).status).toBe(404);
  });
});
