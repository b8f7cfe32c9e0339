// Reliability suite: a mixed load (browse 80%, cart 15%, checkout 5%) on two instances while
//   1. one instance is killed with SIGKILL and started again, and
//   2. PostgreSQL itself is restarted (the app must recover without a restart of its own).
// Then: every order the shop acknowledged exists, stock and money ledgers balance, and no stock
// is held by an order that can never release it.
//   node scripts/reliability.mjs        (PG_RESTART_CMD overrides how PostgreSQL is restarted)
import { exec } from "node:child_process";
import { readdirSync } from "node:fs";
import { promisify } from "node:util";
import {
  call,
  checks,
  demoTokens,
  flushRedis,
  freshDatabase,
  mixedRequest,
  sleep,
  sql,
  startInstance,
  stopAll,
  topUpStock,
  waitReady,
} from "./ops/instances.mjs";

const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379/8";
const ports = [3821, 3822];
const USERS = 16;
const { check, failures } = checks();
const pgRestart =
  process.env.PG_RESTART_CMD ??
  `pg_ctlcluster --skip-systemctl-redirect ${readdirSync("/etc/postgresql")[0] ?? "15"} main restart`;

const db = await freshDatabase("shop_reliability");
const env = { DATABASE_URL: db.url, REDIS_URL: redisUrl, AUTH_RATE_LIMIT_PER_MINUTE: "100000" };
const children = new Map();
const start = (port) => {
  children.set(port, startInstance(port, env));
};
let exitCode = 1;

/** What the load saw, per phase. */
const stats = new Map();
const acknowledged = [];
let phase = "warm-up";
function record(kind, status) {
  const s = stats.get(phase) ?? { requests: 0, ok: 0, refused: 0, unavailable: 0, errors5xx: 0, orders: 0 };
  s.requests++;
  if (status >= 200 && status < 500) s.ok++;
  else if (status === 0) s.refused++;
  else if (status === 503) s.unavailable++;
  else s.errors5xx++;
  if (kind === "checkout" && status === 200) s.orders++;
  stats.set(phase, s);
}

try {
  await flushRedis(redisUrl);
  start(ports[0]);
  await waitReady(ports[0]);
  start(ports[1]);
  await waitReady(ports[1]);

  const { token, staff } = await demoTokens(ports[0]);
  // Plenty of stock on a few products, so checkouts succeed and only faults can make them fail.
  const variantIds = await topUpStock(ports[0], staff, [1, 2, 3], 5000);

  // A load balancer's view: try an instance, and on a refused connection the other one.
  let stop = false;
  async function user(i) {
    let n = i;
    while (!stop) {
      n++;
      const { kind, method, url, body } = mixedRequest(n, variantIds[n % variantIds.length]);
      let res = await call(ports[n % 2], method, url, { body, token });
      if (res.status === 0) res = await call(ports[(n + 1) % 2], method, url, { body, token });
      record(kind, res.status);
      if (kind === "checkout" && res.status === 200) acknowledged.push(res.body.data.order_no);
      if (res.status === 0 || res.status === 503) await sleep(100);
    }
  }
  const load = Promise.all(Array.from({ length: USERS }, (_, i) => user(i * 7)));

  phase = "steady";
  await sleep(5000);

  phase = "instance killed";
  const killed = children.get(ports[0]);
  killed.kill("SIGKILL");
  await sleep(3000);
  phase = "instance restarting";
  start(ports[0]);
  await waitReady(ports[0]);
  phase = "after restart";
  await sleep(4000);

  phase = "database restarting";
  // Asynchronously, so the load keeps coming while the database is down.
  await promisify(exec)(pgRestart);
  let recoveredAfter = -1;
  const t0 = Date.now();
  for (let i = 0; i < 120; i++) {
    const r = await call(ports[1], "GET", "/api/ready");
    if (r.status === 200) {
      recoveredAfter = Date.now() - t0;
      break;
    }
    await sleep(250);
  }
  phase = "after database restart";
  await sleep(5000);
  stop = true;
  await load;

  console.log("phase                    requests   ok   refused  503  5xx  orders");
  for (const [name, s] of stats)
    console.log(
      `${name.padEnd(24)} ${String(s.requests).padStart(8)} ${String(s.ok).padStart(5)} ${String(s.refused).padStart(8)} ${String(s.unavailable).padStart(4)} ${String(s.errors5xx).padStart(4)} ${String(s.orders).padStart(7)}`,
    );
  check(recoveredAfter >= 0, `instances ready again ${(recoveredAfter / 1000).toFixed(1)} s after PostgreSQL came back`);
  const last = stats.get("after database restart");
  check(last && last.ok > 0 && last.errors5xx === 0, "after the database restart requests succeed again, without 5xx");
  const steady = stats.get("steady");
  check(steady && steady.errors5xx === 0 && steady.refused === 0, "no errors under steady load");
  const total5xx = [...stats.values()].reduce((n, s) => n + s.errors5xx, 0);
  check(total5xx === 0, `no 500s in any phase (faults answer 503 or refuse the connection): ${total5xx}`);

  // Every acknowledged order is in the database.
  const stored = new Set((await sql("select order_no from orders", db.url)).rows.map((r) => r.order_no));
  const lost = acknowledged.filter((no) => !stored.has(no));
  check(acknowledged.length > 20 && lost.length === 0, `${acknowledged.length} acknowledged orders, ${lost.length} lost`);
  const integrity = (await call(ports[1], "GET", "/api/test/integrity")).body.data;
  check(integrity.unbalanced_stock.length === 0, `stock ledger balanced (${integrity.unbalanced_stock.length} variants off)`);
  check(
    integrity.unbalanced_ledgers.length === 0,
    `points and wallet ledgers balanced (${integrity.unbalanced_ledgers.length} off)`,
  );
  check(integrity.stuck_reservations.length === 0, `no stuck reservations (${integrity.stuck_reservations.length})`);
  check(
    integrity.money_mismatches.length === 0,
    `every order holds the money its state says (${integrity.money_mismatches.length} off)`,
  );

  exitCode = failures.length === 0 ? 0 : 1;
  console.log(failures.length === 0 ? "Reliability suite passed" : `Reliability suite FAILED: ${failures.length} checks`);
} catch (error) {
  console.error(error);
} finally {
  await stopAll([...children.values()]);
  await db.drop();
}
process.exit(exitCode);
