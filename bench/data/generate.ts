// `npm run bench:data -- --products 10000|100000|1000000` (decision 102): makes bench_scale_<size>
// on PG_ADMIN_URL's server (default the local one) for bench/scale.ts. The shop's own migrations
// and demo seed first (staff accounts, settings), then the scale rows made inside PostgreSQL with
// INSERT … SELECT over generate_series: nothing crosses the wire but a sixtieth of the product names.
// Indexes are dropped for the load and made again from their own definitions; VACUUM ANALYZE last.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../../apps/server/src/db/client.js";
import { seedIfEmpty } from "../../apps/server/src/demo/seed.js";
import { type Base, categories, hashFunctions, names, type Plan, products, subMalls } from "./catalogue.js";
import { members, orders, stockLedger } from "./orders.js";

const SIZES: Record<number, string> = { 10000: "10k", 100000: "100k", 1000000: "1m" };
const BIG_TABLES = [
  "products",
  "variants",
  "shop_products",
  "members",
  "shops",
  "orders",
  "order_lines",
  "payments",
  "stock_movements",
];

const i = process.argv.indexOf("--products");
const count = Number(i > 0 ? process.argv[i + 1] : 10_000);
const size = SIZES[count];
if (!size) {
  console.error("--products must be 10000, 100000 or 1000000");
  process.exit(2);
}
const plan: Plan = {
  products: count,
  members: count * 0.3,
  shops: Math.min(1_000, Math.max(100, count / 1_000)),
  orders: count * 2,
  largestShop: Math.min(20_000, count / 50),
};

const admin = new URL(process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
const target = new URL(admin);
target.pathname = `/bench_scale_${size}`;
const started = performance.now();
const step = async (name: string, run: () => Promise<unknown>) => {
  const t0 = performance.now();
  await run();
  console.log(`${name.padEnd(44)} ${((performance.now() - t0) / 1000).toFixed(1).padStart(7)} s`);
};

const server = new pg.Client({ connectionString: admin.toString() });
await server.connect();
await server.query(`drop database if exists bench_scale_${size} with (force)`);
await server.query(`create database bench_scale_${size}`);
await server.end();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-data-"));
await step("migrations and demo seed", async () => {
  const database = await openDatabase({ url: target.toString() });
  await database.migrate();
  await seedIfEmpty(database.db, dataDir);
  await database.close();
});
fs.rmSync(dataDir, { recursive: true, force: true });

const db = new pg.Client({ connectionString: target.toString() });
await db.connect();
await db.query("set synchronous_commit = off");
await db.query("set work_mem = '256MB'");
await db.query("set maintenance_work_mem = '1GB'");
const max = async (table: string) => Number((await db.query(`select coalesce(max(id), 0) as n from ${table}`)).rows[0].n);
const base: Base = {
  product: await max("products"),
  variant: await max("variants"),
  category: await max("categories"),
  member: await max("members"),
  shop: await max("shops"),
  order: await max("orders"),
};

// Secondary indexes go for the load (primary keys stay) and come back from pg_indexes' own text.
const { rows: indexes } = await db.query<{ name: string; def: string }>(
  `select indexname as name, indexdef as def from pg_indexes i
   where schemaname = 'public' and tablename = any($1)
     and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  [BIG_TABLES],
);
for (const ix of indexes) await db.query(`drop index "${ix.name}"`);

await hashFunctions(db);
await step("categories (20 × 10, long tail)", () => categories(db, base));
let perTop = 0;
await step("product names and their search columns", async () => {
  perTop = await names(db, plan);
});
await step(`${plan.products.toLocaleString()} products, ${(plan.products * 3).toLocaleString()} variants`, () =>
  products(db, plan, base, perTop),
);
await step(`${plan.members.toLocaleString()} members`, () => members(db, plan, base));
await step(`${plan.shops.toLocaleString()} sub-malls and their selections`, () => subMalls(db, plan, base));
await step(`${plan.orders.toLocaleString()} orders, lines, payments`, () => orders(db, plan, base));
await step("stock ledger", () => stockLedger(db, base));
await step(`${indexes.length} indexes made again`, async () => {
  for (const ix of indexes) await db.query(ix.def);
});
await step("sequences", async () => {
  for (const table of BIG_TABLES.filter((t) => t !== "shop_products").concat("categories"))
    await db.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
});
await step("vacuum analyze", () => db.query("vacuum analyze"));

const unbalanced = await db.query(
  `select count(*)::int as n from variants v left join (select variant_id, sum(delta) as s from stock_movements group by variant_id) m
   on m.variant_id = v.id where v.stock <> coalesce(m.s, 0)`,
);
const counted = await db.query(
  `select (select count(*) from products)::int as products, (select count(*) from variants)::int as variants,
     (select count(*) from members)::int as members, (select count(*) from shops)::int as shops,
     (select count(*) from shop_products)::int as selections, (select count(*) from orders)::int as orders,
     (select count(*) from order_lines)::int as lines, (select count(*) from stock_movements)::int as movements,
     pg_size_pretty(pg_database_size(current_database())) as size`,
);
await db.end();
console.log(JSON.stringify(counted.rows[0]));
console.log(`variants whose stock differs from their ledger: ${unbalanced.rows[0].n}`);
console.log(`bench_scale_${size} ready in ${((performance.now() - started) / 1000).toFixed(0)} s`);
if (unbalanced.rows[0].n !== 0) process.exit(1);
