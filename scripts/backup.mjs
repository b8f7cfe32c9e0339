// npm run backup -- [--out <dir>] [--force]
// Writes one folder, <dir>/shop-YYYYMMDD-HHMMSS (UTC; <dir> defaults to ./backups where npm was
// run), holding the database (pg_dump --format=custom on PostgreSQL; PGlite's own dump of DATA_DIR/db
// otherwise), the uploads (DATA_DIR/uploads as uploads.tar.gz, each file's SHA-256 in uploads.sha256)
// and manifest.json (row counts, migrations, commit), which `npm run restore` checks against.
// The folder is written as <name>.partial and renamed when complete. See docs/backup.md.
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  assertPgliteFree,
  assertTar,
  connectPostgres,
  describeUrl,
  gitCommit,
  hasPgliteDatabase,
  libpqTarget,
  listFiles,
  migrationCounts,
  OpsError,
  openPglite,
  pgliteVersion,
  pgTool,
  run,
  runMain,
  sha256File,
  shopSettings,
  size,
  stamp,
  tableCounts,
} from "./ops/backup-kit.mjs";

const usage = `npm run backup -- [--out <dir>] [--force]
  --out <dir>  where the backup folder is made (default ./backups, relative to where npm was run)
  --force      PGlite: back up although DATA_DIR/db/postmaster.pid exists (a shop that stopped
               without closing its database); never while a process has the folder open`;

/** PostgreSQL: row counts and pg_dump read one snapshot, so they agree even while the shop runs. */
async function dumpPostgres(url, dir) {
  const tool = pgTool("pg_dump");
  const conn = await connectPostgres(url);
  try {
    await conn.query("begin isolation level repeatable read read only");
    const snapshot = (await conn.query("select pg_export_snapshot() as s")).rows[0].s;
    const info = (await conn.query("select current_database() as name, current_setting('server_version') as version")).rows[0];
    const tables = await tableCounts(conn);
    const migrations = await migrationCounts(conn);
    const file = "database.dump";
    const target = libpqTarget(url, tool.custom);
    const args = [
      ...tool.command.slice(1),
      "--format=custom",
      `--snapshot=${snapshot}`,
      "--no-password",
      `--dbname=${target.dbname}`,
    ];
    // On PATH pg_dump writes the file itself (a seekable archive: pg_restore -j can use it);
    // through a custom command (docker compose exec) it writes to standard output.
    const result = tool.custom
      ? await run(tool.command[0], args, { stdout: fs.createWriteStream(path.join(dir, file)), env: target.env })
      : await run(tool.command[0], [...args, `--file=${path.join(dir, file)}`], { env: target.env });
    if (result.code !== 0) throw new OpsError(`pg_dump failed (exit code ${result.code}); no backup was kept.`);
    await conn.query("commit");
    const { server } = describeUrl(url);
    return {
      driver: "postgres",
      name: info.name,
      server,
      serverVersion: info.version,
      tool: tool.version,
      file,
      tables,
      migrations,
    };
  } finally {
    await conn.close();
  }
}

/** PGlite: opened in this process (the shop must be stopped) and dumped by PGlite itself (dumpDataDir). */
async function dumpPglite(dbDir, dir, force) {
  if (!hasPgliteDatabase(dbDir)) throw new OpsError(`There is no PGlite database in ${dbDir}: is DATA_DIR right?`);
  assertPgliteFree(dbDir, force);
  const db = await openPglite(dbDir);
  try {
    const serverVersion = (await db.query("select current_setting('server_version') as v")).rows[0].v;
    const tables = await tableCounts(db);
    const migrations = await migrationCounts(db);
    const file = "database.pglite.tar.gz";
    const tarball = await db.dump();
    await fsp.writeFile(path.join(dir, file), Buffer.from(await tarball.arrayBuffer()));
    return {
      driver: "pglite",
      name: "postgres",
      folder: dbDir,
      serverVersion,
      tool: `@electric-sql/pglite ${pgliteVersion()} dumpDataDir`,
      file,
      tables,
      migrations,
    };
  } finally {
    await db.close();
  }
}

