// Categories, products, variants and the sub-malls' selections, made inside PostgreSQL.
// Every choice is a hash of the row's number (pg_temp.h), so a size always gives the same data.
import type pg from "pg";
import { CHILD_WORDS, productNames, random, suffix, TOPS, tagsOf } from "./words.js";

export interface Plan {
  products: number;
  members: number;
  shops: number;
  orders: number;
  /** The largest sub-mall's selection (a long tail down to ~50). */
  largestShop: number;
}

/** The ids just before the generated rows (the demo seed's rows stay below them). */
export interface Base {
  product: number;
  variant: number;
  category: number;
  member: number;
  shop: number;
  order: number;
}

const SEP = "\u001f";
/** Children are ranked by weight rank^-0.62: the largest holds ~6% of the products, the last ~0.2%. */
const TAIL = 0.62;
const BUCKETS = 10_000;
/** Top categories shown on the home page: six sections, like a real shop's. */
const HOME_TOPS = 6;

export async function hashFunctions(db: pg.Client) {
  await db.query(`create function pg_temp.h(g bigint, salt int) returns bigint language sql immutable parallel safe
    as $$ select abs(hashint8extended(g, salt)) $$`);
  // The product's price: NT$80–1,270 by tens; variant k costs 50 more per step.
  await db.query(`create function pg_temp.price(g bigint) returns int language sql immutable parallel safe
    as $$ select (80 + (pg_temp.h(g, 1) % 120) * 10)::int $$`);
}

export async function categories(db: pg.Client, base: Base) {
  await db.query("update categories set show_on_home = false");
  const pick = random(7);
  const children: Array<{ id: number; name: string; parent: string }> = [];
  for (const [t, [top]] of TOPS.entries()) {
    const topId = base.category + 1 + t;
    await db.query("insert into categories (id, parent_id, name, sort, show_on_home) values ($1, null, $2, $3, $4)", [
      topId,
      top,
      100 + t,
      t < HOME_TOPS,
    ]);
    for (const [c, word] of CHILD_WORDS.entries()) {
      const id = base.category + TOPS.length + 1 + t * CHILD_WORDS.length + c;
      children.push({ id, name: `${word}${top}`, parent: top });
      await db.query("insert into categories (id, parent_id, name, sort) values ($1, $2, $3, $4)", [
        id,
        topId,
        `${word}${top}`,
        c,
      ]);
    }
  }
  // Which child a product falls in: BUCKETS buckets shared out by weight, children ranked at random.
  const ranked = [...children].sort(() => pick(3) - 1);
  const weights = ranked.map((_, r) => (r + 1) ** -TAIL);
  const total = weights.reduce((a, b) => a + b, 0);
  const buckets: number[] = [];
  ranked.forEach((c, r) => {
    const n = Math.round(((weights[r] ?? 0) / total) * BUCKETS);
    for (let i = 0; i < n && buckets.length < BUCKETS; i++) buckets.push(c.id);
  });
  while (buckets.length < BUCKETS) buckets.push(ranked[0]?.id ?? 0);
  await db.query(
    `create temp table bench_catpick as select b - 1 as bucket, c as child_id, (c - $2 - ${TOPS.length} - 1) / ${CHILD_WORDS.length} as top
     from unnest($1::int[]) with ordinality as x(c, b)`,
    [buckets, base.category],
  );
  // What each (child, tags) pair adds to search_text and search_tokens.
  const rows = children.flatMap((c) =>
    Array.from({ length: 8 }, (_, mask) => ({ id: c.id, mask, tags: tagsOf(mask), ...suffix(mask, c.name, c.parent) })),
  );
  await db.query(
    `create temp table bench_suffix as select child_id, mask, string_to_array(tags, '${SEP}') as tags, text,
       string_to_array(tokens, '${SEP}') as tokens
     from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[]) as x(child_id, mask, tags, text, tokens)`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.mask),
      rows.map((r) => r.tags.join(SEP)),
      rows.map((r) => r.text),
      rows.map((r) => r.tokens.join(SEP)),
    ],
  );
  await db.query("update bench_suffix set tags = '{}' where mask = 0");
  await db.query("create unique index on bench_suffix (child_id, mask)");
  await db.query("create unique index on bench_catpick (bucket)");
  await db.query("analyze bench_suffix, bench_catpick");
}

