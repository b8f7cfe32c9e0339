import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Database, openDatabase } from "../db/client.js";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * A real server process for crash tests: its own data folder and port, its own PostgreSQL database
 * when TEST_DATABASE_URL is set (PGlite in the data folder otherwise), started and killed at will.
 */
export function serverProcess(name: string, portBase: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-${name}-`));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const dbName = `shop_${name.replaceAll("-", "_")}_${process.pid}`;
  const port = portBase + (process.pid % 2000);
  let databaseUrl: string | undefined;

  async function adminQuery(q: string) {
    const pg = (await import("pg")).default;
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  }

  return {
    dataDir,
    base: `http://127.0.0.1:${port}`,
    /** A fresh database for this test (PostgreSQL), before anything opens it. */
    async createDatabase() {
      if (!serverUrl) return;
      await adminQuery(`drop database if exists ${dbName} with (force)`);
      await adminQuery(`create database ${dbName}`);
      const u = new URL(serverUrl);
      u.pathname = `/${dbName}`;
      databaseUrl = u.toString();
    },
    /** The database from the test's side (PGlite allows one process: close it before start). */
    open(): Promise<Database> {
      return openDatabase(databaseUrl ? { url: databaseUrl, poolSize: 2 } : { dataDir: path.join(dataDir, "db") });
    },
    start(env: Record<string, string>): ChildProcess {
      return spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
        cwd: serverDir,
        env: {
          ...process.env,
          NODE_ENV: "development",
          PORT: String(port),
          HOST: "127.0.0.1",
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl ?? "",
          SERVE_WEB: "0",
          SEED_DEMO: "0",
          AUTH_RATE_LIMIT_PER_MINUTE: "100000",
          ...env,
        },
        stdio: ["ignore", "ignore", "inherit"],
      });
    },
    async cleanUp() {
      if (serverUrl) await adminQuery(`drop database if exists ${dbName} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