/** DATA_DIR/uploads: the files listed and hashed first, then exactly those archived. */
async function archiveUploads(uploadsDir, dir) {
  const list = await listFiles(uploadsDir, { hash: true });
  if (!list.present) return { present: false, folder: uploadsDir, files: 0, bytes: 0 };
  assertTar();
  await fsp.writeFile(path.join(dir, "uploads.sha256"), list.files.map((f) => `${f.sha256}  ${f.path}\n`).join(""));
  const names = path.join(dir, ".uploads-list");
  await fsp.writeFile(names, list.files.map((f) => `${f.path}\0`).join(""));
  const file = "uploads.tar.gz";
  const result = await run("tar", [
    "--create",
    "--gzip",
    `--file=${path.join(dir, file)}`,
    `--directory=${uploadsDir}`,
    "--null",
    `--files-from=${names}`,
  ]);
  await fsp.rm(names);
  if (result.code !== 0) throw new OpsError(`tar failed (exit code ${result.code}) archiving ${uploadsDir}; no backup was kept.`);
  return { present: true, folder: uploadsDir, file, files: list.count, bytes: list.bytes, hashes: "uploads.sha256" };
}

async function main() {
  const { values } = parseArgs({
    options: { out: { type: "string" }, force: { type: "boolean", default: false }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const started = Date.now();
  const settings = await shopSettings();
  const outDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out ?? "backups");
  const createdAt = new Date();
  const folder = path.join(outDir, `shop-${stamp(createdAt)}`);
  if (fs.existsSync(folder)) throw new OpsError(`${folder} already exists.`);
  if (settings.databaseUrl) pgTool("pg_dump"); // before anything is written
  const partial = `${folder}.partial`;
  await fsp.rm(partial, { recursive: true, force: true });
  await fsp.mkdir(partial, { recursive: true });

  let manifest;
  try {
    const database = settings.databaseUrl
      ? await dumpPostgres(settings.databaseUrl, partial)
      : await dumpPglite(path.join(settings.dataDir, "db"), partial, values.force);
    database.bytes = (await fsp.stat(path.join(partial, database.file))).size;
    database.sha256 = await sha256File(path.join(partial, database.file));
    database.rows = Object.values(database.tables).reduce((a, b) => a + b, 0);
    // After the database: every file a row of the dump names was written before that row.
    const uploads = await archiveUploads(path.join(settings.dataDir, "uploads"), partial);
    if (uploads.present) {
      uploads.archiveBytes = (await fsp.stat(path.join(partial, uploads.file))).size;
      uploads.sha256 = await sha256File(path.join(partial, uploads.file));
    }
    uploads.s3Bucket = settings.s3Bucket || null;
    const pkg = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    manifest = {
      format: 1,
      createdAt: createdAt.toISOString(),
      app: { name: pkg.name, version: pkg.version ?? null, git: gitCommit(), node: process.version },
      database,
      uploads,
      tookMs: Date.now() - started,
    };
    await fsp.writeFile(path.join(partial, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await fsp.rename(partial, folder);
  } catch (error) {
    await fsp.rm(partial, { recursive: true, force: true });
    throw error;
  }

  const { database: d, uploads: u } = manifest;
  const where = d.driver === "postgres" ? `PostgreSQL ${d.name} on ${d.server}` : `PGlite ${d.folder}`;
  console.log(`Backup written: ${folder}`);
  console.log(
    `  database  ${where}: ${Object.keys(d.tables).length} tables, ${d.rows} rows, ${d.migrations.applied} migrations -> ${d.file} (${size(d.bytes)})`,
  );
  console.log(
    u.present
      ? `  uploads   ${u.files} files, ${size(u.bytes)} -> ${u.file} (${size(u.archiveBytes)})`
      : `  uploads   ${u.folder} does not exist: no uploads archived`,
  );
  if (u.s3Bucket) console.log(`  S3_BUCKET=${u.s3Bucket}: the bucket (versioned/replicated) is the uploads' backup of record.`);
  console.log(`  took ${((Date.now() - started) / 1000).toFixed(1)} s. Copy the folder off this machine (docs/backup.md).`);
  return 0;
}

runMain(main);