/** Product names, a sixtieth as many as products, with the shop's own search columns. */
export async function names(db: pg.Client, plan: Plan) {
  const perTop = Math.max(20, Math.round(plan.products / 60 / TOPS.length));
  const rows = await productNames(perTop);
  await db.query(
    `create temp table bench_names as select k, name, subtitle, text, string_to_array(tokens, '${SEP}') as tokens, reading
     from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) as x(k, name, subtitle, text, tokens, reading)`,
    [
      rows.map((r) => r.k),
      rows.map((r) => r.name),
      rows.map((r) => r.subtitle),
      rows.map((r) => r.text),
      rows.map((r) => r.tokens.join(SEP)),
      rows.map((r) => r.reading),
    ],
  );
  await db.query("create unique index on bench_names (k)");
  await db.query("analyze bench_names");
  return perTop;
}

export async function products(db: pg.Client, plan: Plan, base: Base, perTop: number) {
  const images = (await db.query<{ image: string }>("select image from products order by id")).rows.map((r) => r.image);
  // 5% 熱銷, 3% 推薦, 3% 新品; 4% off the shelf; created over two years, ids rising with time.
  await db.query(
    `insert into products (id, category_id, name, subtitle, description, image, list_price, price, point_percent, tags,
       status, sort, search_text, search_tokens, search_reading, created_at, updated_at)
     select $1::int + g, c.child_id, n.name, n.subtitle, '<p>' || n.name || '，產地直送，品質保證。</p>',
       ($3::text[])[1 + g % cardinality($3::text[])], x.price + x.price / 5, x.price, 1, s.tags,
       case when pg_temp.h(g, 3) % 25 = 0 then 'off' else 'on' end, 0,
       n.text || ' ' || s.text, n.tokens || s.tokens, n.reading, x.at, x.at
     from generate_series(1, $2::int) g
     cross join lateral (select pg_temp.price(g) as price,
       (case when pg_temp.h(g, 5) % 100 < 5 then 1 else 0 end) + (case when pg_temp.h(g, 7) % 100 < 3 then 2 else 0 end)
         + (case when pg_temp.h(g, 8) % 100 < 3 then 4 else 0 end) as mask,
       now() - interval '730 days' + (g::float8 / $2::int) * interval '729 days' as at) x
     join bench_catpick c on c.bucket = pg_temp.h(g, 2) % ${BUCKETS}
     join bench_names n on n.k = c.top * $4::int + pg_temp.h(g, 6) % $4::int
     join bench_suffix s on s.child_id = c.child_id and s.mask = x.mask
     order by g`,
    [base.product, plan.products, images, perTop],
  );
  // Three variants each; stock 0–199 (3% sold out): the ledger's initial rows are made to match it.
  await db.query(
    `insert into variants (id, product_id, sku, name, price, list_price, stock, sort)
     select $1::int + (g - 1) * 3 + k, $2::int + g, 'BS' || g || '-' || k, (array['單入', '兩入組', '禮盒裝'])[k],
       pg_temp.price(g) + (k - 1) * 50, (pg_temp.price(g) + (k - 1) * 50) * 6 / 5,
       case when pg_temp.h(g * 3 + k, 9) % 33 = 0 then 0 else (pg_temp.h(g * 3 + k, 10) % 200)::int end, k
     from generate_series(1, $3::int) g, generate_series(1, 3) k
     order by g, k`,
    [base.variant, base.product, plan.products],
  );
}

/**
 * Sub-malls owned by the first members: shop j sells L·j^-0.9 products (at least 50), the t-th
 * being product 1 + (j·104729 + t·7919) mod N, so an order can name a shop's product without a lookup.
 */
export async function subMalls(db: pg.Client, plan: Plan, base: Base) {
  await db.query(
    `create temp table bench_shop as select j, size, (sum(size) over (order by j) - size)::bigint as cum from (
       select j, greatest(least(50, $2::int), round($2::int * power(j, -0.9)))::int as size from generate_series(1, $1::int) j) s`,
    [plan.shops, plan.largestShop],
  );
  await db.query("create unique index on bench_shop (cum)");
  await db.query("analyze bench_shop");
  await db.query(
    `insert into shops (id, name, status, owner_member_id, commission_bp, intro, created_at)
     select $1::int + j, m.name || '的小舖', 'open', m.id, 500, '在地好物，用心挑選。', m.created_at + interval '1 day'
     from generate_series(1, $2::int) j join members m on m.id = $3::int + j`,
    [base.shop, plan.shops, base.member],
  );
  await db.query(
    `insert into shop_products (shop_id, product_id)
     select $1::int + b.j, $2::int + 1 + ((b.j::bigint * 104729 + t::bigint * 7919) % $3::int)
     from bench_shop b, generate_series(0, b.size - 1) t`,
    [base.shop, base.product, plan.products],
  );
}
