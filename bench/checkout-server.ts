// The process under test for bench/checkout.ts: the API (no storefront) on the demo data, with
// 20 variants stocked deep enough for every order of the run. Prints one JSON line when ready;
// on SIGTERM prints the order count and whether the stock ledger balances, then exits.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq, inArray } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app/app.js";
import { openDatabase } from "../apps/server/src/db/client.js";
import { orders, products, variants } from "../apps/server/src/db/schema/index.js";
import { seedDemo } from "../apps/server/src/demo/seed.js";
import { loadConfig } from "../apps/server/src/lib/config/index.js";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-checkout-"));
const config = loadConfig({
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
  DATABASE_URL: process.env.DATABASE_URL ?? "",
  AUTH_RATE_LIMIT_PER_MINUTE: "1000000",
  // The admission gate's width (decision 100) can be tried at another value without editing this file.
  ...(process.env.CHECKOUT_MAX_IN_FLIGHT ? { CHECKOUT_MAX_IN_FLIGHT: process.env.CHECKOUT_MAX_IN_FLIGHT } : {}),
});
const database = await openDatabase({ url: config.DATABASE_URL, poolSize: 16 });
await database.migrate();
await seedDemo(database.db, dataDir);

const { app, services } = await buildApp({ config, database, web: false, logger: false });
// Products without a per-order limit, 20 of them, 100,000 units each (through the stock ledger).
const picks = await database.db
  .select({ id: variants.id, stock: variants.stock })
  .from(variants)
  .innerJoin(products, eq(products.id, variants.productId))
  .where(inArray(products.categoryId, [7, 8, 11, 12]))
  .limit(20);
for (const v of picks) await services.inventory.adjust(v.id, 100_000 - v.stock, "restock", "bench");
await app.listen({ port: 0, host: "127.0.0.1" });
const port = (app.server.address() as { port: number }).port;
console.log(JSON.stringify({ port, variants: picks.map((v) => v.id), driver: database.driver }));

process.on("SIGTERM", async () => {
  const [n] = await database.db.select({ n: count() }).from(orders);
  const unbalanced = await services.inventory.unbalanced();
  console.log(JSON.stringify({ orders: n?.n ?? 0, unbalanced: unbalanced.length }));
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
