/**
 * The go-live rehearsal (npm run test:golive; decision 76): a new shop taken live on this machine
 * as its owner would, in production mode on PostgreSQL and Redis, with every enabled provider's
 * real client talking to its local fake. From an empty database: migrate, make the first owner,
 * sign in with TOTP, create a category and a product with a photo and variants, set shipping and
 * payments; then three shoppers pay by card with 3-D Secure, by transfer and cash on delivery at a
 * store; invoices are issued, customers e-mailed, orders shipped, delivered and completed, the CSV
 * export read, and /metrics shows no stuck work. It starts from deploy/shop.env.example.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { productionProblems } from "../../apps/server/src/app/production.js";
import { loadConfig } from "../../apps/server/src/lib/config/index.js";
import { startFakes } from "./fakes.js";
import { eventually, shopApi } from "./shop-api.js";
import { METRICS_TOKEN, OWNER, runShopDay } from "./shop-day.js";

const root = path.resolve(import.meta.dirname, "../..");
const adminUrl = process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379/6";
const port = 3870;
const origin = `http://127.0.0.1:${port}`;

const step = (what: string) => console.log(`\n== ${what}`);
function check(ok: unknown, what: string) {
  if (!ok) throw new Error(`FAILED: ${what}`);
  console.log(`  ok  ${what}`);
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** deploy/shop.env.example as written: every KEY=value line. */
function exampleEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of fs.readFileSync(path.join(root, "deploy/shop.env.example"), "utf8").split("\n")) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line);
    if (m?.[1]) env[m[1]] = (m[2] ?? "").replace(/^"(.*)"$/, "$1").replaceAll('\\"', '"');
  }
  return env;
}

const node = (args: string[], env: Record<string, string>, input?: string) =>
  spawnSync(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, input, encoding: "utf8", timeout: 120_000 });

const dbName = `shop_golive_${process.pid}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-golive-"));
const fakes = await startFakes();
let server: ReturnType<typeof spawn> | undefined;
let failed = false;
try {
  step("An empty PostgreSQL database, Redis, and the providers' fakes on 127.0.0.1");
  await admin(`create database ${dbName}`);
  // The rehearsal's Redis database starts empty: rate-limit counters of an earlier run would refuse its codes.
  const redis = new Redis(redisUrl, { lazyConnect: true });
  await redis.connect();
  await redis.flushdb();
  redis.disconnect();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const env: Record<string, string> = {
    ...exampleEnv(),
    NODE_ENV: "production",
    PUBLIC_URL: "https://golive.example.com",
    DATABASE_URL: url.toString(),
    REDIS_URL: redisUrl,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    JOB_POLL_SECONDS: "1",
    METRICS_TOKEN,
    TRUST_PROXY: "0",
    SHIP_SENDER_PHONE: "0912000111",
    SHIP_SENDER_ADDRESS: "嘉義縣阿里山鄉中正村 1 號",
    HCT_CONSIGNMENT_NUMBERS: "1234567890-1234567999",
    HCT_CUSTOMER_CODE: "C000123",
    // No LINE official account and no social sign-in: those channels are switched off, as a new
    // shop may have them (decision 74). Everything else is on, against its fake.
    CHANNEL_LINE_MESSAGES: "off",
    CHANNEL_LINE_LOGIN: "off",
    CHANNEL_GOOGLE_LOGIN: "off",
    CHANNEL_FACEBOOK_LOGIN: "off",
    ...fakes.env,
  };
  const problems = productionProblems(loadConfig(env), { localFakes: true });
  check(problems.length === 0, `deploy/shop.env.example, filled in, passes the production check ${problems.join("; ")}`);

  step("Build the server, then the real production start refuses the fakes");
  const built = spawnSync("npm", ["run", "build", "-w", "@shop/server", "--silent"], { cwd: root, encoding: "utf8" });
  check(built.status === 0, "the server compiles");
  if (!fs.existsSync(path.join(root, "apps/web/build/server/index.js")))
    check(
      spawnSync("npm", ["run", "build", "-w", "@shop/web"], { cwd: root, stdio: "inherit" }).status === 0,
      "the storefront builds",
    );
  const refused = node(["apps/server/dist/main.mjs"], env);
  check(
    refused.status === 1 && refused.stderr.includes("TAPPAY_API_URL must not be set in production"),
    "node apps/server/dist/main.mjs refuses to start with the fakes' URLs (exit 1, naming them)",
  );

  step("npm run migrate, then the first owner (password on standard input)");
  const migrated = node(["apps/server/dist/cli.mjs", "migrate"], env);
  check(migrated.status === 0, `migrate: ${migrated.stdout.trim() || migrated.stderr.trim()}`);
  const owner = node(
    ["apps/server/dist/cli.mjs", "owner-create", "--username", OWNER.username, "--name", "王老闆"],
    env,
    `${OWNER.password}\n`,
  );
  check(owner.status === 0, `owner-create: ${owner.stdout.trim() || owner.stderr.trim()}`);
  const again = node(["apps/server/dist/cli.mjs", "owner-create", "--username", "second"], env, `${OWNER.password}\n`);
  check(again.status === 1, "a second owner-create is refused while an owner exists");

  step("Start in production mode (the rehearsal's entry: the real start, fakes allowed)");
  server = spawn(process.execPath, ["--import", "tsx", "scripts/golive/server.ts"], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const api = shopApi(origin);
  await eventually(
    "the shop to be ready",
    async () => (await api.call("GET", "/api/ready").catch(() => null))?.status === 200,
    90,
  );
  check(true, "/api/ready answers 200 in production mode on PostgreSQL");

  await runShopDay({ api, fakes, check, step, origin });
} catch (error) {
  failed = true;
  console.error(`\n${(error as Error).stack ?? error}`);
} finally {
  server?.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 1500));
  await fakes.close();
  await admin(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(failed ? "\nGo-live rehearsal FAILED" : "\nGo-live rehearsal passed");
process.exit(failed ? 1 : 0);
