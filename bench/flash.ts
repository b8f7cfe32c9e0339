// 限時搶購 rehearsal, one command: `npm run build` once, then `npm run bench:flash` (issue 51, decision 100).
// A fresh PostgreSQL database, TWO instances of the built server (apps/server/dist/main.mjs) on it and
// on Redis (deploy/compose.yaml's shape, on this machine), one product with a 1-minute 限時搶購 hold,
// 每人限購 1 and 100 units of one variant; 5,000 members with sessions written straight into the
// database (the auth module's own token scheme: a random token, its SHA-256 stored). Then 5,000
// buyers arrive within 10 s, alternating the two instances as a load balancer would, each doing
// quote → card prime on the TapPay simulator → place the order by card, retrying a 429 after its
// Retry-After as a phone would, until answered paid or 已售完 (or its budget runs out). One buyer in
// ten pays with a declined card and never pays: the sweep (ORDER_SWEEP_SECONDS=5) cancels those
// orders when the hold ends and a second wave of buyers gets the released units.
// Prints figures as JSON (docs/performance.md keeps them). PG_ADMIN_URL, REDIS_URL (default db 11),
// FLASH_BUYERS, FLASH_UNITS, FLASH_ARRIVAL_S, FLASH_PORTS ("5821,5822") change the shape.
import { spawn } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { type Answer, type Buyer, buyerRun, FLASH_PRODUCT, percentile, type RequestLog, waitReady } from "./flash-buyer.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const adminUrl = process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379/11";
const BUYERS = Number(process.env.FLASH_BUYERS ?? 5000);
const UNITS = Number(process.env.FLASH_UNITS ?? 100);
const ARRIVAL_S = Number(process.env.FLASH_ARRIVAL_S ?? 10);
const NEVER_PAY_EVERY = 10;
const LATE_WAVE = Number(process.env.FLASH_LATE_BUYERS ?? 300);
const ports = (process.env.FLASH_PORTS ?? "5821,5822").split(",").map(Number);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sha256 = (v: string) => createHash("sha256").update(v).digest("hex");

const main = path.join(root, "apps/server/dist/main.mjs");
if (!existsSync(main)) {
  console.error("apps/server/dist/main.mjs is missing: run `npm run build` first.");
  process.exit(1);
}

/** FLUSHDB on the rehearsal's Redis database (its cache and counters from an earlier run), in plain RESP. */
function flushRedis(url: string) {
  const u = new URL(url);
  const db = Number(u.pathname.slice(1) || 0);
  return new Promise<void>((resolve, reject) => {
    const socket = net.connect(Number(u.port || 6379), u.hostname, () => socket.write(`SELECT ${db}\r\nFLUSHDB\r\nQUIT\r\n`));
    let reply = "";
    socket.on("data", (d) => {
      reply += d.toString();
    });
    socket.on("end", () => (reply.startsWith("+OK") ? resolve() : reject(new Error(`redis: ${reply}`))));
    socket.on("error", reject);
  });
}

async function admin<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

