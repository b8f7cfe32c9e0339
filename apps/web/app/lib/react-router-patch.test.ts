import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createStaticHandler, type StaticHandlerContext } from "react-router";
import { describe, expect, test } from "vitest";

// React Router is patched to keep its route matching between requests on the server (decision 64,
// patches/react-router+7.18.4.patch). The kept answers must never leak from one request to another.

const routes = [
  {
    id: "root",
    path: "/",
    children: [
      { id: "home", index: true },
      { id: "product", path: "product/details" },
      { id: "shop", path: ":shopPrefix", children: [{ id: "shop-product", path: "product/details" }] },
    ],
  },
];

async function matchOf(handler: ReturnType<typeof createStaticHandler>, url: string) {
  const context = (await handler.query(new Request(`http://shop.test${url}`))) as StaticHandlerContext;
  return context.matches;
}

describe("React Router's kept route matching (server)", () => {
  test("the patch is applied to the build Node loads", () => {
    const require = createRequire(import.meta.url);
    const dir = path.dirname(require.resolve("react-router"));
    // Its ES module build (what the server imports) and its CommonJS build (what this test runs).
    const files = ["chunk-OB3PAWPO.mjs", "chunk-H4DAEOV7.mjs", "chunk-GR4NQCSD.js", "chunk-HQO5H5CC.js", "index.js"];
    const chunks = files.map((f) => readFileSync(path.join(dir, f), "utf8"));
    for (const chunk of chunks) expect(chunk).toContain("Patched (the shop, issue 24)");
  });

  test("each request gets its own matches and params, right for its own path", async () => {
    const handler = createStaticHandler(routes);
    const first = await matchOf(handler, "/shop_2/product/details");
    expect(first.map((m) => m.route.id)).toEqual(["root", "shop", "shop-product"]);
    expect(first[2]?.params).toEqual({ shopPrefix: "shop_2" });

    // Code that changes a request's params changes nothing for the next request on the same path.
    if (first[2]) (first[2].params as Record<string, string>).shopPrefix = "changed";
    const again = await matchOf(handler, "/shop_2/product/details");
    expect(again[2]?.params).toEqual({ shopPrefix: "shop_2" });
    expect(again[2]).not.toBe(first[2]);

    const other = await matchOf(handler, "/shop_3/product/details");
    expect(other[2]?.params).toEqual({ shopPrefix: "shop_3" });
    expect((await matchOf(handler, "/product/details")).map((m) => m.route.id)).toEqual(["root", "product"]);
    expect((await matchOf(handler, "/")).map((m) => m.route.id)).toEqual(["root", "home"]);
  });

  test("a path that matches nothing stays unmatched when asked again", async () => {
    const handler = createStaticHandler(routes);
    for (let i = 0; i < 2; i++) {
      const context = await handler.query(new Request("http://shop.test/a/b/c/d"));
      expect((context as StaticHandlerContext).statusCode).toBe(404);
    }
  });
});
