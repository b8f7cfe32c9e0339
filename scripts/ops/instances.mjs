// Helpers the operations suites share: a fresh PostgreSQL database, app instances as child
// processes (API only, test mode), HTTP calls and checks that are printed as they pass or fail.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const adminUrl = process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function sql(query, url = adminUrl) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(query);
  } finally {
    await c.end();
  }
}

/** A fresh database for one suite run; `drop()` removes it. */
export async function freshDatabase(prefix) {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  await sql(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => sql(`drop database if exists ${name} with (force)`).catch(() => {}) };
}

export async function flushRedis(url) {
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.flushdb();
  await redis.quit();
}

/** Starts one instance of the shop (API only) and returns its child process. */
export function startInstance(port, env) {
  return spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      SERVE_WEB: "0",
      TEST_MODE: "1",
      LOG_LEVEL: "error",
      JOB_POLL_SECONDS: "1",
      DATA_DIR: path.join("/tmp", `shop-ops-${port}-${process.pid}`),
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

export async function waitReady(port, seconds = 60) {
  for (let i = 0; i < seconds * 4; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) return;
    } catch {}
    await sleep(250);
  }
  throw new Error(`instance on ${port} did not become ready`);
}

/** One JSON call; a refused connection comes back as status 0. */
export async function call(port, method, url, { body, token } = {}) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: {
        ...(body ? { "content-type": "application/json" } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    return { status: res.status, body: await res.json().catch(() => ({})) };
  } catch (error) {
    return { status: 0, body: { message: String(error?.cause?.code ?? error?.message ?? error) } };
  }
}

export function checks() {
  const failures = [];
  return {
    failures,
    check(ok, what) {
      console.log(`${ok ? "  ok  " : "  FAIL"} ${what}`);
      if (!ok) failures.push(what);
    },
  };
}

export async function stopAll(children) {
  for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
  await sleep(1000);
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
}

/** A fast order the demo member can place (transfer, home delivery). */
export const fastOrder = (variantId) => ({
  variant_id: variantId,
  qty: 1,
  ship_method: "hct",
  payment_method: "transfer",
  receiver: { name: "王小明", phone: "0912345678" },
  address: { zip: "100", county: "台北市", district: "中正區", line: "重慶南路一段 122 號" },
  invoice: { type: "member" },
});

/**
 * One request of the realistic mix: browse 80% (a product page or a category page), cart 15%,
 * checkout 5%. `n` varies the page; the variant is what is put in the cart or bought.
 */
export function mixedRequest(n, variantId) {
  const r = Math.random();
  if (r < 0.8) {
    const url = n % 2 ? `/api/product/get?id=${1 + (n % 12)}` : `/api/category/find?id=1&page=${1 + (n % 3)}`;
    return { kind: "browse", method: "GET", url, signedIn: false };
  }
  if (r < 0.95)
    return { kind: "cart", method: "POST", url: "/api/cart/store", body: { variant_id: variantId, qty: 1 }, signedIn: true };
  return { kind: "checkout", method: "POST", url: "/api/order/store/fast", body: fastOrder(variantId), signedIn: true };
}

/** Tokens of the demo member (the buyer) and the demo operator (stock changes). */
export async function demoTokens(port) {
  const member = await call(port, "POST", "/api/auth/login", { body: { account: "0912345678", password: "demo1234" } });
  const staff = await call(port, "POST", "/api/admin/auth/login", { body: { username: "operator", password: "operator12345" } });
  return { token: member.body.data.token, staff: staff.body.data.token };
}

/** Adds stock to the first variant of each product (so only faults make checkouts fail); returns the variant ids. */
export async function topUpStock(port, staff, productIds, delta) {
  const variantIds = [];
  for (const productId of productIds) {
    const v = (await call(port, "GET", `/api/admin/products/${productId}`, { token: staff })).body.data.variants[0];
    await call(port, "POST", `/api/admin/products/${productId}/stock`, {
      token: staff,
      body: { variant_id: v.id, delta, reason: "restock", note: "operations suite" },
    });
    variantIds.push(v.id);
  }
  return variantIds;
}