function startInstance(port: number, dbUrl: string) {
  return spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      TEST_MODE: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      SERVE_WEB: "0",
      LOG_LEVEL: "error",
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl,
      JOB_POLL_SECONDS: "1",
      ORDER_SWEEP_SECONDS: "5",
      // Room beside the gate's 8 admitted checkouts for session look-ups and the job queue (2 × 20 < max_connections 100).
      DATABASE_POOL_SIZE: process.env.FLASH_POOL_SIZE ?? "20",
      MALLOC_MMAP_THRESHOLD_: "32768",
      // Its own request-time histograms on a private port: how long answers took inside the instance.
      METRICS_PORT: String(port + 100),
      DATA_DIR: path.join("/tmp", `shop-flash-${port}-${process.pid}`),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

/** 5,000 members and one live session each, in two statements (no SMS registration). */
async function members(dbUrl: string, n: number) {
  const tokens = Array.from({ length: n }, () => randomBytes(32).toString("base64url"));
  const phones = tokens.map((_, i) => `09${String(70_000_000 + i).padStart(8, "0")}`);
  const ids = await admin<{ id: number }>(
    dbUrl,
    `insert into members (phone, name, refcode)
     select p, '搶購買家' || i, 'FL' || lpad(i::text, 6, '0') from unnest($1::text[]) with ordinality as t(p, i)
     returning id`,
    [phones],
  );
  await admin(
    dbUrl,
    `insert into auth_tokens (member_id, token_hash, expires_at)
     select m, h, now() + interval '1 day' from unnest($1::int[], $2::text[]) as t(m, h)`,
    [ids.map((r) => r.id), tokens.map(sha256)],
  );
  return ids.map((r, i) => ({ memberId: r.id, token: tokens[i] as string, phone: phones[i] as string }));
}

/** The flash product: hold 1 minute, 每人限購 1, exactly UNITS of its first variant (through the stock ledger). */
async function product(dbUrl: string) {
  const [v] = await admin<{ id: number; stock: number }>(
    dbUrl,
    "select id, stock from variants where product_id = $1 order by sort, id limit 1",
    [FLASH_PRODUCT],
  );
  if (!v) throw new Error("the demo product is missing");
  await admin(dbUrl, "update products set hold_minutes = 1, per_member_limit = 1, per_order_limit = null where id = $1", [
    FLASH_PRODUCT,
  ]);
  await admin(dbUrl, "update variants set preorder_cap = null where product_id = $1", [FLASH_PRODUCT]);
  return v.id;
}

async function setStock(port: number, variantId: number, to: number) {
  const login = await fetch(`http://127.0.0.1:${port}/api/admin/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "operator", password: "operator12345" }),
  });
  const staff = ((await login.json()) as { data: { token: string } }).data.token;
  const get = await fetch(`http://127.0.0.1:${port}/api/admin/products/${FLASH_PRODUCT}`, {
    headers: { authorization: `Bearer ${staff}` },
  });
  const now = ((await get.json()) as { data: { variants: Array<{ id: number; stock: number }> } }).data.variants.find(
    (x) => x.id === variantId,
  );
  const r = await fetch(`http://127.0.0.1:${port}/api/admin/products/${FLASH_PRODUCT}/stock`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${staff}` },
    body: JSON.stringify({ variant_id: variantId, delta: to - (now?.stock ?? 0), reason: "adjust", note: "限時搶購 rehearsal" }),
  });
  if (!r.ok) throw new Error(`stock ${r.status} ${await r.text()}`);
}

async function wave(buyers: Buyer[], spreadMs: number, log: RequestLog[]) {
  const started = Date.now();
  return Promise.all(
    buyers.map(async (b, i) => {
      await sleep(Math.round((i * spreadMs) / Math.max(1, buyers.length)) - (Date.now() - started));
      return buyerRun(b, log);
    }),
  );
}

async function ledgers(dbUrl: string, variantId: number) {
  const q = <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => admin<T>(dbUrl, text, values);
  const [sold] = await q<{ units: number; stock: number }>(
    `select coalesce((select sum(l.qty) from order_lines l join orders o on o.id = l.order_id
       where l.variant_id = $1 and o.status not in ('cancelled', 'refunded')), 0)::int as units,
       (select stock from variants where id = $1) as stock`,
    [variantId],
  );
  const stockUnbalanced = await q(
    `select v.id from variants v left join stock_movements m on m.variant_id = v.id
     group by v.id, v.stock having v.stock <> coalesce(sum(m.delta), 0)`,
  );
  const loyaltyUnbalanced = await q(
    `select a.member_id from loyalty_accounts a
     where a.points <> coalesce((select sum(delta) from point_entries e where e.member_id = a.member_id), 0)
        or a.wallet <> coalesce((select sum(delta) from wallet_entries e where e.member_id = a.member_id), 0)`,
  );
  const moneyMismatch = await q(
    `select o.order_no from orders o
     where coalesce((select sum(p.amount - p.refunded) from payments p where p.order_id = o.id and p.status in ('paid', 'refunded')), 0)
       <> case when o.status in ('pending_payment', 'cancelled') then 0 when o.status = 'refunded' then 0 else o.payable end`,
  );
  const overLimit = await q(
    `select o.member_id from orders o join order_lines l on l.order_id = o.id
     where l.variant_id = $1 and o.status not in ('cancelled', 'refunded') group by o.member_id having sum(l.qty) > 1`,
    [variantId],
  );
  return {
    soldUnits: sold?.units ?? 0,
    stockLeft: sold?.stock ?? 0,
    stockUnbalanced: stockUnbalanced.length,
    loyaltyUnbalanced: loyaltyUnbalanced.length,
    moneyMismatch: moneyMismatch.length,
    overMemberLimit: overLimit.length,
  };
}

/** Inside the instances: each checkout route's requests answered within 1 s and 2.5 s (the histograms' buckets), summed. */
async function serverSide() {
  const within = new Map<string, { n: number; le1: number; le2_5: number }>();
  for (const port of ports) {
    const text = await (await fetch(`http://127.0.0.1:${port + 100}/metrics`)).text();
    for (const m of text.matchAll(
      /^http_request_duration_seconds_bucket\{le="([^"]+)",method="POST",route="([^"]+)",status_code="[^"]+"\} (\d+)/gm,
    )) {
      const [, le, route, n] = m as unknown as [string, string, string, string];
      const w = within.get(route) ?? { n: 0, le1: 0, le2_5: 0 };
      if (le === "+Inf") w.n += Number(n);
      if (le === "1") w.le1 += Number(n);
      if (le === "2.5") w.le2_5 += Number(n);
      within.set(route, w);
    }
  }
  return Object.fromEntries(within);
}

