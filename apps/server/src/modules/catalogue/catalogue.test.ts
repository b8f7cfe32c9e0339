import type { CategoryPage, ProductCard, ProductView, SearchPage, Suggestion } from "@shop/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { categories, products } from "../../db/schema/index.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("product page data", () => {
  test("a product with variants, stock states, gallery and breadcrumb", async () => {
    const r = await t.call<ProductView>("GET", "/api/product/get?id=1");
    expect(r.status).toBe(200);
    const p = r.body.data;
    expect(p.name).toBe("阿里山金萱烏龍");
    expect(p.breadcrumb.map((c) => c.name)).toEqual(["台灣好茶", "高山烏龍"]);
    expect(p.variants.map((v) => v.name)).toEqual(["75g 隨手包", "150g 罐裝", "300g 家庭號"]);
    expect(p.variants.every((v) => ["in_stock", "low", "out_of_stock"].includes(v.stock_state))).toBe(true);
    expect(p.images.length).toBe(2);
    expect(JSON.stringify(p)).not.toContain('"stock"');
  });

  test("sold-out and low-stock variants say so without the number", async () => {
    const card = (await t.call<SearchPage>("GET", "/api/product/search?per_page=100")).body.data.list.find((p) => p.id === 11);
    expect(card?.in_stock).toBe(false);
    const soldOut = await t.call<ProductView>("GET", "/api/product/get?id=11");
    expect(soldOut.body.data.variants.every((v) => v.stock_state === "out_of_stock")).toBe(true);
    expect(soldOut.body.data.in_stock).toBe(false);
    const low = await t.call<ProductView>("GET", "/api/product/get?id=7");
    expect(low.body.data.variants.every((v) => v.stock_state === "low")).toBe(true);
  });

  test("unknown, off-shelf and other-shop products are 404", async () => {
    expect((await t.call("GET", "/api/product/get?id=99999")).status).toBe(404);
    await t.database.db.update(products).set({ status: "off" }).where(eq(products.id, 2));
    t.publicCache.invalidate();
    try {
      const off = await t.call("GET", "/api/product/get?id=2");
      expect(off.status).toBe(404);
      expect(off.body.message).toBe("找不到此商品，可能已下架");
    } finally {
      await t.database.db.update(products).set({ status: "on" }).where(eq(products.id, 2));
      t.publicCache.invalidate();
    }
    // Shop 2 sells tea only: a teapot is not in it.
    expect((await t.call("GET", "/api/product/get?id=41&shop_id=2")).status).toBe(404);
    expect((await t.call("GET", "/api/product/get?id=1&shop_id=2")).status).toBe(200);
    expect((await t.call("GET", "/api/product/get?id=abc")).status).toBe(400);
  });

  test("points earned for the product's price", async () => {
    const r = await t.call<{ point_percent: number; points_for_price: number }>("GET", "/api/point/productPercent?product_id=1");
    const p = (await t.call<ProductView>("GET", "/api/product/get?id=1")).body.data;
    expect(r.body.data).toEqual({
      point_percent: p.point_percent,
      points_for_price: Math.floor((p.price * p.point_percent) / 100),
    });
    expect((await t.call("GET", "/api/point/teamPointPercent")).body.data).toEqual({ level1: 5, level2: 2 });
  });
});

