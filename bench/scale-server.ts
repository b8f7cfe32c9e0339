// The process under test for bench/scale.ts: the shop's API (no storefront pages) on a database
// bench/data/generate.ts filled (DATABASE_URL). Prints one JSON line when ready: its port, how
// long the migrations took on the already-migrated database, and the ids the scenarios need.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app/app.js";
import { openDatabase } from "../apps/server/src/db/client.js";
import { loadConfig } from "../apps/server/src/lib/config/index.js";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-scale-server-"));
const config = loadConfig({
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
  DATABASE_URL: process.env.DATABASE_URL ?? "",
  AUTH_RATE_LIMIT_PER_MINUTE: "1000000",
});
const database = await openDatabase({ url: config.DATABASE_URL, poolSize: Number(process.env.BENCH_POOL ?? 16) });
const migrateStarted = performance.now();
await database.migrate();
const migrateMs = performance.now() - migrateStarted;

const one = async (q: ReturnType<typeof sql>) =>
  ((await database.db.execute(q)) as unknown as { rows: Array<Record<string, number>> }).rows[0] ?? {};
const ids = await one(sql`select min(id)::int as min, max(id)::int as max from products`);
const big = await one(sql`select category_id as id, count(*)::int as n from products where status = 'on'
  group by category_id order by count(*) desc limit 1`);
const shop = await one(
  sql`select shop_id as id, count(*)::int as n from shop_products group by shop_id order by count(*) desc limit 1`,
);
const onSale = await one(sql`select count(*)::int as n from products where status = 'on'`);

const { app } = await buildApp({ config, database, web: false, logger: false });
await app.listen({ port: 0, host: "127.0.0.1" });
console.log(
  JSON.stringify({
    port: (app.server.address() as { port: number }).port,
    migrateMs,
    minId: ids.min,
    maxId: ids.max,
    category: big.id,
    categorySize: big.n,
    shop: shop.id,
    shopSize: shop.n,
    onSale: onSale.n,
  }),
);

process.on("SIGTERM", async () => {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
