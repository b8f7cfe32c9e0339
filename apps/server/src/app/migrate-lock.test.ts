import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { type Database, openDatabase } from "../db/client.js";
import { serverDir } from "../lib/server-dir.js";
import { freshDatabase } from "../test/harness.js";

/**
 * Instances started together on an empty PostgreSQL database each run the migrations at start
 * (main.ts): under the advisory lock they take turns, so every start succeeds and each migration is
 * applied once. Without the lock they collided creating the drizzle schema and its table
 * (decision 73). PostgreSQL only: PGlite is one process's database.
 */
const journal = JSON.parse(fs.readFileSync(path.join(serverDir, "drizzle/meta/_journal.json"), "utf8")) as {
  entries: { tag: string }[];
};

/** The rows of a raw query (the shared Db type leaves its result untyped). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.skipIf(!process.env.TEST_DATABASE_URL)("migrations on PostgreSQL", () => {
  test("four instances migrating one empty database at once all succeed, each migration applied once", async () => {
    const fresh = await freshDatabase();
    const others: Database[] = [];
    try {
      if (!fresh.url) throw new Error("expected a PostgreSQL database");
      for (let i = 0; i < 3; i++) others.push(await openDatabase({ url: fresh.url, poolSize: 2 }));
      const instances = [fresh.database, ...others];
      const results = await Promise.allSettled(instances.map((d) => d.migrate()));
      expect(results.filter((r) => r.status === "rejected")).toEqual([]);

      const counted = await fresh.database.db.execute(
        sql`select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations`,
      );
      expect(rowsOf<{ n: number; hashes: number }>(counted)[0]).toEqual({
        n: journal.entries.length,
        hashes: journal.entries.length,
      });
      // The lock is released: another start migrates (nothing left to apply) without waiting.
      await others[0]?.migrate();
      const held = await fresh.database.db.execute(
        sql`select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
            where l.locktype = 'advisory' and d.datname = current_database()`,
      );
      expect(rowsOf<{ n: number }>(held)[0]?.n).toBe(0);
    } finally {
      await Promise.all(others.map((d) => d.close()));
      await fresh.dispose();
    }
  });
});
