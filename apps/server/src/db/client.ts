import fs from "node:fs";
import path from "node:path";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { serverDir } from "../lib/server-dir.js";
import { startPgliteThread } from "./pglite-thread.js";

/**
 * One type for both drivers: the same queries run on PGlite and PostgreSQL. Opened without the
 * schema: nothing uses drizzle's relational `db.query` API, and with the schema every transaction
 * built a query builder for each of the ~90 tables (issue 51).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle has the same query API. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball (a test template). */
  dump?(): Promise<Blob>;
}

const migrationsFolder = path.join(serverDir, "drizzle");

/**
 * The session-level advisory lock PostgreSQL migrations run under (decision 73). Outside the range
 * of `hashtext()` keys (int4) and of the small fixed keys the modules lock, so it meets neither.
 */
const MIGRATION_LOCK = "7301000000001";

/**
 * Applies the migrations on PostgreSQL with one instance at a time: instances started together on
 * an empty database would otherwise collide creating the drizzle schema and its table, or apply a
 * migration twice. The lock belongs to the session, so the migrator runs on the one client that
 * holds it.
 */
async function migrateLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  // Set by attempt() (a closure), so declared wide: the compiler would narrow a plain `let` to undefined.
  let failure = undefined as Error | undefined;
  const attempt = async (step: () => Promise<unknown>) => {
    try {
      await step();
    } catch (error) {
      failure ??= error instanceof Error ? error : new Error(String(error));
    }
  };
  await attempt(() => client.query("select pg_advisory_lock($1::bigint)", [MIGRATION_LOCK]));
  if (!failure) {
    await attempt(() => migratePg(drizzlePg(client), { migrationsFolder }));
    // Unlocked whatever the migrator did; its error, if any, is the one reported.
    await attempt(() => client.query("select pg_advisory_unlock($1::bigint)", [MIGRATION_LOCK]));
  }
  // A client that failed is closed, not pooled: its session, and any lock it still holds, end with it.
  client.release(failure);
  if (failure) throw failure;
}

export interface OpenOptions {
  /** postgres:// URL; PGlite when absent. */
  url?: string;
  /** PGlite data folder; in-memory when absent. */
  dataDir?: string;
  /** In-memory PGlite started from a dump of another (tests: a migrated and seeded template). */
  template?: Blob;
  poolSize?: number;
  /** Told when an idle pooled connection fails (logged by the server). */
  onIdleError?: (error: Error) => void;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection can be cut by the server (restart, failover, a dropped database). Without
    // a listener that error would crash the process; the pool simply opens a new connection.
    pool.on("error", (error) => {
      options.onIdleError?.(error);
    });
    // A connection in use can be cut too (between the statements of a transaction): its query
    // fails with the error (answered 503), and the listener keeps the process alive.
    pool.on("connect", (client) => {
      client.on("error", (error) => options.onIdleError?.(error));
    });
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      driver: "postgres",
      migrate: () => migrateLocked(pool),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  // PGlite runs in its own thread (pglite-thread.ts), reached through the same driver as PostgreSQL.
  const thread = await startPgliteThread({
    dataDir: options.dataDir,
    template: options.template ? await options.template.arrayBuffer() : undefined,
  });
  const pool = new pg.Pool({
    stream: () => thread.connect(),
    user: "postgres",
    database: "postgres",
    max: options.poolSize ?? 10,
    allowExitOnIdle: true,
  });
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    driver: "pglite",
    migrate: () => migratePg(db as never, { migrationsFolder }),
    close: async () => {
      await pool.end();
      await thread.close();
    },
    dump: () => thread.dump(),
  };
}

/** The one row an INSERT/UPDATE … RETURNING or an aggregate must give back. */
export function single<T>(rows: T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error("expected one row");
  return row;
}
