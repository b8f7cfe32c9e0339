import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { validateXML } from "xmllint-wasm";
import { products, shopProducts, variants } from "../../db/schema/index.js";
import { createTestApp, staffTokens, type TestApp } from "../../test/harness.js";
import { LIMITS, META_COLUMNS, plainText } from "./product-feeds.js";

/**
 * The product feeds (decision 99) checked against each platform's published required fields:
 * Google Merchant Center product data specification (support.google.com/merchants/answer/7052112)
 * and Meta's catalogue data feed fields (developers.facebook.com/docs/commerce-platform/catalog/fields).
 */
const GOOGLE_REQUIRED = [
  "g:id",
  "g:title",
  "g:description",
  "g:link",
  "g:image_link",
  "g:availability",
  "g:price",
  "g:condition",
];
const GOOGLE_AVAILABILITY = ["in_stock", "out_of_stock", "preorder", "backorder"];
const META_REQUIRED = ["id", "title", "description", "availability", "condition", "price", "link", "image_link", "brand"];
const META_AVAILABILITY = ["in stock", "out of stock", "preorder", "available for order", "discontinued"];
const PRICE = /^\d+(\.\d{1,2})? TWD$/;

/** Any well-formed document rooted at <rss>: xmllint reports every parse error. */
const RSS_XSD = `<?xml version="1.0"?><xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="rss"><xs:complexType><xs:sequence><xs:any processContents="skip" minOccurs="0" maxOccurs="unbounded"/></xs:sequence><xs:attribute name="version" type="xs:string" use="required"/></xs:complexType></xs:element></xs:schema>`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url, headers: { host: "shop.test" } });

const decode = (s: string) =>
  s.replace(/&(lt|gt|amp|apos|quot);/g, (_, e: string) => ({ lt: "<", gt: ">", amp: "&", apos: "'", quot: '"' })[e] ?? "");
function googleItems(xml: string) {
  return [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => {
    const fields = new Map<string, string>();
    for (const f of (m[1] ?? "").matchAll(/<(g:[a-z_]+)>([^<]*)<\/\1>/g)) fields.set(f[1] ?? "", decode(f[2] ?? ""));
    return fields;
  });
}

