import { readFileSync } from "node:fs";
import path from "node:path";
import { and, asc, count, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { validateXML } from "xmllint-wasm";
import { categories, products, shopProducts, shopSettings } from "../../db/schema/index.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

const xsd = (name: string) => readFileSync(path.join(import.meta.dirname, "../../test/sitemap-xsd", name), "utf8");
const SITEMAP_XSD = xsd("sitemap.xsd");
const INDEX_XSD = xsd("siteindex.xsd");

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url, headers: { host: "shop.test" } });
async function valid(xml: string, schema: string) {
  const r = await validateXML({ xml: [{ fileName: "sitemap.xml", contents: xml }], schema: [schema] });
  return r.errors.map((e) => e.message);
}
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");

describe("robots.txt and sitemaps", () => {
  test("robots.txt keeps crawlers out of carts, members, the back office and the API, and names the sitemap", async () => {
    const r = await get("/robots.txt");
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toContain("text/plain");
    for (const line of ["Disallow: /api/", "Disallow: /admin", "Disallow: /cart", "Disallow: /member", "Disallow: /*/member"])
      expect(r.body.split("\n")).toContain(line);
    expect(r.body).toContain("Sitemap: http://shop.test/sitemap.xml");
  });

  test("the index lists a pages file per open shop and the product files, and is valid against the sitemaps.org schema", async () => {
    const r = await get("/sitemap.xml");
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toContain("application/xml");
    expect(await valid(r.body, INDEX_XSD)).toEqual([]);
    expect(locs(r.body)).toEqual([
      "http://shop.test/sitemaps/shop-1.xml",
      "http://shop.test/sitemaps/shop-2.xml",
      "http://shop.test/sitemaps/products-1.xml",
      // The English pages (decision 109).
      "http://shop.test/sitemaps/shop-1-en.xml",
      "http://shop.test/sitemaps/shop-2-en.xml",
      "http://shop.test/sitemaps/products-1-en.xml",
    ]);
    // A broken file is refused by the same check (the check can fail).
    expect(await valid(r.body.replace("<loc>", "<location>"), INDEX_XSD)).not.toEqual([]);
  });

  test("the main mall's pages: home, categories, news and static pages with lastmod; a sub-mall's own pages under its prefix", async () => {
    const main = await get("/sitemaps/shop-1.xml");
    expect(main.statusCode).toBe(200);
    expect(await valid(main.body, SITEMAP_XSD)).toEqual([]);
    const urls = locs(main.body);
    expect(urls[0]).toBe("http://shop.test/");
    expect(urls).toContain("http://shop.test/terms");
    expect(urls.some((u) => /\/product\?parent_categry_id=\d+$/.test(u))).toBe(true);
    expect(urls.some((u) => /\/news\/details\?id=\d+$/.test(u))).toBe(true);
    expect(main.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    // Product pages are listed in the product files only.
    expect(urls.some((u) => u.includes("/product/details"))).toBe(false);

    const sub = await get("/sitemaps/shop-2.xml");
    expect(sub.statusCode).toBe(200);
    expect(await valid(sub.body, SITEMAP_XSD)).toEqual([]);
    const subUrls = locs(sub.body);
    expect(subUrls[0]).toBe("http://shop.test/shop_2/");
    expect(subUrls.every((u) => u.startsWith("http://shop.test/shop_2/"))).toBe(true);
    expect(subUrls.some((u) => u.includes("parent_categry_id="))).toBe(true);

    // /product without a category is the search page (noindex): not listed.
    expect(urls).not.toContain("http://shop.test/product");
    for (const missing of [
      "/sitemaps/shop-999.xml",
      "/sitemaps/products-2.xml",
      "/sitemaps/other.xml",
      "/sitemaps/shop-1-fr.xml",
    ])
      expect((await get(missing)).statusCode, missing).toBe(404);
  });

  test("the English files list the same pages under /en (decision 109)", async () => {
    for (const [zhFile, enFile, base] of [
      ["/sitemaps/shop-1.xml", "/sitemaps/shop-1-en.xml", "http://shop.test"],
      ["/sitemaps/shop-2.xml", "/sitemaps/shop-2-en.xml", "http://shop.test/shop_2"],
      ["/sitemaps/products-1.xml", "/sitemaps/products-1-en.xml", "http://shop.test"],
    ] as const) {
      const [zh, en] = [await get(zhFile), await get(enFile)];
      expect(en.statusCode).toBe(200);
      expect(await valid(en.body, SITEMAP_XSD)).toEqual([]);
      const zhUrls = locs(zh.body);
      expect(zhUrls.length).toBeGreaterThan(0);
      expect(locs(en.body)).toEqual(zhUrls.map((u) => `${base}/en${u.slice(base.length)}`));
    }
    expect(locs((await get("/sitemaps/shop-1-en.xml")).body)).toContain("http://shop.test/en/terms");
  });

  test("a sub-mall with its own domain lists its pages, products included, on that domain (decision 48)", async () => {
    await t.database.db.insert(shopSettings).values({ shopId: 2, key: "domain", value: "tea.example.com" });
    try {
      const r = await get("/sitemaps/shop-2.xml");
      expect(await valid(r.body, SITEMAP_XSD)).toEqual([]);
      const urls = locs(r.body);
      expect(urls[0]).toBe("https://tea.example.com/shop_2/");
      expect(urls.every((u) => u.startsWith("https://tea.example.com/shop_2/"))).toBe(true);
      const [first] = await t.database.db
        .select({ id: shopProducts.productId })
        .from(shopProducts)
        .where(eq(shopProducts.shopId, 2))
        .orderBy(shopProducts.productId);
      expect(urls).toContain(`https://tea.example.com/shop_2/product/details?id=${first?.id}`);
      // robots.txt, served on any host the site answers, names the index: a valid cross-host submission.
      expect((await get("/robots.txt")).body).toContain("Sitemap: http://shop.test/sitemap.xml");
    } finally {
      await t.database.db.delete(shopSettings).where(and(eq(shopSettings.shopId, 2), eq(shopSettings.key, "domain")));
    }
    expect(locs((await get("/sitemaps/shop-2.xml")).body)[0]).toBe("http://shop.test/shop_2/");
  });

  test("a product's link preview is a 1200×630 JPEG, whatever the upload's format", async () => {
    const product = await t.call<{ image: string }>("GET", "/api/product/get?id=3");
    const image = product.body.data.image;
    expect(image).toMatch(/^\/uploads\//);
    const r = await t.app.inject({ method: "GET", url: `/og${image}.jpg` });
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toBe("image/jpeg");
    const meta = await sharp(r.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
    expect((await t.app.inject({ method: "GET", url: `/og${image}` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/og/uploads/missing.png.jpg" })).statusCode).toBe(404);
    // A path out of the uploads folder that passes the image-name check is refused by the containment check.
    expect((await t.app.inject({ method: "GET", url: "/og/uploads/..%2F..%2Fetc%2Fpasswd.png.jpg" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/og/uploads/..%2Fcache%2Fimg%2Fx.png.jpg" })).statusCode).toBe(404);
  });

  test("120,000 products stream out in files of 50,000, each valid, every product once", async () => {
    const [cat] = await t.database.db.select({ id: categories.id }).from(categories).orderBy(asc(categories.id)).limit(1);
    await t.database.db.execute(sql`
      insert into products (category_id, name, list_price, price)
      select ${cat?.id ?? 1}, 'bulk ' || g, 100, 90 from generate_series(1, 120000) g`);
    // What a catalogue write's cache switch does: the index's count and the files' first ids are made again.
    t.publicCache.invalidate();
    const index = await get("/sitemap.xml");
    // The zh-TW files (the English ones list the same products under /en).
    const files = locs(index.body).filter((u) => u.includes("/products-") && !u.endsWith("-en.xml"));
    expect(files).toHaveLength(3);
    const seen = new Set<string>();
    let listed = 0;
    for (const file of files) {
      const r = await get(file.replace("http://shop.test", ""));
      expect(r.statusCode).toBe(200);
      expect(await valid(r.body, SITEMAP_XSD)).toEqual([]);
      const urls = locs(r.body);
      expect(urls.length).toBeLessThanOrEqual(50_000);
      listed += urls.length;
      for (const u of urls) seen.add(u);
    }
    const [on] = await t.database.db.select({ n: count() }).from(products).where(eq(products.status, "on"));
    // Every product on sale, each in exactly one file.
    expect(seen.size).toBe(on?.n);
    expect(listed).toBe(on?.n);
  }, 120_000); // 120,000 rows written and streamed: far past the default 30 s on a busy 2-core runner
});
