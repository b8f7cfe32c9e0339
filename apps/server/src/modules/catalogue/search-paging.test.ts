// A search counts its matches up to 1,000 and pages a common word by walking the mall in listing
// order (issue 51, decision 103): every page it serves is the page an OFFSET over all matches gives.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { SEARCH_COUNT_CAP } from "./search-paging.js";

let t: TestApp;
const COMMON = 1_100;
beforeAll(async () => {
  t = await createTestApp();
  // 1,100 products with 璇璣茶 (prices tie in tens), 5 with 璇璣果, each with its search columns.
  await t.database.db.execute(sql`
    insert into products (category_id, name, list_price, price, search_text, search_tokens, created_at)
    select 3, '璇璣茶 ' || g, 900, 100 + (g % 10) * 10, '璇璣茶 ' || g, array['璇', '璣', '茶', '璇璣', '璣茶'],
      now() - interval '1 minute' * (g % 300)
    from generate_series(1, ${COMMON}) g`);
  await t.database.db.execute(sql`
    insert into products (category_id, name, list_price, price, search_text, search_tokens)
    select 3, '璇璣果 ' || g, 900, 100, '璇璣果 ' || g, array['璇', '璣', '果', '璇璣', '璣果'] from generate_series(1, 5) g`);
  t.services.catalogue.forgetListings();
});
afterAll(() => t.close());

const ORDER = {
  newest: sql`created_at desc nulls last, id desc nulls last`,
  price_asc: sql`price asc, id asc`,
  price_desc: sql`price desc, id desc`,
} as const;

async function reference(word: string, sort: keyof typeof ORDER, page: number) {
  const r = (await t.database.db.execute(sql`select id from products where status = 'on'
    and position(${word} in search_text) > 0 order by ${ORDER[sort]} limit 20 offset ${(page - 1) * 20}`)) as unknown as {
    rows: Array<{ id: number }>;
  };
  return r.rows.map((x) => x.id);
}

describe("a search's pages at any size", () => {
  it("a common word counts to the cap, says there are more, and every page matches OFFSET", async () => {
    for (const sort of ["newest", "price_asc", "price_desc"] as const) {
      for (const page of [1, 2, 17, 49, 50]) {
        const r = await t.services.catalogue.search("璇璣茶", 1, page, 20, sort);
        expect(r.total).toBe(SEARCH_COUNT_CAP);
        expect(r.more).toBe(true);
        expect(
          r.list.map((c) => c.id),
          `${sort} page ${page}`,
        ).toEqual(await reference("璇璣茶", sort, page));
      }
      expect((await t.services.catalogue.search("璇璣茶", 1, 51, 20, sort)).list).toEqual([]);
    }
  });

  it("a rare word is counted exactly and says nothing more", async () => {
    const r = await t.services.catalogue.search("璇璣果", 1, 1, 20, "newest");
    expect(r.total).toBe(5);
    expect(r.more).toBe(false);
    expect(r.list.map((c) => c.id)).toEqual(await reference("璇璣果", "newest", 1));
  });

  it("the API answers with `more`", async () => {
    const r = await t.call<{ total: number; more: boolean }>("GET", `/api/product/search?keyword=${encodeURIComponent("璇璣")}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ total: SEARCH_COUNT_CAP, more: true });
  });

  it("a kept list of matches never shows a product taken off shelf, even before the write's switch reaches this instance", async () => {
    const catalogue = t.services.catalogue;
    const before = await catalogue.search("璇璣果", 1, 1, 20, "newest");
    const gone = before.list[0]?.id ?? 0;
    await t.database.db.execute(sql`update products set status = 'off' where id = ${gone}`);
    try {
      const kept = await catalogue.search("璇璣果", 1, 1, 20, "newest");
      expect(kept.list.map((c) => c.id)).toEqual(before.list.map((c) => c.id).filter((id) => id !== gone));
      catalogue.forgetListings();
      const after = await catalogue.search("璇璣果", 1, 1, 20, "newest");
      expect(after.total).toBe(4);
      expect(after.list.map((c) => c.id)).toEqual(await reference("璇璣果", "newest", 1));
    } finally {
      await t.database.db.execute(sql`update products set status = 'on' where id = ${gone}`);
      catalogue.forgetListings();
    }
  });

  it("只看有現貨 follows stock as it changes, with no catalogue write between", async () => {
    const catalogue = t.services.catalogue;
    const db = t.database.db;
    const all = (await catalogue.search("璇璣果", 1, 1, 20, "newest")).list.map((c) => c.id);
    await db.execute(sql`insert into variants (product_id, sku, name, price, list_price, stock)
      select id, 'XJG-' || id, '一盒', 100, 900, 5 from products where id in ${all}`);
    const inStock = () => catalogue.search("璇璣果", 1, 1, 20, "newest", { in_stock: true }).then((r) => r.list.map((c) => c.id));
    const some = all[0] ?? 0;
    try {
      // All sold out first, so a kept count (0) or list would hide them when they come back.
      await db.execute(sql`update variants set stock = 0 where product_id in ${all}`);
      expect(await inStock()).toEqual([]);
      await db.execute(sql`update variants set stock = 3 where product_id = ${some}`);
      expect(await inStock()).toEqual([some]);
      await db.execute(sql`update variants set stock = 3 where product_id in ${all}`);
      expect(await inStock()).toEqual(all);
    } finally {
      await db.execute(sql`delete from variants where product_id in ${all}`);
    }
  });
});
