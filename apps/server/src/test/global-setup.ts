import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../db/client.js";
import { seedDemo } from "../db/seed.js";

/**
 * Once per test run (PGlite only): a migrated database and a migrated + seeded one, dumped to
 * files, with the seed's demo images beside them. Each test file then starts its own in-memory
 * PGlite from a dump (about a second) instead of initdb, migrations and the seed (about five).
 * The harness falls back to building its own when the template is missing.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-template-"));
  const database = await openDatabase({});
  try {
    await database.migrate();
    fs.writeFileSync(path.join(dir, "empty.tar"), Buffer.from(await (await dumpOf(database)).arrayBuffer()));
    await seedDemo(database.db, dir);
    fs.writeFileSync(path.join(dir, "seeded.tar"), Buffer.from(await (await dumpOf(database)).arrayBuffer()));
  } finally {
    await database.close();
  }
  process.env.SHOP_TEST_TEMPLATE = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

function dumpOf(database: Awaited<ReturnType<typeof openDatabase>>): Promise<Blob> {
  if (!database.dump) throw new Error("PGlite expected");
  return database.dump();
}
