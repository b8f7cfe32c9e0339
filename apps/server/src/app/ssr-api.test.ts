import type { ProductView, SearchPage, ShipMethodView } from "@shop/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { products } from "../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../demo/seed.js";
import { injectInProcess } from "../lib/in-process.js";
import { createTestApp, loginAs, type TestApp } from "../test/harness.js";
import { requestLine, ssrApi } from "./ssr-api.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.publicCache.invalidate();
  routed.length = 0;
});

// Which calls went through the app's routing (the rest were read from the public cache).
const routed: string[] = [];
const counting: typeof injectInProcess = (app, options) => {
  routed.push(`${options.method} ${options.url}`);
  return injectInProcess(app, options);
};
const page = (ip: string | undefined = "203.0.113.9") => ssrApi(t.app, t.publicCache, { ip, id: "page-request-1" }, counting);

describe("the API as page loaders call it", () => {
  test("a cached public read is answered from the cache, the same as through the routing", async () => {
    const first = await page()<ProductView>("/api/product/get", { query: { id: 1, shop_id: 1 } });
    const second = await page()<ProductView>("/api/product/get", { query: { id: 1, shop_id: 1 } });
    expect(first.status && first.httpStatus).toBe(200);
    expect(second).toEqual(first);
    expect(routed).toEqual(["GET /api/product/get?id=1&shop_id=1"]);
    // One parsed copy is shared, read-only: a loader cannot change what other pages read.
    expect(() => {
      (second.data as { name: string }).name = "changed";
    }).toThrow(TypeError);
    expect(() => (second.data.images as unknown[]).push("x")).toThrow(TypeError);
    expect((await page()<ProductView>("/api/product/get", { query: { id: 1, shop_id: 1 } })).data.name).toBe(first.data.name);
    // The answer that went through the routing is read-only too: a bug shows on a miss as on a hit.
    expect(Object.isFrozen(first.data)).toBe(true);
  });

  test("the request line is what URL would make of the path and query", () => {
    const cases: [string, Record<string, unknown> | undefined][] = [
      ["/api/product/get", { id: 1, shop_id: 1 }],
      ["/api/product/search", { keyword: "烏龍 茶&禮盒+/?#%", shop_id: 1, page: undefined, empty: "" }],
      ["/api/setting/get", undefined],
      ["/api/setting/get", {}],
      ["/api/news/get?id=3", { shop_id: 2 }],
      ["/api/a b/ü", { x: "1" }],
      ["//evil/x", { x: 1 }],
      ["/api/./x/../y", undefined],
    ];
    for (const [path, query] of cases) {
      const url = new URL(path, "http://in-process");
      if (query) for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
      expect(requestLine(path, query)).toBe(url.pathname + url.search);
    }
  });

  test("the cache's key is the query as the routing reads it (encoded words, skipped undefined)", async () => {
    const query = { keyword: "烏龍 茶&禮盒", shop_id: 1, page: undefined };
    const first = await page()<SearchPage>("/api/product/search", { query });
    const again = await page()<SearchPage>("/api/product/search", { query });
    expect(again).toEqual(first);
    expect(routed).toHaveLength(1);
    // What the routing saw is what a browser's identical request is cached under.
    const direct = await t.call("GET", routed[0]?.slice("GET ".length) ?? "");
    expect(direct.status).toBe(200);
  });

  test("a write the storefront shows is seen once the cache switch is pulled", async () => {
    const before = await page()<ProductView>("/api/product/get", { query: { id: 2, shop_id: 1 } });
    await t.database.db.update(products).set({ name: "改名的烏龍" }).where(eq(products.id, 2));
    try {
      t.publicCache.invalidate();
      const after = await page()<ProductView>("/api/product/get", { query: { id: 2, shop_id: 1 } });
      expect(after.data.name).toBe("改名的烏龍");
      expect(routed).toHaveLength(2);
    } finally {
      await t.database.db.update(products).set({ name: before.data.name }).where(eq(products.id, 2));
    }
  });

  test("writes, member reads and refusals always go through the routing", async () => {
    const token = await loginAs(t, DEMO_ACCOUNTS.member);
    for (let i = 0; i < 2; i++) {
      const ship = await page()<ShipMethodView[]>("/api/shipmethod/search", { method: "POST", body: { shop_id: 1 } });
      expect(ship.httpStatus).toBe(200);
      expect((await page()("/api/user/get", { token })).httpStatus).toBe(200);
      expect((await page()("/api/product/get", { query: { id: 99_999, shop_id: 1 } })).httpStatus).toBe(404);
    }
    expect(routed.filter((r) => r.startsWith("POST /api/shipmethod/search"))).toHaveLength(2);
    expect(routed.filter((r) => r.startsWith("GET /api/user/get"))).toHaveLength(2);
    expect(routed.filter((r) => r.startsWith("GET /api/product/get?id=99999"))).toHaveLength(2);
  });

  test("the GET ship methods give what the POST gives, and are cached", async () => {
    const post = await page()<ShipMethodView[]>("/api/shipmethod/search", { method: "POST", body: { shop_id: 1 } });
    const get = await page()<ShipMethodView[]>("/api/shipmethod/search", { query: { shop_id: 1 } });
    const again = await page()<ShipMethodView[]>("/api/shipmethod/search", { query: { shop_id: 1 } });
    expect(get).toEqual(post);
    expect(again).toEqual(get);
    expect(routed.filter((r) => r.startsWith("GET"))).toHaveLength(1);
  });

  test("a shopper who left mid-page (no address any more) does not break the page's calls", async () => {
    const gone = page(undefined);
    const r = await gone("/api/shipmethod/search", { method: "POST", body: { shop_id: 1 } });
    expect(r.httpStatus).toBe(200);
  });
});
