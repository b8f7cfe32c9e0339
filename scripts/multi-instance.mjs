// Two app instances on different ports sharing the machine's PostgreSQL and Redis:
//   node scripts/multi-instance.mjs
// Checks that orders and stock are consistent across them, that rate limits count across them,
// that a write on one drops the other's cache, and that a job scheduled on one runs once.
// PG_ADMIN_URL (default local trust auth) and REDIS_URL (default redis://127.0.0.1:6379/7).
import {
  call,
  checks,
  demoTokens,
  fastOrder,
  flushRedis,
  freshDatabase,
  sleep,
  startInstance,
  stopAll,
  waitReady,
} from "./ops/instances.mjs";

const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379/7";
const ports = [3811, 3812];
const RATE_LIMIT = 10;
const { check, failures } = checks();
const start = (port, dbUrl) =>
  startInstance(port, { DATABASE_URL: dbUrl, REDIS_URL: redisUrl, AUTH_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) });
const ready = waitReady;

const children = [];
let exitCode = 1;
const db = await freshDatabase("shop_multi");
const dbUrl = db.url;
const dbName = db.name;
try {
  // Flush this suite's Redis database so old counters cannot interfere.
  await flushRedis(redisUrl);

  // The first instance migrates and seeds; the second starts on the ready database.
  children.push(start(ports[0], dbUrl));
  await ready(ports[0]);
  children.push(start(ports[1], dbUrl));
  await ready(ports[1]);
  const [A, B] = ports;
  console.log(`Two instances on ${A} and ${B}, database ${dbName}, Redis ${redisUrl}`);

  const { token: buyer, staff } = await demoTokens(A);

  // 1. Orders and stock: 10 in stock, 30 buyers at once across both instances.
  const product = (await call(A, "GET", "/api/admin/products/3", { token: staff })).body.data;
  const variant = product.variants[0];
  if (variant.stock !== 10)
    await call(A, "POST", "/api/admin/products/3/stock", {
      token: staff,
      body: { variant_id: variant.id, delta: 10 - variant.stock, reason: "adjust", note: "multi-instance suite" },
    });
  const order = fastOrder(variant.id);
  const results = await Promise.all(
    Array.from({ length: 30 }, (_, i) => call(ports[i % 2], "POST", "/api/order/store/fast", { token: buyer, body: order })),
  );
  const placed = results.filter((r) => r.status === 200);
  const soldOut = results.filter((r) => r.status === 409);
  check(
    placed.length === 10 && soldOut.length === 20,
    `30 buyers, 10 in stock: ${placed.length} placed, ${soldOut.length} sold out`,
  );
  const stockA = (await call(A, "GET", "/api/admin/products/3", { token: staff })).body.data.variants[0].stock;
  const stockB = (await call(B, "GET", "/api/admin/products/3", { token: staff })).body.data.variants[0].stock;
  check(stockA === 0 && stockB === 0, `stock after the rush: ${stockA} on A, ${stockB} on B`);
  let visible = 0;
  for (const [i, r] of placed.entries()) {
    const other = ports[(i + 1) % 2];
    const detail = await call(other, "POST", "/api/order/detail", { token: buyer, body: { order_no: r.body.data.order_no } });
    if (detail.status === 200) visible++;
  }
  check(visible === placed.length, `every order is readable on both instances (${visible}/${placed.length})`);

  // 2. Cache: B serves a cached product; a change on A is visible on B at once.
  const before = (await call(B, "GET", "/api/product/get?id=3")).body.data.name;
  await call(B, "GET", "/api/product/get?id=3");
  const renamed = `${before}（多機測試）`;
  const full = (await call(A, "GET", "/api/admin/products/3", { token: staff })).body.data;
  const input = {
    category_id: full.category_id,
    name: renamed,
    subtitle: full.subtitle,
    description: full.description,
    images: full.images,
    status: full.status,
    point_percent: full.point_percent,
    tags: full.tags,
    per_order_limit: full.per_order_limit,
    shop_ids: full.shop_ids,
    variants: full.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      name: v.name,
      price: v.price,
      list_price: v.list_price,
      image: v.image,
    })),
  };
  const saved = await call(A, "PUT", "/api/admin/products/3", { token: staff, body: input });
  check(saved.status === 200, `product renamed on A (${saved.status} ${saved.body.message ?? ""})`);
  let seen = "";
  for (let i = 0; i < 20 && seen !== renamed; i++) {
    seen = (await call(B, "GET", "/api/product/get?id=3")).body.data.name;
    if (seen !== renamed) await sleep(100);
  }
  check(seen === renamed, "B's cached product shows A's change");

  // 3. A job scheduled on A runs once, on whichever instance claims it.
  const job = (await call(A, "POST", "/api/test/jobs", { body: { run_in_s: 1 } })).body.data;
  let state;
  for (let i = 0; i < 40; i++) {
    state = (await call(B, "GET", `/api/test/jobs/${job.id}`)).body.data;
    if (state.status === "done") break;
    await sleep(250);
  }
  check(
    state?.status === "done" && state.attempts === 1,
    `job ${job.id} ran once (status ${state?.status}, attempts ${state?.attempts}, by ${state?.locked_by})`,
  );

  // 4. Rate limits count across instances: wrong passwords alternating between A and B.
  const attempts = await Promise.all(
    Array.from({ length: 2 * RATE_LIMIT + 4 }, (_, i) =>
      call(ports[i % 2], "POST", "/api/auth/login", { body: { account: "0912345678", password: `wrong-${i}` } }),
    ),
  );
  const allowed = attempts.filter((r) => r.status !== 429).length;
  check(
    allowed <= RATE_LIMIT,
    `sign-in limit ${RATE_LIMIT}/min shared: ${allowed} answered, ${attempts.length - allowed} refused with 429`,
  );

  exitCode = failures.length === 0 ? 0 : 1;
  console.log(failures.length === 0 ? "Multi-instance suite passed" : `Multi-instance suite FAILED: ${failures.length} checks`);
} catch (error) {
  console.error(error);
} finally {
  await stopAll(children);
  await db.drop();
}
process.exit(exitCode);