function summary(answers: Answer[]) {
  const count = (k: Answer["outcome"]) => answers.filter((a) => a.outcome === k).length;
  return {
    paid: count("paid"),
    soldOut: count("sold_out"),
    unpaid: count("unpaid"),
    gaveUp: count("gave_up"),
    other: count("other"),
  };
}

const dbName = `shop_flash_${process.pid}_${Date.now().toString(36)}`;
await admin(adminUrl, `create database ${dbName}`);
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const children: ReturnType<typeof spawn>[] = [];
let exitCode = 1;
try {
  await flushRedis(redisUrl);

  // The first instance migrates and seeds; the product is set before anyone reads (and caches) it.
  children.push(startInstance(ports[0] as number, dbUrl));
  await waitReady(ports[0] as number);
  const variantId = await product(dbUrl);
  await setStock(ports[0] as number, variantId, UNITS);
  children.push(startInstance(ports[1] as number, dbUrl));
  await waitReady(ports[1] as number);
  const t0 = Date.now();
  const people = await members(dbUrl, BUYERS + LATE_WAVE);
  const setupMs = Date.now() - t0;

  const log: RequestLog[] = [];
  const first = people.slice(0, BUYERS).map((p, i) => ({
    ...p,
    port: ports[i % ports.length] as number,
    variantId,
    neverPays: i % NEVER_PAY_EVERY === NEVER_PAY_EVERY - 1,
    key: randomUUID(),
  }));
  const rushStart = Date.now();
  // The machine's load while the rush runs (other work on it shows here).
  const loads: number[] = [];
  const sampler = setInterval(() => loads.push(os.loadavg()[0] ?? 0), 1000);
  const answers = await wave(first, ARRIVAL_S * 1000, log);
  clearInterval(sampler);
  const rushMs = Date.now() - rushStart;
  const paidAt = answers.filter((a) => a.outcome === "paid").map((a) => a.at - rushStart);
  const acknowledged = answers.filter((a) => a.orderNo).map((a) => a.orderNo as string);
  const inDb = new Set(
    (await admin<{ order_no: string }>(dbUrl, "select order_no from orders where order_no = any($1)", [acknowledged])).map(
      (r) => r.order_no,
    ),
  );
  const held = answers.filter((a) => a.outcome === "unpaid").length;
  const inside = await serverSide();

  // The hold: unpaid orders are cancelled by the sweep a minute after they were placed.
  const releaseStart = Date.now();
  let pending = held;
  while (pending > 0 && Date.now() - releaseStart < 150_000) {
    await sleep(1000);
    const [r] = await admin<{ n: number }>(dbUrl, "select count(*)::int as n from orders where status = 'pending_payment'");
    pending = r?.n ?? 0;
  }
  const [released] = await admin<{ units: number }>(
    dbUrl,
    `select coalesce(sum(l.qty), 0)::int as units from order_lines l join orders o on o.id = l.order_id
     where l.variant_id = $1 and o.status = 'cancelled'`,
    [variantId],
  );
  // Memo of sold-out variants lives ~1 s: a phone refreshing a little later sees the released units.
  await sleep(1500);
  const late = people.slice(BUYERS).map((p, i) => ({
    ...p,
    port: ports[i % ports.length] as number,
    variantId,
    neverPays: false,
    key: randomUUID(),
  }));
  const lateLog: RequestLog[] = [];
  const lateAnswers = await wave(late, 2000, lateLog);
  const after = await ledgers(dbUrl, variantId);
  const all = [...log, ...lateLog];
  const ms = log.map((r) => r.ms).sort((a, b) => a - b);
  const figures = {
    buyers: BUYERS,
    units: UNITS,
    setupMembersMs: setupMs,
    rush: summary(answers),
    rushSeconds: rushMs / 1000,
    loadAverageDuringRush: loads.length ? Math.round((loads.reduce((a, b) => a + b, 0) / loads.length) * 10) / 10 : null,
    timeToSellOutS: paidAt.length ? Math.max(...paidAt) / 1000 : null,
    requests: log.length,
    p50ms: percentile(ms, 0.5),
    p95ms: percentile(ms, 0.95),
    p99ms: percentile(ms, 0.99),
    maxms: ms.at(-1) ?? 0,
    // Each step's own times: where the answers waited.
    byPath: Object.fromEntries(
      [...new Set(log.map((r) => r.path))].sort().map((p) => {
        const t = log
          .filter((r) => r.path === p)
          .map((r) => r.ms)
          .sort((a, b) => a - b);
        return [p, { n: t.length, p50: percentile(t, 0.5), p99: percentile(t, 0.99) }];
      }),
    ),
    insideInstances: inside,
    status429: all.filter((r) => r.status === 429).length,
    status5xx: all.filter((r) => r.status >= 500).length,
    unanswered: all.filter((r) => r.status === 0).length,
    byStatus: Object.fromEntries(
      [...new Set(all.map((r) => `${r.path} ${r.status}`))]
        .sort()
        .map((k) => [k, all.filter((r) => `${r.path} ${r.status}` === k).length]),
    ),
    noAnswer: Object.fromEntries(
      [...new Set(all.filter((r) => r.error).map((r) => r.error as string))].map((e) => [
        e,
        all.filter((r) => r.error === e).length,
      ]),
    ),
    lostAcknowledged: acknowledged.filter((n) => !inDb.has(n)).length,
    holdOrdersUnpaid: held,
    releaseSeconds: (Date.now() - releaseStart) / 1000,
    unitsReleased: released?.units ?? 0,
    lateWave: summary(lateAnswers),
    ...after,
    oversold: Math.max(0, after.soldUnits - UNITS) + (after.stockLeft < 0 ? -after.stockLeft : 0),
  };
  console.log(JSON.stringify(figures, null, 2));
  const ok =
    figures.oversold === 0 &&
    figures.lostAcknowledged === 0 &&
    figures.status5xx === 0 &&
    figures.unanswered === 0 &&
    after.stockUnbalanced === 0 &&
    after.loyaltyUnbalanced === 0 &&
    after.moneyMismatch === 0 &&
    after.overMemberLimit === 0;
  exitCode = ok ? 0 : 1;
} catch (error) {
  console.error(error);
} finally {
  for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
  await sleep(1500);
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  await admin(adminUrl, `drop database if exists ${dbName} with (force)`).catch(() => {});
}
process.exit(exitCode);
