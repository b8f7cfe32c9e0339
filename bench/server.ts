// The process under test for bench/catalogue.ts: the shop (with the built storefront) seeded with
// the demo data plus 10,000 products, and a bare Fastify handler beside it for comparison.
// Prints one JSON line with the two ports when ready. BENCH_JOIN=1 starts a further instance on
// a PostgreSQL database that another one already seeded (bench/ssr-cpu.ts with BENCH_INSTANCES).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { buildApp } from "../apps/server/src/app/app.js";
import { openDatabase } from "../apps/server/src/db/client.js";
import { seedDemo } from "../apps/server/src/demo/seed.js";
import { loadConfig } from "../apps/server/src/lib/config/index.js";

export const BENCH_PRODUCTS = 10_000;
const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-"));
const config = loadConfig({
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
  DATABASE_URL: process.env.DATABASE_URL ?? "",
});
const database = await openDatabase({ url: config.DATABASE_URL, poolSize: 16 });
await database.migrate();
// BENCH_JOIN=1: a further instance on the database another bench server seeded (PostgreSQL).
if (process.env.BENCH_JOIN !== "1") await seedBench();
else if (database.driver !== "postgres") throw new Error("BENCH_JOIN needs DATABASE_URL (PostgreSQL)");

/** The demo data, plus 10,000 products in one category (a category page with 500 pages), two variants each. */
async function seedBench() {
  await seedDemo(database.db, dataDir);
  await database.db.execute(sql`
  insert into products (category_id, name, subtitle, description, image, list_price, price, point_percent, tags, sort)
  select 3, '壓測商品 ' || g, '東方美人｜壓測', '<p>壓測用商品描述。</p>', '/uploads/demo/product-' || (1 + g % 60) || '.svg',
         500 + g % 500, 400 + g % 400, 5, array['new'], 1000 + g
  from generate_series(1, ${BENCH_PRODUCTS}) as g`);
  await database.db.execute(sql`
  insert into variants (product_id, sku, name, price, list_price, stock, sort)
  select p.id, 'BENCH-' || p.id || '-' || v, case v when 1 then '單入' else '三入組' end, p.price * v, p.list_price * v, 100, v
  from products p cross join generate_series(1, 2) as v where p.name like '壓測商品 %'`);
  await database.db.execute(sql`
  insert into stock_movements (variant_id, delta, reason, ref)
  select id, stock, 'initial', 'bench' from variants where sku like 'BENCH-%'`);
}
const rangeResult = (await database.db.execute(
  sql`select min(id)::int as min, max(id)::int as max from products where name like '壓測商品 %'`,
)) as unknown as { rows: Array<{ min: number; max: number }> };
const range = rangeResult.rows[0];

const { app } = await buildApp({ config, database, web: { buildDir: path.resolve(here, "../apps/web/build") }, logger: false });
await app.listen({ port: 0, host: "127.0.0.1" });

const bare = Fastify({ logger: false });
bare.get("/bare", async () => ({ status: true, message: "成功", data: { id: 1, name: "bare", price: 100 } }));
await bare.listen({ port: 0, host: "127.0.0.1" });

const port = (s: { server: { address(): unknown } }) => (s.server.address() as { port: number }).port;
console.log(
  JSON.stringify({
    shop: port(app),
    bare: port(bare),
    minId: range?.min,
    maxId: range?.max,
    driver: database.driver,
    node: process.version,
  }),
);

process.on("SIGTERM", async () => {
  await app.close();
  await bare.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
