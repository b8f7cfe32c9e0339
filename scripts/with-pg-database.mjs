// Runs a command against a fresh PostgreSQL database, dropped afterwards:
//   node scripts/with-pg-database.mjs vitest run --project server
// PG_ADMIN_URL picks the server (default: the local one, trust auth). Test files make their own
// databases from there (TEST_DATABASE_URL) and drop them; this script cleans up any a crash left.
import { spawnSync } from "node:child_process";
import pg from "pg";

const adminUrl = process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const runDb = `shop_ci_${process.pid}_${Date.now().toString(36)}`;

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

try {
  await admin(`create database ${runDb}`);
} catch (error) {
  console.error(`Cannot reach PostgreSQL at ${adminUrl}: ${error.message}`);
  process.exit(1);
}
const url = new URL(adminUrl);
url.pathname = `/${runDb}`;
console.log(`PostgreSQL run database: ${runDb}`);

const [command, ...args] = process.argv.slice(2);
const result = spawnSync(command === "vitest" ? "npx" : command, command === "vitest" ? ["vitest", ...args] : args, {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: url.toString() },
});

const leftovers = await admin("select datname from pg_database where datname like 'shop_test_%'");
for (const row of leftovers.rows) await admin(`drop database if exists ${row.datname} with (force)`);
await admin(`drop database if exists ${runDb} with (force)`);
process.exit(result.status ?? 1);