describe("category listing", () => {
  test("a top category lists its children's products, paged and sorted", async () => {
    const r = await t.call<CategoryPage>("GET", "/api/category/find?id=1&per_page=5&sort=price_asc");
    const d = r.body.data;
    expect(d.category.name).toBe("台灣好茶");
    expect(d.total).toBe(16);
    expect(d.list.length).toBe(5);
    expect(d.children.map((c) => c.name)).toEqual(["高山烏龍", "東方美人", "紅茶", "包種與綠茶"]);
    const prices = d.list.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const last = await t.call<CategoryPage>("GET", "/api/category/find?id=1&per_page=5&page=4");
    expect(last.body.data.list.length).toBe(1);
    const beyond = await t.call<CategoryPage>("GET", "/api/category/find?id=1&page=999");
    expect(beyond.body.data.list).toEqual([]);
  });

  test("a child category has a two-level breadcrumb", async () => {
    const r = await t.call<CategoryPage>("GET", "/api/category/find?id=2");
    expect(r.body.data.breadcrumb.map((c) => c.name)).toEqual(["台灣好茶", "高山烏龍"]);
    expect(r.body.data.total).toBe(4);
  });

  test.each(["newest", "price_asc", "price_desc", "hot"])(
    "sorted %s, the pages hold every product once, in order",
    async (sort) => {
      const seen: ProductCard[] = [];
      for (let page = 1; page <= 6; page++) {
        const r = await t.call<CategoryPage>("GET", `/api/category/find?id=1&per_page=3&sort=${sort}&page=${page}`);
        expect(r.body.data.total).toBe(16);
        seen.push(...r.body.data.list);
      }
      expect(seen.length).toBe(16);
      expect(new Set(seen.map((p) => p.id)).size).toBe(16);
      const prices = seen.map((p) => p.price);
      if (sort === "price_asc") expect(prices).toEqual([...prices].sort((a, b) => a - b));
      if (sort === "price_desc") expect(prices).toEqual([...prices].sort((a, b) => b - a));
      if (sort === "hot") {
        const hot = seen.map((p) => p.tags.includes("hot"));
        expect(hot).toEqual([...hot].sort((a, b) => Number(b) - Number(a)));
      }
    },
  );

  test("a listing's count and the category tree are reused across sorts and pages until the catalogue changes", async () => {
    const total = async (sort: string) =>
      (await t.call<CategoryPage>("GET", `/api/category/find?id=2&per_page=2&sort=${sort}`)).body.data.total;
    expect(await total("newest")).toBe(4);
    const [extra] = await t.database.db
      .insert(products)
      .values({ categoryId: 2, name: "計數測試茶", listPrice: 500, price: 450 })
      .returning({ id: products.id });
    await t.database.db.update(categories).set({ name: "高山烏龍茶" }).where(eq(categories.id, 2));
    try {
      // Written behind the shop's back: another sort of the same listing still uses what it counted.
      expect(await total("price_asc")).toBe(4);
      t.publicCache.invalidate();
      expect(await total("price_desc")).toBe(5);
      const page = await t.call<CategoryPage>("GET", "/api/category/find?id=2&per_page=2&sort=hot");
      expect(page.body.data.breadcrumb.map((c) => c.name)).toEqual(["台灣好茶", "高山烏龍茶"]);
    } finally {
      if (extra) await t.database.db.delete(products).where(eq(products.id, extra.id));
      await t.database.db.update(categories).set({ name: "高山烏龍" }).where(eq(categories.id, 2));
      t.publicCache.invalidate();
    }
  });

  test("bad ids, pages and sorts", async () => {
    expect((await t.call("GET", "/api/category/find?id=9999")).status).toBe(404);
    expect((await t.call("GET", "/api/category/find?id=1&page=-1")).status).toBe(400);
    expect((await t.call("GET", "/api/category/find?id=1&sort=random")).body.message).toContain("排序方式錯誤");
  });
});

