import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test } from "@playwright/test";
import type { ServerBuild } from "react-router";
import { PHONE_UA } from "./helpers";

const META = [
  '<meta name="description"',
  '<link rel="canonical"',
  'property="og:title"',
  'property="og:url"',
  'name="twitter:card"',
];

test.describe("server-rendered pages carry their content and meta tags", () => {
  for (const [path, mustContain] of [
    ["/", ["冬季高山茶 限時 85 折", "推薦商品", "快速購買", "經銷據點"]],
    ["/product?parent_categry_id=1", ["台灣好茶", "阿里山金萱烏龍", "共 16 項商品"]],
    ["/product/details?id=1", ["阿里山金萱烏龍", "75g 隨手包", "NT$400", "加入收藏"]],
    ["/news", ["最新消息", "冬茶上市｜高山烏龍新茶到貨"]],
    ["/activity", ["優惠活動", "消費滿 NT$1,000 折 NT$100"]],
    ["/dealer/list", ["經銷據點", "茶山好物 台北旗艦店", "高雄港都茶莊", "門市據點（3）", "google.com/maps/search"]],
    ["/dealer/list?county=%E9%AB%98%E9%9B%84%E5%B8%82", ["高雄港都茶莊", "高雄市經銷據點"]],
    ["/dealer/sub_list?dealer_id=1", ["茶山好物 台北旗艦店", "忠孝旗艦店", "板橋門市", "每日 10:00–21:00"]],
    ["/dealer/product_detail?id=1", ["經銷商品（10）", "阿里山金萱烏龍", "哪裡買（3 間門市）"]],
  ] as const) {
    test(path, async ({ request }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      const html = await res.text();
      for (const text of mustContain) expect(html).toContain(text);
      for (const tag of META) expect(html).toContain(tag);
      expect(html).toMatch(/<title>[^<]*茶山好物[^<]*<\/title>/);
    });
  }

  test("the product page has valid Product and BreadcrumbList JSON-LD", async ({ request }) => {
    const html = await (await request.get("/product/details?id=1")).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) =>
      JSON.parse(m[1] ?? ""),
    );
    const items = blocks.flat();
    const product = items.find((i) => i["@type"] === "Product");
    expect(product).toMatchObject({ "@context": "https://schema.org", name: "阿里山金萱烏龍", brand: { name: "茶山好物" } });
    expect(product.offers).toHaveLength(3);
    expect(product.offers[0]).toMatchObject({
      "@type": "Offer",
      price: 400,
      priceCurrency: "TWD",
      availability: "https://schema.org/InStock",
    });
    expect(product.offers[2].availability).toBe("https://schema.org/OutOfStock");
    const crumbs = items.find((i) => i["@type"] === "BreadcrumbList");
    expect(crumbs.itemListElement.map((c: { name: string }) => c.name)).toEqual([
      "首頁",
      "台灣好茶",
      "高山烏龍",
      "阿里山金萱烏龍",
    ]);
  });

  test("a sub-mall's product page: its own name in previews, a 1200×630 JPEG image, canonical to the main mall", async ({
    request,
  }) => {
    const html = await (await request.get("/shop_2/product/details?id=1")).text();
    const meta = (attr: string) => new RegExp(`<meta property="${attr}" content="([^"]*)"`).exec(html)?.[1];
    expect(meta("og:site_name")).toBe("阿里山茶行");
    expect(html).toMatch(/<title>阿里山金萱烏龍｜阿里山茶行<\/title>/);
    expect(meta("og:url")).toMatch(/\/shop_2\/product\/details\?id=1$/);
    expect(/<link rel="canonical" href="([^"]*)"/.exec(html)?.[1]).toMatch(/:\d+\/product\/details\?id=1$/);
    expect([meta("og:image:type"), meta("og:image:width"), meta("og:image:height")]).toEqual(["image/jpeg", "1200", "630"]);
    const image = await request.get(meta("og:image") ?? "");
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/jpeg");
    expect(html).toContain('name="twitter:card" content="summary_large_image"');
    // The main mall's copy names the main brand and is its own canonical.
    const mainHtml = await (await request.get("/product/details?id=1")).text();
    expect(mainHtml).toContain('<meta property="og:site_name" content="茶山好物"');
    expect(/<link rel="canonical" href="([^"]*)"/.exec(mainHtml)?.[1]).toMatch(/:\d+\/product\/details\?id=1$/);
  });

  test("a sub-mall with its own domain is canonical there; without it the product goes back to the main mall", async ({
    request,
  }) => {
    const login = await request.post("/api/admin/auth/login", { data: { username: "owner", password: "owner12345" } });
    const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
    const shop = (await (await request.get("/api/admin/shops/2", { headers })).json()).data as Record<string, unknown>;
    const keep = ["name", "intro", "logo", "banner", "commission_percent", "status", "owner_member_id"];
    const put = (domain: string) =>
      request.put("/api/admin/shops/2", { headers, data: { ...Object.fromEntries(keep.map((k) => [k, shop[k]])), domain } });
    const canonical = async (path: string) =>
      /<link rel="canonical" href="([^"]*)"/.exec(await (await request.get(path)).text())?.[1];

    const bad = await put("https://tea.example.com/shop");
    expect(bad.status()).toBe(400);
    expect((await bad.json()).message).toContain("網域格式不正確");
    expect((await put("Tea.Example.com")).status()).toBe(200);
    try {
      expect(await canonical("/shop_2/product/details?id=1")).toBe("https://tea.example.com/shop_2/product/details?id=1");
      expect(await canonical("/shop_2/")).toBe("https://tea.example.com/shop_2/");
      // The main mall's pages are not affected.
      expect(await canonical("/product/details?id=1")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/product\/details\?id=1$/);
    } finally {
      expect((await put("")).status()).toBe(200);
    }
    expect(await canonical("/shop_2/product/details?id=1")).toMatch(/:\d+\/product\/details\?id=1$/);
  });

  test("robots.txt and the sitemap index are served at the root", async ({ request }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain("Disallow: /member");
    const index = await request.get("/sitemap.xml");
    expect(index.status()).toBe(200);
    expect(await index.text()).toContain("/sitemaps/shop-2.xml");
  });

  test("unknown ids and hostile queries give normal pages", async ({ request }) => {
    expect((await request.get("/product/details?id=abc")).status()).toBe(404);
    expect((await request.get("/product?parent_categry_id=99999")).status()).toBe(404);
    expect((await request.get("/news/details?id=-5")).status()).toBe(404);
    expect((await request.get("/dealer/product_detail?id=99999")).status()).toBe(404);
    expect((await request.get("/dealer/sub_list?dealer_id=x")).status()).toBe(404);
    // A 404 names itself in the tab, once (issue 22: its <title> was empty).
    for (const [path, title] of [
      ["/no-such-page", "找不到此頁面｜茶山好物"],
      ["/product/details?id=99999", "找不到此頁面｜茶山好物"],
      ["/shop_999/", "找不到此商城｜茶山好物"],
    ] as const) {
      const html = await (await request.get(path)).text();
      expect(
        [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]),
        path,
      ).toEqual([title]);
    }
    for (const q of [
      "/product?parent_categry_id=1&page=-3",
      "/product?parent_categry_id=1&page=99999999999",
      "/product?keyword=%27%3B%20drop%20table",
      "/product?keyword=%F0%9F%8D%B5",
      "/dealer/list?county=%27%3B%20drop%20table&keyword=%25",
      `/dealer/list?keyword=${"茶".repeat(80)}`,
    ]) {
      expect((await request.get(q)).status(), q).toBe(200);
    }
  });
});

