import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Envelope } from "@shop/contract";
import { STAFF_ROLES, type StaffRole } from "@shop/contract/admin";
import { eq } from "drizzle-orm";
import { buildApp, type ShopApp } from "../app/app.js";
import { type Database, openDatabase } from "../db/client.js";
import { payoutAccounts } from "../db/schema/index.js";
import { DEMO_STAFF, seedDemo } from "../demo/seed.js";
import { createProviders, type Providers } from "../integrations/providers.js";
import type { CardGateway } from "../integrations/tappay/client.js";
import { loadConfig } from "../lib/config/index.js";
import { adminQuery } from "./global-setup.js";

export interface TestApp extends ShopApp {
  database: Database;
  clock: { now: Date; advance(seconds: number): void };
  /** The providers the app was built with (their simulators, when not configured). */
  providers: Providers;
  /** JSON call through the app, no network port. */
  call<T = unknown>(
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    options?: { body?: unknown; token?: string; ip?: string; headers?: Record<string, string>; rawBody?: string },
  ): Promise<{ status: number; body: Envelope<T> }>;
  close(): Promise<void>;
}

/** Where this run's template is (test/global-setup.ts), if any. */
const templateDir = () => process.env.SHOP_TEST_TEMPLATE;

function templateFile(name: string): string | undefined {
  const dir = templateDir();
  const file = dir ? path.join(dir, name) : undefined;
  return file && fs.existsSync(file) ? file : undefined;
}

/**
 * A fresh, migrated and seeded database per test file: in-memory PGlite by default, or a new
 * PostgreSQL database when TEST_DATABASE_URL (or DATABASE_URL) points at a server (dropped on close).
 * With `template`, the database starts as the run's migrated (`empty`) or seeded copy when there is
 * one; `seeded` tells whether the demo rows are already in.
 */
export async function freshDatabase(
  template?: "empty" | "seeded",
): Promise<{ database: Database; url?: string; seeded: boolean; dispose(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!serverUrl) {
    const file = template && templateFile(`${template}.tar`);
    const database = await openDatabase(file ? { template: new Blob([fs.readFileSync(file)]) } : {});
    return { database, seeded: Boolean(file) && template === "seeded", dispose: () => database.close() };
  }
  const names = templateFile("postgres.json");
  const source = template && names ? (JSON.parse(fs.readFileSync(names, "utf8")) as Record<string, string>)[template] : undefined;
  const name = `shop_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(serverUrl, source ? `create database ${name} template ${source}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  return {
    database,
    url: url.toString(),
    seeded: Boolean(source) && template === "seeded",
    async dispose() {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

export async function createTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    /** Wraps the card gateway (the TapPay simulator): tests inject provider faults with it. */
    card?: (card: CardGateway) => CardGateway;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    TEST_MODE: "1",
    LOG_LEVEL: "silent",
    AUTH_RATE_LIMIT_PER_MINUTE: "1000",
    // Background jobs run when a test says so (services.jobs.runDue), never behind its back.
    JOB_POLL_SECONDS: "0",
    ...options.env,
  });
  const { database, seeded, dispose } = await freshDatabase(options.seed === false ? "empty" : "seeded");
  await database.migrate();
  if (seeded) {
    // The template's rows are in; its demo images are files beside it.
    fs.cpSync(path.join(templateDir() as string, "uploads"), path.join(dataDir, "uploads"), { recursive: true });
  } else if (options.seed !== false) await seedDemo(database.db, dataDir);

  const clock = {
    now: new Date(),
    advance(seconds: number) {
      clock.now = new Date(clock.now.getTime() + seconds * 1000);
    },
  };
  const providers = await createProviders(config);
  if (options.card) providers.card = options.card(providers.card);
  const shop = await buildApp({ config, database, providers, logger: false, now: () => clock.now });
  await shop.app.ready();

  return {
    ...shop,
    database,
    clock,
    providers,
    async call(method, url, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (opts.body !== undefined || opts.rawBody !== undefined) headers["content-type"] ??= "application/json";
      const response = await shop.app.inject({
        method,
        url,
        headers,
        remoteAddress: opts.ip ?? "127.0.0.1",
        payload: opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
      });
      // Non-JSON answers (a CSV export) come back as the envelope's data.
      const json = String(response.headers["content-type"] ?? "").includes("json");
      return {
        status: response.statusCode,
        body: json ? response.json() : { status: response.statusCode < 400, message: "", data: response.body as never },
      };
    },
    async close() {
      await shop.app.close();
      await dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Reads the 6-digit code from the last SMS the test-mode sink captured for a phone. */
export function lastCaptcha(app: TestApp, phone: string): string {
  const text = app.capturedSms?.lastTo(phone)?.text ?? "";
  const code = /(\d{6})/.exec(text)?.[1];
  if (!code) throw new Error(`no captcha SMS for ${phone}`);
  return code;
}

let phoneCounter = 0;
/** A phone number no other test in this file uses. */
export function uniquePhone(): string {
  phoneCounter++;
  return `09${String(50_000_000 + phoneCounter * 7919 + (process.pid % 1000) * 10_007).slice(-8)}`;
}

/** Signs a demo (or any) account in and returns its bearer token. */
export async function loginAs(app: TestApp, account: { phone: string; password: string }): Promise<string> {
  const r = await app.call<{ token: string }>("POST", "/api/auth/login", {
    body: { account: account.phone, password: account.password },
  });
  if (r.status !== 200) throw new Error(`login ${account.phone}: ${r.status} ${r.body.message}`);
  return r.body.data.token;
}

/** A signed-in back-office token for each demo staff role. */
export async function staffTokens(app: TestApp): Promise<Record<StaffRole, string>> {
  const tokens = {} as Record<StaffRole, string>;
  for (const role of STAFF_ROLES) {
    const s = DEMO_STAFF[role];
    const r = await app.call<{ token: string }>("POST", "/api/admin/auth/login", {
      body: { username: s.username, password: s.password },
    });
    tokens[role] = r.body.data.token;
  }
  return tokens;
}

/**
 * Sets a member's payout account as the bank modal does: the code to their phone, then the account
 * with it (decision 77). By default the change is then dated past the withdrawal hold, for tests of
 * something else; `{ onHold: true }` leaves it new.
 */
export async function setPayoutAccount(
  app: TestApp,
  token: string,
  account: { bank_user_name: string; bank_code: string; branch_code: string; bank_account: string },
  opts: { onHold?: boolean } = {},
) {
  const me = (await app.call<{ id: number; phone: string }>("GET", "/api/user/get", { token })).body.data;
  const sent = await app.call("POST", "/api/user/payout/code", { token, body: {} });
  if (sent.status !== 200) throw new Error(`payout code ${sent.status} ${sent.body.message}`);
  const saved = await app.call("POST", "/api/supmall/updateBank", {
    token,
    body: { ...account, captcha: lastCaptcha(app, me.phone) },
  });
  if (saved.status !== 200) throw new Error(`payout account ${saved.status} ${saved.body.message}`);
  if (!opts.onHold)
    await app.database.db
      .update(payoutAccounts)
      .set({ updatedAt: new Date(app.clock.now.getTime() - 30 * 86_400_000) })
      .where(eq(payoutAccounts.memberId, me.id));
  return saved;
}
