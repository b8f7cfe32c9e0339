import type { SearchPage, Suggestion } from "@shop/contract";
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { products } from "../../db/schema/index.js";
import { DEMO_STAFF } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { indexMissingReadings } from "./search-index.js";

/** Sound-alike typos (issue 47, decision 85): 烏隆 finds 烏龍, 金宣 finds 金萱, after exact matches only. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const search = async (keyword: string, shopId = 1) =>
  (await t.call<SearchPage>("GET", `/api/product/search?per_page=100&shop_id=${shopId}&keyword=${encodeURIComponent(keyword)}`))
    .body.data;
const suggest = async (keyword: string) =>
  (await t.call<Suggestion[]>("GET", `/api/product/search/fast?limit=8&keyword=${encodeURIComponent(keyword)}`)).body.data;
const names = (page: { list: Array<{ name: string }> } | Array<{ name: string }>) =>
  ("list" in page ? page.list : page).map((p) => p.name).sort();

describe("names that sound like the query", () => {
  test("a two-character typo of the same sound finds the products, marked as close results", async () => {
    const wulong = await search("烏龍");
    const typo = await search("烏隆");
    expect(typo.approximate).toBe(true);
    expect(typo.total).toBeGreaterThan(0);
    // Every product named with 烏龍, none without (烏龍 in a category name is not its name's sound).
    expect(names(typo)).toEqual(names(wulong.list.filter((p) => p.name.includes("烏龍"))));
    const jinxuan = await search("金宣");
    expect(jinxuan.approximate).toBe(true);
    expect(names(jinxuan)).toEqual(["阿里山金萱烏龍"]);
    expect(names(await suggest("金宣"))).toEqual(["阿里山金萱烏龍"]);
  });

  test("exact matches come first: a query that occurs as typed is not widened by sound", async () => {
    const exact = await search("金萱");
    expect(exact.approximate).toBe(false);
    expect(names(exact)).toEqual(["阿里山金萱烏龍"]);
    // 包種 occurs as typed; 寶種 (bǎo zhǒng) sounds the same and finds the same names.
    expect(names(await search("寶種"))).toEqual(names((await search("包種")).list.filter((p) => p.name.includes("包種"))));
  });

  test("a term of other text must still occur; one Chinese character alone is not corrected by sound", async () => {
    expect(names(await search("金宣 阿里山"))).toEqual(["阿里山金萱烏龍"]);
    expect((await search("金宣 oolongx")).total).toBe(0);
    expect((await search("查")).list.filter((p) => !p.name.includes("查"))).toEqual([]);
  });

  test("a sub-mall's search stays in its own products", async () => {
    const main = await search("烏隆");
    const sub = await search("烏隆", 2);
    expect(sub.list.every((p) => main.list.some((m) => m.id === p.id))).toBe(true);
    expect(sub.total).toBeLessThanOrEqual(main.total);
  });
});

describe("readings stay up to date", () => {
  test("staff renaming a product in the back office changes what it sounds like", async () => {
    const login = await t.call<{ token: string }>("POST", "/api/admin/auth/login", {
      body: { username: DEMO_STAFF.operator.username, password: DEMO_STAFF.operator.password },
    });
    const token = login.body.data.token;
    const [demo] = await t.database.db.select({ image: products.image }).from(products).where(eq(products.id, 1));
    const body = (name: string, variantId?: number) => ({
      category_id: 1,
      name,
      description: "<p>好喝</p>",
      images: [demo?.image ?? ""],
      status: "on",
      variants: [{ ...(variantId ? { id: variantId } : {}), sku: "SOUND-ALIKE-1", name: "單包", price: 300, list_price: 300 }],
    });
    const created = await t.call<{ id: number; variants: Array<{ id: number }> }>("POST", "/api/admin/products", {
      token,
      body: body("竹山炭焙"),
    });
    expect(created.status).toBe(200);
    const { id } = created.body.data;
    t.publicCache.invalidate();
    expect((await search("竹衫")).list.map((p) => p.id)).toContain(id);

    const renamed = await t.call("PUT", `/api/admin/products/${id}`, {
      token,
      body: body("鹿谷凍頂", created.body.data.variants[0]?.id),
    });
    expect(renamed.status).toBe(200);
    t.publicCache.invalidate();
    expect((await search("鹿骨")).list.map((p) => p.id)).toContain(id);
    expect((await search("竹衫")).list.map((p) => p.id)).not.toContain(id);
  });

  test("products saved before readings existed are indexed once at start, then none are left", async () => {
    await t.database.db.update(products).set({ searchReading: null }).where(eq(products.id, 1));
    expect(await indexMissingReadings(t.database.db)).toBe(1);
    expect(await indexMissingReadings(t.database.db)).toBe(0);
    const [row] = await t.database.db
      .select({ reading: products.searchReading, tokens: products.searchTokens })
      .from(products)
      .where(eq(products.id, 1));
    expect(row?.reading).toBe(" a li shan jin xuan wu long ");
    expect(row?.tokens).toContain("~jin xuan");
  });
});

describe("close spellings (typo budget)", () => {
  test("a typo that is not a sound-alike finds the close names, paged in each listing order as the listings sort", async () => {
    const all = await search("烏龍荼");
    expect(all.approximate).toBe(true);
    expect(all.total).toBeGreaterThan(2);
    expect(all.list.every((p) => p.name.includes("烏龍") || p.name.includes("龍茶"))).toBe(true);
    const ids = all.list.map((p) => p.id);
    const orders = {
      newest: [desc(products.createdAt), desc(products.id)],
      price_asc: [asc(products.price), asc(products.id)],
      price_desc: [desc(products.price), desc(products.id)],
      hot: [sql`('hot' = any(${products.tags})) desc`, asc(products.sort), asc(products.id)],
    };
    for (const [sort, order] of Object.entries(orders)) {
      const expected = (
        await t.database.db
          .select({ id: products.id })
          .from(products)
          .where(inArray(products.id, ids))
          .orderBy(...order)
      ).map((r) => r.id);
      const paged: number[] = [];
      for (let page = 1; page <= Math.ceil(ids.length / 2); page++) {
        const r = await t.call<SearchPage>(
          "GET",
          `/api/product/search?per_page=2&page=${page}&sort=${sort}&keyword=${encodeURIComponent("烏龍荼")}`,
        );
        expect(r.body.data.total, sort).toBe(ids.length);
        paged.push(...r.body.data.list.map((p) => p.id));
      }
      expect(paged, sort).toEqual(expected);
    }
  });
});
