import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Database, openDatabase } from "../db/client.js";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * A real server process for crash tests: its own data folder and port, its own PostgreSQL database
 * when TEST_DATABASE_URL is set (PGlite in the data folder otherwise), started and killed at will.
 */
export function serverProcess(name: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-${name}-`));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const dbName = `shop_${name.replaceAll("-", "_")}_${process.pid}`;
  // Chosen by the system when the database is made: a fixed port could be taken by another
  // process's outgoing connection (the ephemeral range covers 32768-60999), which CI once met.
  let port = 0;
  let databaseUrl: string | undefined;
  let exited: string | undefined;

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
    get base() {
      if (!port) throw new Error("createDatabase() first: it chooses the port");
      return `http://127.0.0.1:${port}`;
    },
    /** A free port, and a fresh database for this test (PostgreSQL), before anything opens it. */
    async createDatabase() {
      port = await freePort();
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
      exited = undefined;
      const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
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
      child.once("exit", (code, signal) => {
        exited = `exited with ${signal ?? code}`;
      });
      return child;
    },
    /** Waits for /api/health; a server that died on start fails at once, saying how. */
    async waitHealthy(deadlineMs = 90_000) {
      const until = Date.now() + deadlineMs;
      while (Date.now() < until) {
        if (exited) throw new Error(`the server ${exited} before it was healthy`);
        try {
          if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`the server was not healthy within ${deadlineMs / 1000} s`);
    },
    /** A JSON POST to the running server; anything but 200 throws with the server's message. */
    async post<T>(url: string, body: unknown, token?: string): Promise<T> {
      const r = await fetch(`http://127.0.0.1:${port}${url}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      const json = (await r.json()) as { data: T; message: string };
      if (r.status !== 200) throw new Error(`${url} ${r.status} ${json.message}`);
      return json.data;
    },
    async cleanUp() {
      if (serverUrl) await adminQuery(`drop database if exists ${dbName} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until `ok` holds (a check that throws counts as not yet), or fails naming `what`. */
export async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (
      await Promise.resolve()
        .then(ok)
        .catch(() => false)
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
