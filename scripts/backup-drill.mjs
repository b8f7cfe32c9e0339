// npm run test:backup [-- --sabotage]
// The backup drill (docs/backup.md), on PostgreSQL and on PGlite: load the demo shop into a fresh
// database and data folder (`npm run db:seed`), record every table's row count and every upload's
// SHA-256, `npm run backup`, wipe the database and the uploads, `npm run restore`, and compare.
// Also checks that restore refuses a target that is not empty. Prints a table and exits non-zero
// on any difference. --sabotage deletes one row and one upload after the restore: the drill must
// then fail (its self-check). Everything it makes (a database, a folder in /tmp) is removed.
import { spawn } from "node:child_process";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  compareCounts,
  connectPostgres,
  hasPgliteDatabase,
  ident,
  listFiles,
  migrationCounts,
  openPglite,
  printTable,
  size,
  tableCounts,
} from "./ops/backup-kit.mjs";
import { freshDatabase, root, sql } from "./ops/instances.mjs";

const { values } = parseArgs({ options: { sabotage: { type: "boolean", default: false } } });
const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs `npm <args>` in the repository; resolves with its exit code and output (printed only when asked). */
function npm(args, env) {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const child = spawn("npm", args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code: code ?? 1, output, ms: Date.now() - t0 }));
  });
}

function expectExit(result, code, what) {
  if (result.code === code) return;
  console.error(`\n${what} exited with ${result.code} (expected ${code}); its output:`);
  console.error(result.output.replace(/^/gm, "  | "));
  throw new Error(`${what} failed`);
}

/** The database's row counts and migrations, the uploads' files with their SHA-256. */
async function snapshot(leg) {
  let db;
  if (leg.url) db = await connectPostgres(leg.url);
  else if (hasPgliteDatabase(leg.dbDir)) db = await openPglite(leg.dbDir);
  const uploads = await listFiles(leg.uploadsDir, { hash: true });
  if (!db) return { tables: {}, migrations: 0, uploads };
  try {
    return { tables: await tableCounts(db), migrations: (await migrationCounts(db)).applied, uploads };
  } finally {
    await db.close();
  }
}

/** --sabotage: one row of the biggest table that lets one go (foreign keys), and one upload. */
async function sabotage(leg, counts) {
  const db = leg.url ? await connectPostgres(leg.url) : await openPglite(leg.dbDir);
  try {
    for (const [name, n] of Object.entries(counts).sort((a, b) => b[1] - a[1])) {
      if (n === 0 || name.includes(".")) continue;
      try {
        await db.query(`delete from ${ident(name)} where ctid = (select ctid from ${ident(name)} limit 1)`);
        leg.log(`sabotage: deleted one row of ${name}`);
        break;
      } catch {}
    }
  } finally {
    await db.close();
  }
  const file = (await listFiles(leg.uploadsDir)).files[0];
  if (file) {
    await fsp.rm(path.join(leg.uploadsDir, file.path));
    leg.log(`sabotage: deleted upload ${file.path}`);
  }
}

async function runLeg(leg, seeding) {
  leg.log(`${leg.url ? `database ${leg.dbName}` : leg.dbDir}, uploads in ${leg.uploadsDir}`);
  const seed = await seeding;
  expectExit(seed, 0, `${leg.driver}: npm run db:seed`);
  const before = await snapshot(leg);
  leg.log(
    `seeded in ${seconds(seed.ms)}: ${Object.keys(before.tables).length} tables, ` +
      `${Object.values(before.tables).reduce((a, b) => a + b, 0)} rows, ${before.uploads.count} uploads`,
  );

  const backup = await npm(["run", "backup", "--", "--out", leg.backups], leg.env);
  expectExit(backup, 0, `${leg.driver}: npm run backup`);
  const [name] = await fsp.readdir(leg.backups);
  const folder = path.join(leg.backups, name);
  const manifest = JSON.parse(await fsp.readFile(path.join(folder, "manifest.json"), "utf8"));
  leg.log(`backup in ${seconds(backup.ms)}: ${folder}`);

  const wipeStart = Date.now();
  if (leg.url) {
    await sql(`drop database ${leg.dbName} with (force)`);
    await sql(`create database ${leg.dbName}`);
  } else {
    await fsp.rm(leg.dbDir, { recursive: true, force: true });
  }
  await fsp.rm(leg.uploadsDir, { recursive: true, force: true });
  const wipeMs = Date.now() - wipeStart;
  const emptied = await snapshot(leg);
  leg.log(`wiped in ${seconds(wipeMs)}: ${Object.keys(emptied.tables).length} tables, ${emptied.uploads.count} uploads left`);

  const restore = await npm(["run", "restore", "--", folder], leg.env);
  leg.log(`restore in ${seconds(restore.ms)}: exit code ${restore.code}`);
  if (values.sabotage) await sabotage(leg, before.tables);
  const after = await snapshot(leg);

  // A second restore onto the restored shop must refuse (no --yes) and change nothing.
  const again = await npm(["run", "restore", "--", folder], leg.env);
  const refused = again.code !== 0 && again.output.includes("The target is not empty");

  const tables = compareCounts(before.tables, after.tables);
  const hashes = new Map(after.uploads.files.map((f) => [f.path, f.sha256]));
  const sameHash = before.uploads.files.filter((f) => hashes.get(f.path) === f.sha256).length;
  const sum = (counts) => Object.values(counts).reduce((a, b) => a + b, 0);
  const checks = [
    ["tables", Object.keys(before.tables).length, Object.keys(after.tables).length],
    ["rows (all tables)", sum(before.tables), sum(after.tables)],
    ["tables with the same count", tables.length, tables.filter((t) => t.ok).length],
    ["migrations applied", before.migrations, after.migrations],
    ["upload files", before.uploads.count, after.uploads.count],
    ["upload bytes", before.uploads.bytes, after.uploads.bytes],
    ["uploads with the same SHA-256", before.uploads.count, sameHash],
    ["wiped: tables left", 0, Object.keys(emptied.tables).length],
    ["wiped: uploads left", 0, emptied.uploads.count],
    ["restore exit code", 0, restore.code],
    ["second restore refused (exit code)", 1, refused ? again.code : 0],
  ].map(([check, expected, actual]) => ({ check, expected, actual, ok: expected === actual }));
  for (const t of tables.filter((t) => !t.ok))
    checks.push({ check: `table ${t.name}`, expected: t.expected, actual: t.actual, ok: false });
  if (restore.code !== 0) console.error(restore.output.replace(/^/gm, "  | "));
  return {
    leg,
    checks,
    figures: {
      seed: seed.ms,
      backup: backup.ms,
      wipe: wipeMs,
      restore: restore.ms,
      database: `${size(manifest.database.bytes)} ${manifest.database.file}`,
      uploads: manifest.uploads.present ? `${size(manifest.uploads.archiveBytes)} (${manifest.uploads.files} files)` : "-",
    },
  };
}

