// The order CSV export of every order, streamed through HTTP to nowhere, with the process's memory
// sampled every 100 ms (issue 51: RSS growth ≤ 50 MB for 2,000,000 orders).
//
//   DATABASE_URL=postgres://… npx tsx bench/export-memory.ts            the orders already there
//   DATABASE_URL=postgres://… npx tsx bench/export-memory.ts --fill 200000
//       first migrates, seeds the demo shop if it has no staff, and adds orders (1–3 lines each)
//       in one INSERT … SELECT generate_series until there are that many.
//
// Starts the shop in this process (no response caches matter: the export is never cached), signs
// in as BENCH_STAFF / BENCH_PASSWORD (default: the demo owner), GETs /api/admin/orders.csv and
// discards it (BENCH_QUERY, e.g. `?status=paid`, filters it). Prints rows, bytes, seconds and RSS before / peak / after. Linux or macOS.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app/app.js";
import { openDatabase } from "../apps/server/src/db/client.js";
import { DEMO_STAFF, seedDemo } from "../apps/server/src/demo/seed.js";
import { loadConfig } from "../apps/server/src/lib/config/index.js";

const fillArg = process.argv.indexOf("--fill");
const fill = fillArg > 0 ? Number(process.argv[fillArg + 1]) : 0;
if (!process.env.DATABASE_URL) throw new Error("DATABASE_URL (PostgreSQL) is needed");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-export-"));
const config = loadConfig({
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
  DATABASE_URL: process.env.DATABASE_URL,
});
const database = await openDatabase({ url: config.DATABASE_URL, poolSize: 4 });
const one = async <T>(q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows[0] as T;

if (fill > 0) {
  await database.migrate();
  const staff = await one<{ n: number }>(sql`select count(*)::int as n from staff`);
  if (staff.n === 0) await seedDemo(database.db, dataDir);
  const have = await one<{ n: number }>(sql`select count(*)::int as n from orders`);
  const add = fill - have.n;
  if (add > 0) {
    const started = Date.now();
    const product = await one<{ id: number; vid: number }>(
      sql`select p.id, v.id as vid from products p join variants v on v.product_id = p.id limit 1`,
    );
    await database.db.execute(sql`
      insert into orders (order_no, shop_id, status, ship_method, payment_method, receiver_name, receiver_phone, email,
        address, invoice, goods_amount, discounts, discount_total, shipping_fee, order_amount, points_used, wallet_used,
        payable, created_at, updated_at)
      select 'B' || lpad(g::text, 9, '0'), 1, (array['paid','shipped','completed','cancelled'])[1 + g % 4], 'hct',
        (array['card','transfer','cod'])[1 + g % 3], '壓測買家' || g, '09' || lpad((g % 100000000)::text, 8, '0'),
        'buyer' || g || '@example.com',
        '{"zip":"100","county":"台北市","district":"中正區","line":"重慶南路一段 122 號"}'::jsonb, '{"type":"member"}'::jsonb,
        800 + g % 900, '[]'::jsonb, 0, 60, 860 + g % 900, 0, 0, 860 + g % 900,
        now() - (g % 730) * interval '1 day' - (g % 1440) * interval '1 minute', now()
      from generate_series(${have.n + 1}::int, ${fill}::int) g`);
    await database.db.execute(sql`
      insert into order_lines (order_id, variant_id, product_id, name, variant_name, image, price, qty)
      select o.id, ${product.vid}, ${product.id}, '東方美人茶 ' || k, '單入', '/uploads/demo/product-1.svg', 400, 1 + k
      from orders o cross join generate_series(1, 3) k
      where o.order_no like 'B%' and k <= 1 + o.id % 3 and not exists (select 1 from order_lines l where l.order_id = o.id)`);
    // As autovacuum would soon: without statistics the lines of 1,000 orders were read by a scan of all lines.
    await database.db.execute(sql`analyze orders, order_lines`);
    console.log(`filled ${add} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

const { app } = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address() as AddressInfo;
const login = await fetch(`http://127.0.0.1:${port}/api/admin/auth/login`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({
    username: process.env.BENCH_STAFF ?? DEMO_STAFF.owner.username,
    password: process.env.BENCH_PASSWORD ?? DEMO_STAFF.owner.password,
  }),
});
const token = ((await login.json()) as { data: { token: string } }).data.token;

const mb = (n: number) => `${(n / 1_048_576).toFixed(1)} MB`;
const settle = async () => {
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((r) => setTimeout(r, 500));
  return process.memoryUsage().rss;
};
const before = await settle();
const heapBefore = process.memoryUsage().heapUsed;
let peak = before;
let heapPeak = 0;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peak = Math.max(peak, m.rss);
  heapPeak = Math.max(heapPeak, m.heapUsed);
}, 100);
const started = performance.now();
const { rows, bytes } = await new Promise<{ rows: number; bytes: number }>((resolve, reject) => {
  let rows = -1; // the heading
  let bytes = 0;
  http
    .get(
      {
        host: "127.0.0.1",
        port,
        path: `/api/admin/orders.csv${process.env.BENCH_QUERY ?? ""}`,
        headers: { authorization: `Bearer ${token}` },
      },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`orders.csv answered ${res.statusCode}`));
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
        });
        res.on("end", () => resolve({ rows, bytes }));
        res.on("error", reject);
      },
    )
    .on("error", reject);
});
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const after = await settle();
const heapAfter = process.memoryUsage().heapUsed;
console.log(
  JSON.stringify({
    rows,
    bytes,
    seconds: Number(seconds.toFixed(1)),
    rowsPerSecond: Math.round(rows / seconds),
    rss: {
      before: mb(before),
      peak: mb(peak),
      after: mb(after),
      growth: mb(peak - before),
      heap: { before: mb(heapBefore), peak: mb(heapPeak), after: mb(heapAfter) },
    },
  }),
);
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