test.describe("server-rendered pages hydrate as they are", () => {
  for (const phone of [false, true]) {
    test(`home, listing, product and a sub-mall page hydrate without a mismatch (${phone ? "phone" : "desktop"})`, async ({
      browser,
    }) => {
      const context = await browser.newContext(
        phone ? { userAgent: PHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true } : {},
      );
      const page = await context.newPage();
      // React reports a page it had to render again in the browser as an error (production code #418/#423…).
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      page.on("console", (m) => {
        if (m.type() === "error" && /hydrat|#41[89]|#42[235]/i.test(m.text())) errors.push(m.text());
      });
      for (const path of [
        "/",
        "/product?parent_categry_id=1",
        "/product/details?id=1",
        "/shop_2/product/details?id=1",
        "/news",
      ]) {
        await page.goto(path);
        // Hydrated: React has claimed the server's links (the ShopLink anchors, decision 67).
        await page.waitForFunction(() => {
          const link = document.querySelector("a[data-discover]");
          return link !== null && Object.keys(link).some((k) => k.startsWith("__reactFiber"));
        });
        await page.waitForLoadState("networkidle");
        expect(errors, path).toEqual([]);
      }
      await context.close();
    });
  }
});

test.describe("pages are rendered in one pass (decision 68)", () => {
  // The shop's own server build, run here through React Router's handler twice: as the server
  // runs it, and with the entry's stream render (the fallback, and the render before decision 68).
  // Both must write the same bytes, from the same loader answers; and the pass must be taken.
  test("each page is what React's stream renderer writes, and none falls back to it", async ({ baseURL }) => {
    // React's production build, as the server runs it (nothing in this worker has loaded React yet).
    process.env.NODE_ENV = "production";
    const { createRequestHandler } = await import("react-router");
    const buildPath = path.resolve(import.meta.dirname, "../../apps/web/build/server/index.js");
    const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
    type Render = (...args: Parameters<ServerBuild["entry"]["module"]["default"]>) => Promise<Response>;
    const entry = build.entry.module as unknown as {
      renderPage: (...args: Parameters<Render>) => Promise<{ response: Response; whole: boolean }>;
      streamDocument: Render;
    };
    const withEntry = (render: Render) =>
      createRequestHandler({ ...build, entry: { module: { ...build.entry.module, default: render } } }, "production");
    let whole = 0;
    let fellBack = 0;
    const onePass = withEntry(async (...args) => {
      const { response, whole: wasWhole } = await entry.renderPage(...args);
      if (wasWhole) whole++;
      else fellBack++;
      return response;
    });
    const stream = withEntry(entry.streamDocument);

    // Each loader call answered once over HTTP by the e2e server, then from memory, so both
    // renders of a page see the same data.
    const answers = new Map<string, unknown>();
    const api = async (apiPath: string, call: { method?: string; query?: Record<string, unknown>; body?: unknown } = {}) => {
      const url = new URL(apiPath, baseURL);
      for (const [k, v] of Object.entries(call.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
      const key = `${call.method ?? "GET"} ${url} ${JSON.stringify(call.body ?? null)}`;
      if (!answers.has(key)) {
        const res = await fetch(url, {
          method: call.method ?? "GET",
          headers: call.body === undefined ? {} : { "content-type": "application/json" },
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
        });
        answers.set(key, { ...((await res.json()) as object), httpStatus: res.status });
      }
      return structuredClone(answers.get(key));
    };
    const pages = [
      "/",
      "/product?parent_categry_id=1",
      "/product?parent_categry_id=1&sort=price_asc&page=2",
      "/product/details?id=1",
      "/shop_2/",
      "/shop_2/product/details?id=1",
      "/news",
      "/activity",
      "/dealer/list",
      "/login",
      "/no-such-page",
      "/product/details?id=999999",
    ];
    const handoff = (html: string) =>
      [...html.matchAll(/streamController\.(?:enqueue\((.*?)\)|close\(\));/g)].map((m) => m[1] ?? "end");
    // The first round loads the lazy modules a page may use (the 404 page's, the session checks),
    // as a server's first visitors would: a page that suspends on one falls back to the stream and
    // must answer as the stream does, with the same loader data (its markup may differ from the
    // next render's, which finds the module loaded: the 404 page's title moves into <head>). From
    // then on every page must be rendered in one pass, byte for byte as the stream.
    for (const round of [1, 2]) {
      if (round === 2) [whole, fellBack] = [0, 0];
      for (const isMobile of [false, true]) {
        for (const page of pages) {
          const label = `${page} (${isMobile ? "phone" : "desktop"}, round ${round})`;
          const context = { isMobile, nonce: "n0nce", testMode: true, origin: baseURL, api };
          const url = new URL(page, baseURL).href;
          const ours = await onePass(new Request(url), context as never);
          const theirs = await stream(new Request(url), context as never);
          expect(ours.status, label).toBe(theirs.status);
          for (const header of ["content-type", "vary"]) expect(ours.headers.get(header), label).toBe(theirs.headers.get(header));
          const [oursText, theirsText] = [await ours.text(), await theirs.text()];
          expect(handoff(oursText), label).toEqual(handoff(theirsText));
          expect(handoff(oursText).at(-1), label).toBe("end");
          if (round === 2) expect(oursText, label).toBe(theirsText);
        }
      }
    }
    expect({ whole, fellBack }).toEqual({ whole: pages.length * 2, fellBack: 0 });
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    expect(loaded.some((file) => file.endsWith("react-dom-server-legacy.node.production.js"))).toBe(true);
  });
});

test.describe("the storefront's files and pages through the server's adapter (decision 69)", () => {
  test("built files are cached as before, pages are sent whole, and a post to a page is answered", async ({ request }) => {
    const home = await request.get("/");
    expect(home.status()).toBe(200);
    expect(home.headers()["content-type"]).toBe("text/html; charset=utf-8");
    expect(home.headers().vary).toContain("User-Agent");
    const asset = /\/assets\/entry\.client-[\w-]+\.js/.exec(await home.text())?.[0];
    expect(asset).toBeDefined();
    const script = await request.get(asset as string);
    expect(script.status()).toBe(200);
    expect(script.headers()["cache-control"]).toBe("public, max-age=31557600, immutable");
    expect(script.headers()["content-type"]).toMatch(/javascript/);
    const icon = await request.get("/favicon.svg");
    expect(icon.headers()["cache-control"]).toBe("public, max-age=3600");
    expect(icon.headers().etag).toBeTruthy();

    // A page from the render (not the page cache): one buffer, its length known.
    const page = await request.get(`/product/details?id=1&adapter=${Date.now()}`, { headers: { "accept-encoding": "identity" } });
    expect(page.headers()["x-page-cache"]).toBe("miss");
    expect(Number(page.headers()["content-length"])).toBe((await page.body()).length);
    expect((await page.text()).startsWith("<!DOCTYPE html><html")).toBe(true);

    // The storefront has no server actions: a form post is refused, and the server stays up.
    for (const [type, data] of [
      ["application/x-www-form-urlencoded", "a=1"],
      ["application/json", "{}"],
    ] as const) {
      const post = await request.post("/product/details?id=1", { headers: { "content-type": type }, data, timeout: 10_000 });
      expect(post.status()).toBe(405);
      expect(post.headers().allow).toBe("GET, HEAD");
    }
    expect((await request.get("/news")).status()).toBe(200);

    // A Host header that would move the path React Router renders away from the cached address.
    for (const host of ["x/product/details?id=2#", "a b", "u@shop"]) {
      const forged = await request.get(`/product/details?id=1&host=${Date.now()}`, { headers: { host } });
      expect(forged.status(), host).toBe(400);
    }
    const head = await request.head("/news");
    expect(head.status()).toBe(200);
  });
});