describe("search", () => {
  test("烏龍 finds 高山烏龍茶禮盒 and the oolongs", async () => {
    const r = await t.call<SearchPage>("GET", `/api/product/search?keyword=${encodeURIComponent("烏龍")}`);
    const names = r.body.data.list.map((p) => p.name);
    expect(names).toContain("高山烏龍茶禮盒");
    expect(names).toContain("梨山高冷烏龍");
    expect(names.length).toBe(9);
    expect(names.every((n) => n.includes("烏龍"))).toBe(true);
  });

  test("a single character, a category name and two terms", async () => {
    const one = await t.call<SearchPage>("GET", `/api/product/search?keyword=${encodeURIComponent("酥")}`);
    expect(one.body.data.list.map((p) => p.name).sort()).toEqual(["土鳳梨酥", "烏龍茶鳳梨酥", "蛋黃鳳梨酥", "金鑽鳳梨酥"].sort());
    const cat = await t.call<SearchPage>("GET", `/api/product/search?keyword=${encodeURIComponent("茶壺")}`);
    expect(cat.body.data.total).toBeGreaterThanOrEqual(4);
    const two = await t.call<SearchPage>("GET", `/api/product/search?keyword=${encodeURIComponent("烏龍 禮盒")}`);
    expect(two.body.data.list.map((p) => p.name)).toEqual(["高山烏龍茶禮盒"]);
  });

  test("no keyword lists every product on shelf in the shop (全部商品); a keyword of only symbols matches nothing", async () => {
    const all = await t.call<SearchPage>("GET", "/api/product/search?keyword=&per_page=5");
    expect(all.body.data.list).toHaveLength(5);
    expect(all.body.data.total).toBeGreaterThan(40);
    const shop2 = await t.call<SearchPage>("GET", "/api/product/search?shop_id=2&per_page=100");
    expect(shop2.body.data.total).toBeGreaterThan(0);
    expect(shop2.body.data.total).toBeLessThan(all.body.data.total);
    const symbols = await t.call<SearchPage>("GET", `/api/product/search?keyword=${encodeURIComponent("!!")}`);
    expect(symbols.body.data.list).toEqual([]);
  });

  test("suggestions as you type, limited", async () => {
    const r = await t.call<Suggestion[]>("GET", `/api/product/search/fast?keyword=${encodeURIComponent("烏")}&limit=3`);
    expect(r.body.data.length).toBe(3);
    expect(Object.keys(r.body.data[0] ?? {}).sort()).toEqual(["id", "image", "name", "name_en", "price"]);
    expect((await t.call("GET", "/api/product/search/fast?keyword=a&limit=50")).status).toBe(400);
  });

  test.each(["' OR 1=1 --", "%", "_", "🍵", "   ", "<script>", "烏龍".repeat(40)])("%s gives a normal answer", async (kw) => {
    const r = await t.call<SearchPage>("GET", `/api/product/search?keyword=${encodeURIComponent(kw)}`);
    expect(r.status).toBeLessThan(500);
    if (r.status === 200) expect(Array.isArray(r.body.data.list)).toBe(true);
  });

  const search = async (query: string) =>
    (await t.call<SearchPage>("GET", `/api/product/search?per_page=100&${query}`)).body.data;
  const names = (page: SearchPage) => page.list.map((p) => p.name).sort();

  test("臺 and 台 (and other variant characters) find the same products", async () => {
    const tai = await search(`keyword=${encodeURIComponent("台東")}`);
    const tai2 = await search(`keyword=${encodeURIComponent("臺東")}`);
    expect(names(tai)).toContain("台東紅烏龍");
    expect(names(tai2)).toEqual(names(tai));
    expect(tai2.approximate).toBe(false);
    // A product named with 臺 is found by 台 too (the text is folded when indexed).
    const [before] = await t.database.db.select({ name: products.name }).from(products).where(eq(products.id, 2));
    await t.database.db.update(products).set({ name: "臺灣高山茶試飲包" }).where(eq(products.id, 2));
    await t.services.catalogue.refreshSearchIndex(undefined, [2]);
    t.publicCache.invalidate();
    try {
      expect(names(await search(`keyword=${encodeURIComponent("台灣高山")}`))).toContain("臺灣高山茶試飲包");
      expect(names(await search(`keyword=${encodeURIComponent("臺灣高山")}`))).toContain("臺灣高山茶試飲包");
    } finally {
      await t.database.db
        .update(products)
        .set({ name: before?.name ?? "" })
        .where(eq(products.id, 2));
      await t.services.catalogue.refreshSearchIndex(undefined, [2]);
      t.publicCache.invalidate();
    }
  });

  test("a small typo still finds the product, and the page says the results are close matches", async () => {
    // 鳥 for 烏: a slip of shape, not of sound (sound-alikes are sound-alike.test.ts).
    const typo = await search(`keyword=${encodeURIComponent("金萱鳥龍")}`);
    expect(typo.approximate).toBe(true);
    expect(names(typo)).toContain("阿里山金萱烏龍");
    expect(typo.list.every((p) => p.name.includes("金萱"))).toBe(true);
    const suggestions = await t.call<Suggestion[]>("GET", `/api/product/search/fast?keyword=${encodeURIComponent("金萱鳥龍")}`);
    expect(suggestions.body.data.map((s) => s.name)).toContain("阿里山金萱烏龍");
    // Two characters allow no spelling typo: 鳥龍 is not 烏龍 (烏籠 is, by sound: decision 85).
    expect((await search(`keyword=${encodeURIComponent("鳥龍")}`)).list).toEqual([]);
  });

  test("listings filter by price range and 只看有現貨", async () => {
    const all = await search("keyword=");
    const ranged = await search("keyword=&min_price=300&max_price=800");
    expect(ranged.total).toBeGreaterThan(0);
    expect(ranged.total).toBeLessThan(all.total);
    expect(ranged.list.every((p) => p.price >= 300 && p.price <= 800)).toBe(true);
    const stocked = await search("keyword=&in_stock=1");
    expect(stocked.list.every((p) => p.in_stock)).toBe(true);
    expect(all.list.some((p) => !p.in_stock)).toBe(true);
    expect(stocked.total).toBe(all.total - all.list.filter((p) => !p.in_stock).length);
    const empty = await search("keyword=&min_price=&max_price=&in_stock=0");
    expect(empty.total).toBe(all.total);
    const cat = await t.call<CategoryPage>("GET", "/api/category/find?id=1&max_price=500&in_stock=1");
    expect(cat.body.data.list.every((p) => p.price <= 500 && p.in_stock)).toBe(true);
    for (const bad of ["min_price=-1", "max_price=abc", "min_price=1.5", "in_stock=yes", "max_price=123456789"]) {
      const r = await t.call("GET", `/api/product/search?${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.message, bad).toMatch(/價格|庫存/);
    }
  });

  test("a sub-mall searches its own selection only", async () => {
    const r = await t.call<SearchPage>("GET", `/api/product/search?keyword=${encodeURIComponent("烏龍")}&shop_id=2`);
    expect(r.body.data.list.map((p) => p.name)).not.toContain("高山烏龍茶禮盒");
    expect(r.body.data.total).toBeGreaterThan(0);
  });

  test("a sub-mall's top category lists only its selection, across the children's pages", async () => {
    const selection = (await t.call<SearchPage>("GET", "/api/product/search?shop_id=2&per_page=100")).body.data.list;
    const main = (await t.call<CategoryPage>("GET", "/api/category/find?id=1&per_page=100")).body.data.list;
    const expected = main.filter((p) => selection.some((s) => s.id === p.id)).map((p) => p.id);
    expect(expected.length).toBeGreaterThan(3);
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 3); page++) {
      const r = await t.call<CategoryPage>("GET", `/api/category/find?id=1&shop_id=2&per_page=3&sort=price_desc&page=${page}`);
      expect(r.body.data.total).toBe(expected.length);
      seen.push(...r.body.data.list.map((p) => p.id));
    }
    expect(seen.sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
  });
});

describe("caching of public reads", () => {
  test("ETag and Cache-Control; a matching If-None-Match gets 304", async () => {
    const first = await t.app.inject({ method: "GET", url: "/api/product/get?id=3" });
    expect(first.headers["cache-control"]).toContain("public");
    const tag = first.headers.etag as string;
    expect(tag).toBeTruthy();
    const again = await t.app.inject({ method: "GET", url: "/api/product/get?id=3", headers: { "if-none-match": tag } });
    expect(again.statusCode).toBe(304);
    expect(again.headers["x-cache"]).toBe("hit");
  });

  test("repeated reads come from memory until a write invalidates them", async () => {
    await t.app.inject({ method: "GET", url: "/api/product/get?id=4" });
    await t.database.db.update(products).set({ name: "改名測試" }).where(eq(products.id, 4));
    const stale = await t.call<ProductView>("GET", "/api/product/get?id=4");
    expect(stale.body.data.name).not.toBe("改名測試");
    t.publicCache.invalidate();
    const fresh = await t.call<ProductView>("GET", "/api/product/get?id=4");
    expect(fresh.body.data.name).toBe("改名測試");
  });

  test("member answers are never cached publicly", async () => {
    const r = await t.app.inject({ method: "GET", url: "/api/user/get" });
    expect(r.headers["cache-control"] ?? "").not.toContain("public");
  });
});

describe("responsive images", () => {
  test("a demo picture is resized to WebP at an allowed width", async () => {
    const r = await t.app.inject({ method: "GET", url: "/img/320/uploads/demo/product-1.svg" });
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toBe("image/webp");
    expect(r.rawPayload.subarray(8, 12).toString()).toBe("WEBP");
  });

  test("other widths, missing files and path tricks are 404", async () => {
    expect((await t.app.inject({ method: "GET", url: "/img/333/uploads/demo/product-1.svg" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/img/320/uploads/demo/nope.svg" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/img/320/uploads/..%2F..%2Fetc%2Fpasswd" })).statusCode).toBe(404);
  });
});