/** RFC 4180: quoted cells may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") row.push(cell), (cell = "");
    else if (c === "\n") row.push(cell), rows.push(row), (row = []), (cell = "");
    else cell += c;
  }
  if (cell !== "" || row.length > 0) row.push(cell), rows.push(row);
  return rows;
}

async function onSaleVariants(shopId?: number) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      and(
        eq(products.status, "on"),
        shopId
          ? sql`exists (select 1 from ${shopProducts} sp where sp.shop_id = ${shopId} and sp.product_id = ${products}.id)`
          : undefined,
      ),
    );
  return row?.n ?? 0;
}

describe("product feeds (decision 99)", () => {
  test("text from HTML: tags dropped, entities decoded, cut to the limit", () => {
    expect(plainText("<p>烏龍&amp;紅茶&nbsp;<b>禮盒</b></p><p>&#x6AB8;檬</p>", 100)).toBe("烏龍&紅茶 禮盒 檸檬");
    expect([...plainText("茶".repeat(200), 150)]).toHaveLength(150);
  });

  test("Google: every on-sale variant once, each with the required fields in Google's formats", async () => {
    const [first] = await t.database.db.select().from(variants).orderBy(variants.id).limit(1);
    if (!first) throw new Error("no variants");
    // A sale price, a GTIN, a brand, HTML with entities and markup-like text, a pre-order.
    await t.database.db
      .update(variants)
      .set({ listPrice: first.price + 100, gtin: "4710088123456" })
      .where(eq(variants.id, first.id));
    await t.database.db
      .update(products)
      .set({ brand: "阿里山茶廠", description: `<p>高山茶 &amp; "好喝" <script>x</script>${"長".repeat(6000)}</p>` })
      .where(eq(products.id, first.productId));
    const [second] = await t.database.db
      .select()
      .from(variants)
      .where(sql`${variants.id} > ${first.id}`)
      .orderBy(variants.id)
      .limit(1);
    if (!second) throw new Error("no second variant");
    await t.database.db
      .update(variants)
      .set({ stock: 0, preorderCap: 10, preorderShipOn: "2026-12-20" })
      .where(eq(variants.id, second.id));

    const r = await get("/feeds/google.xml");
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toContain("application/xml");
    const lint = await validateXML({ xml: [{ fileName: "google.xml", contents: r.body }], schema: [RSS_XSD] });
    expect(lint.errors.map((e) => e.message)).toEqual([]);
    expect(r.body).toContain('xmlns:g="http://base.google.com/ns/1.0"');
    const items = googleItems(r.body);
    expect(items.length).toBe(await onSaleVariants());
    expect(new Set(items.map((i) => i.get("g:id"))).size).toBe(items.length);
    for (const i of items) {
      const id = i.get("g:id") ?? "";
      for (const f of GOOGLE_REQUIRED) expect(i.get(f), `${id} ${f}`).toBeTruthy();
      expect(i.has("g:brand") || i.has("g:gtin"), id).toBe(true);
      expect(i.has("g:gtin") || i.get("g:identifier_exists") === "no", id).toBe(true);
      expect(GOOGLE_AVAILABILITY).toContain(i.get("g:availability"));
      if (i.get("g:availability") === "preorder") expect(i.get("g:availability_date")).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(i.get("g:price")).toMatch(PRICE);
      if (i.has("g:sale_price")) {
        expect(i.get("g:sale_price")).toMatch(PRICE);
        expect(Number.parseInt(i.get("g:sale_price") ?? "", 10)).toBeLessThan(Number.parseInt(i.get("g:price") ?? "", 10));
      }
      expect(i.get("g:condition")).toBe("new");
      expect(i.get("g:link")).toMatch(/^http:\/\/shop\.test\/product\/detailsChild\?id=\d+&variant=\d+$/);
      expect(i.get("g:image_link")).toMatch(/^https?:\/\//);
      expect(id.length).toBeLessThanOrEqual(LIMITS.google.id);
      expect([...(i.get("g:title") ?? "")].length).toBeLessThanOrEqual(LIMITS.google.title);
      expect([...(i.get("g:description") ?? "")].length).toBeLessThanOrEqual(LIMITS.google.description);
      expect(i.get("g:description")).not.toMatch(/<[a-z/]/i);
    }
    const sale = items.find((i) => i.get("g:id") === `${first.productId}-${first.id}`);
    expect(sale?.get("g:price")).toBe(`${first.price + 100} TWD`);
    expect(sale?.get("g:sale_price")).toBe(`${first.price} TWD`);
    expect(sale?.get("g:gtin")).toBe("4710088123456");
    expect(sale?.get("g:brand")).toBe("阿里山茶廠");
    expect(sale?.get("g:description")?.startsWith('高山茶 & "好喝" x')).toBe(true);
    const pre = items.find((i) => i.get("g:id") === `${second.productId}-${second.id}`);
    expect(pre?.get("g:availability")).toBe("preorder");
    expect(pre?.get("g:availability_date")).toBe("2026-12-20T00:00+08:00");
    // A product of several variants is an item group; its variants' titles name the variant.
    expect(items.some((i) => i.has("g:item_group_id"))).toBe(true);
  });

  test("Meta: a CSV with Meta's columns, every on-sale variant, the required fields in Meta's formats", async () => {
    const r = await get("/feeds/meta.csv");
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toContain("text/csv");
    const [head, ...rows] = parseCsv(r.body);
    expect(head).toEqual([...META_COLUMNS]);
    expect(rows.length).toBe(await onSaleVariants());
    for (const cells of rows) {
      expect(cells).toHaveLength(META_COLUMNS.length);
      const row = Object.fromEntries(META_COLUMNS.map((c, n) => [c, cells[n] ?? ""]));
      for (const f of META_REQUIRED) expect(row[f], `${row.id} ${f}`).toBeTruthy();
      expect(META_AVAILABILITY).toContain(row.availability);
      expect(row.condition).toBe("new");
      expect(row.price).toMatch(PRICE);
      if (row.sale_price) expect(row.sale_price).toMatch(PRICE);
      expect(row.link).toMatch(/^http:\/\/shop\.test\//);
      expect(row.image_link).toMatch(/^https?:\/\/.+\.(jpe?g|png)$/);
      expect([...(row.title ?? "")].length).toBeLessThanOrEqual(LIMITS.meta.title);
      expect([...(row.description ?? "")].length).toBeLessThanOrEqual(LIMITS.meta.description);
    }
  });

  test("a sub-mall's feed lists its own selection under its prefix; an unknown shop is a 404", async () => {
    const r = await get("/feeds/google.xml?shop=2");
    expect(r.statusCode).toBe(200);
    const items = googleItems(r.body);
    expect(items.length).toBe(await onSaleVariants(2));
    expect(items.every((i) => i.get("g:link")?.startsWith("http://shop.test/shop_2/product/detailsChild?"))).toBe(true);
    expect((await get("/feeds/meta.csv?shop=999")).statusCode).toBe(404);
    expect((await get("/feeds/meta.csv?shop=abc")).statusCode).toBe(400);
  });

  test("staff set the brand and a variant's GTIN in the product form; a malformed GTIN is refused", async () => {
    const { operator } = await staffTokens(t);
    const as = { token: operator };
    type Form = Record<string, unknown> & { variants: Array<Record<string, unknown> & { id: number }> };
    const form = (await t.call<Form>("GET", "/api/admin/products/5", as)).body.data;
    const input = {
      category_id: form.category_id,
      name: form.name,
      subtitle: form.subtitle,
      description: form.description,
      images: form.images,
      status: form.status,
      point_percent: form.point_percent,
      tags: form.tags,
      per_order_limit: form.per_order_limit,
      temperature: form.temperature,
      shop_ids: form.shop_ids,
      brand: "茶山自有品牌",
      variants: form.variants.map((v, i) => ({
        id: v.id,
        sku: v.sku,
        name: v.name,
        price: v.price,
        list_price: v.list_price,
        image: v.image,
        size_cm: v.size_cm,
        weight_g: v.weight_g,
        gtin: i === 0 ? "4710088000017" : "",
      })),
    };
    const bad = await t.call("PUT", "/api/admin/products/5", {
      ...as,
      body: { ...input, variants: [{ ...input.variants[0], gtin: "12345" }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("GTIN 為 8、12、13 或 14 位數字");
    const saved = await t.call<Form>("PUT", "/api/admin/products/5", { ...as, body: input });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.data.brand).toBe("茶山自有品牌");
    const item = googleItems((await get("/feeds/google.xml")).body).find((i) => i.get("g:id") === `5-${form.variants[0]?.id}`);
    expect(item?.get("g:brand")).toBe("茶山自有品牌");
    expect(item?.get("g:gtin")).toBe("4710088000017");
    expect(item?.has("g:identifier_exists")).toBe(false);
  });

  test("1,300 more variants stream out across pages, each once", async () => {
    const [p] = await t.database.db.select({ id: products.id }).from(products).where(eq(products.status, "on")).limit(1);
    await t.database.db.execute(sql`
      insert into variants (product_id, sku, name, price, list_price, stock)
      select ${p?.id}, 'BULK-' || g, '規格 ' || g, 100, 100, 5 from generate_series(1, 1300) g`);
    const rows = parseCsv((await get("/feeds/meta.csv")).body).slice(1);
    expect(rows.length).toBe(await onSaleVariants());
    expect(new Set(rows.map((r) => r[0])).size).toBe(rows.length);
  }, 60_000);
});