/** The comparison must see a difference, or the drill proves nothing. */
function selfCheck() {
  const rows = compareCounts({ orders: 3, products: 5 }, { orders: 3, products: 4, extra: 0 });
  const flagged = rows.filter((r) => !r.ok).map((r) => r.name);
  if (flagged.join() !== "products,extra") throw new Error(`compareCounts missed a difference: ${JSON.stringify(rows)}`);
}

async function main() {
  selfCheck();
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), "shop-backup-drill-"));
  const database = await freshDatabase("shop_backup_drill");
  const legs = ["postgres", "pglite"].map((driver) => {
    const dataDir = path.join(work, driver, "data");
    return {
      driver,
      log: (line) => console.log(`${driver.padEnd(8)}  ${line}`),
      url: driver === "postgres" ? database.url : undefined,
      dbName: database.name,
      dbDir: path.join(dataDir, "db"),
      uploadsDir: path.join(dataDir, "uploads"),
      backups: path.join(work, driver, "backups"),
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: driver === "postgres" ? database.url : "",
        S3_BUCKET: "",
        LOG_LEVEL: "warn",
      },
    };
  });
  console.log(`Backup drill in ${work}${values.sabotage ? " (--sabotage: this run must fail)" : ""}`);
  // The two legs run side by side (PGlite's demo shop takes longest to load); each prints its lines
  // as they come, labelled.
  const seeding = legs.map((leg) => npm(["run", "db:seed"], leg.env));
  let settled;
  try {
    settled = await Promise.allSettled(legs.map((leg, i) => runLeg(leg, seeding[i])));
  } finally {
    await Promise.allSettled(seeding);
    await database.drop();
    await fsp.rm(work, { recursive: true, force: true });
  }
  const results = settled.filter((s) => s.status === "fulfilled").map((s) => s.value);
  const broken = settled.filter((s) => s.status === "rejected").map((s) => s.reason);
  for (const error of broken) console.error(error);

  console.log();
  printTable(
    ["driver", "check", "expected", "found", ""],
    results.flatMap((r) => r.checks.map((c) => [r.leg.driver, c.check, c.expected, c.actual, c.ok ? "ok" : "DIFFERS"])),
  );
  console.log();
  printTable(
    ["driver", "seed", "backup", "wipe", "restore", "database backup", "uploads backup"],
    results.map(({ leg, figures: f }) => [
      leg.driver,
      seconds(f.seed),
      seconds(f.backup),
      seconds(f.wipe),
      seconds(f.restore),
      f.database,
      f.uploads,
    ]),
  );
  const failed = [...broken, ...results.flatMap((r) => r.checks.filter((c) => !c.ok))];
  const drop = (await sql(`select count(*) as n from pg_database where datname = '${database.name}'`)).rows[0].n;
  console.log(
    `\nDrill took ${seconds(Date.now() - started)}; database ${database.name} dropped (${drop} left), ${work} removed.`,
  );
  if (failed.length > 0) {
    console.error(`BACKUP DRILL FAILED: ${failed.length} check(s) differ or failed.`);
    return 1;
  }
  console.log("Backup drill passed: every table count, migration and upload checksum came back.");
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
