import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type Database, openDatabase } from "../db/client.js";
import { seedDemo } from "../demo/seed.js";

/**
 * Once per test run: a migrated database and a migrated + seeded one, with the seed's demo images
 * in a folder beside them. On PGlite both are dumped to files and each test file starts its own
 * in-memory PGlite from a dump (about a second) instead of initdb, migrations and the seed (about
 * five); on PostgreSQL they are template databases each file's database is created from. The
 * harness builds its own when the template is missing.
 */
export default async function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-template-"));
  const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const teardown = serverUrl ? await postgresTemplates(serverUrl, dir) : await pgliteTemplates(dir);
  process.env.SHOP_TEST_TEMPLATE = dir;
  return async () => {
    await teardown();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

async function pgliteTemplates(dir: string) {
  const database = await openDatabase({});
  const dump = async (file: string) => {
    if (!database.dump) throw new Error("PGlite expected");
    fs.writeFileSync(path.join(dir, file), Buffer.from(await (await database.dump()).arrayBuffer()));
  };
  try {
    await database.migrate();
    await dump("empty.tar");
    await seedDemo(database.db, dir);
    await dump("seeded.tar");
  } finally {
    await database.close();
  }
  return async () => {};
}

/** PostgreSQL: template database names are written to `<dir>/postgres.json`. */
async function postgresTemplates(serverUrl: string, dir: string) {
  const prefix = `shop_test_tpl_${process.pid}`;
  const names = { empty: `${prefix}_empty`, seeded: `${prefix}_seeded` };
  const admin = (sql: string) => adminQuery(serverUrl, sql);
  const build = async (name: string, seed: boolean) => {
    await admin(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database: Database = await openDatabase({ url: url.toString(), poolSize: 2 });
    try {
      await database.migrate();
      if (seed) await seedDemo(database.db, dir);
    } finally {
      await database.close();
    }
  };
  await build(names.empty, false);
  await build(names.seeded, true);
  fs.writeFileSync(path.join(dir, "postgres.json"), JSON.stringify(names));
  return async () => {
    for (const name of Object.values(names)) await admin(`drop database if exists ${name} with (force)`);
  };
}

export async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
