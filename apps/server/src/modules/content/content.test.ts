import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("front content", () => {
  test("banners of the main mall, active now, in order", async () => {
    const r = await t.call<Array<{ id: number; title: string; image: string; image_mobile: string; link: string }>>(
      "GET",
      "/api/front/banner/search",
    );
    expect(r.status).toBe(200);
    expect(r.body.status).toBe(true);
    expect(r.body.data.length).toBe(3);
    expect(r.body.data[0]).toMatchObject({ title: "冬季高山茶 限時 85 折", link: "/product?parent_categry_id=1" });
    expect(r.body.data[0]?.image).toMatch(/^\/uploads\/demo\/.+\.svg$/);
  });

  test("a sub-mall has its own banner", async () => {
    const r = await t.call<Array<{ title: string }>>("GET", "/api/front/banner/search?shop_id=2");
    expect(r.body.data.map((b) => b.title)).toEqual(["阿里山茶行 冬茶上市"]);
  });

  test("demo images are served", async () => {
    const r = await t.call<Array<{ image: string }>>("GET", "/api/front/banner/search");
    const img = await t.app.inject({ method: "GET", url: r.body.data[0]?.image ?? "" });
    expect(img.statusCode).toBe(200);
    expect(img.headers["content-type"]).toContain("image/svg+xml");
  });

  test("home sections hold product cards", async () => {
    const r = await t.call<Array<{ title: string; products: Array<Record<string, unknown>> }>>("GET", "/api/front/home/search");
    expect(r.body.data.map((s) => s.title)).toEqual(["新品上市", "台灣好茶", "茶點零嘴", "在地好食", "茶具器皿", "禮盒專區"]);
    const card = r.body.data[1]?.products[0];
    expect(r.body.data[1]?.products.length).toBe(4);
    expect(Object.keys(card ?? {}).sort()).toEqual([
      "id",
      "image",
      "in_stock",
      "list_price",
      "name",
      // The English name, "" for none (decision 109).
      "name_en",
      "point_percent",
      "price",
      // Stars on cards (decision 98).
      "rating",
      "rating_count",
      "tags",
    ]);
    expect(Number.isInteger(card?.price)).toBe(true);
  });

  test("a sub-mall's cards come only from its selection", async () => {
    const main = await t.call<Array<{ products: Array<{ id: number }> }>>("GET", "/api/front/hot/search");
    const shop = await t.call<Array<{ id: number; name: string }>>("GET", "/api/front/hot/search?shop_id=2");
    expect(shop.body.data.length).toBeGreaterThan(0);
    expect(shop.body.data.length).toBeLessThanOrEqual((main.body.data as unknown[]).length);
    // The demo sub-mall sells tea only (the first category's products, ids 1–16).
    expect(shop.body.data.every((p) => p.id <= 16)).toBe(true);
  });

  test("terms and policy pages come from the database; an unknown key is a 404", async () => {
    const terms = await t.call<{ key: string; title: string; content: string }>("GET", "/api/front/static/search?key=terms");
    expect(terms.body.data).toMatchObject({ key: "terms", title: "會員服務條款" });
    expect(terms.body.data.content).toContain("<p>");
    const policy = await t.call<{ title: string }>("GET", "/api/front/static/search?key=policy&shop_id=2");
    expect(policy.body.data.title).toBe("隱私權政策");
    const missing = await t.call("GET", "/api/front/static/search?key=nope");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("找不到此頁面");
    const list = await t.call<Array<{ key: string }>>("GET", "/api/front/static/search");
    expect(list.body.data.map((p) => p.key)).toEqual(["terms", "policy", "about"]);
  });

  test("news: latest three, a page, one item", async () => {
    const three = await t.call<Array<{ id: number }>>("GET", "/api/front/new/searchthree");
    expect(three.body.data.length).toBe(3);
    const page = await t.call<{ list: unknown[]; total: number; page: number; per_page: number }>(
      "GET",
      "/api/front/new/search?page=2&per_page=2",
    );
    expect(page.body.data).toMatchObject({ total: 5, page: 2, per_page: 2 });
    expect(page.body.data.list.length).toBe(2);
    const one = await t.call<{ id: number; content: string }>("GET", `/api/front/new/get?id=${three.body.data[0]?.id}`);
    expect(one.body.data.content).toContain("<p>");
    expect((await t.call("GET", "/api/front/new/get?id=99999")).status).toBe(404);
    expect((await t.call("GET", "/api/front/new/search?per_page=500")).status).toBe(400);
  });

  test("header links, home description, category tree", async () => {
    const hrefs = await t.call<Array<{ title: string }>>("GET", "/api/front/top_href/get");
    expect(hrefs.body.data.map((h) => h.title)).toContain("最新消息");
    const desc = await t.call<{ title: string; description: string }>("GET", "/api/front/home/desc?shop_id=2");
    expect(desc.body.data.title).toBe("阿里山茶行｜茶山好物商城");
    const tree = await t.call<Array<{ name: string; children: unknown[] }>>("GET", "/api/category/search");
    expect(tree.body.data.length).toBeGreaterThanOrEqual(5);
    expect(tree.body.data.reduce((n, c) => n + 1 + c.children.length, 0)).toBeGreaterThanOrEqual(8);
    expect(tree.body.data.every((c) => c.children.length > 0)).toBe(true);
  });
});
