// npm run restore -- <backup folder> [--yes] [--force]
// Restores a folder written by `npm run backup` into the configured database (DATABASE_URL, else
// PGlite in DATA_DIR/db) and DATA_DIR/uploads, then compares every table's row count and every
// upload's SHA-256 with the backup and exits non-zero on any difference. Refuses a target that holds
// anything unless --yes (then it is replaced). The shop must be stopped. See docs/backup.md.
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  assertPgliteFree,
  assertTar,
  compareCounts,
  connectPostgres,
  describeUrl,
  hasPgliteDatabase,
  ident,
  libpqTarget,
  listFiles,
  migrationCounts,
  migrationsInCode,
  OpsError,
  openPglite,
  pgTool,
  printTable,
  run,
  runMain,
  sha256File,
  shopSettings,
  size,
  stamp,
  tableCounts,
  userObjects,
} from "./ops/backup-kit.mjs";

const usage = `npm run restore -- <backup folder> [--yes] [--force]
  --yes    replace what the target holds (PostgreSQL: drop every schema of the database and restore;
           PGlite: replace DATA_DIR/db; both: replace DATA_DIR/uploads)
  --force  PostgreSQL: restore although other sessions are connected to the database;
           PGlite: open DATA_DIR/db although its postmaster.pid exists (never while a process has it open)`;

/** Reads the manifest and checks the archives' checksums before anything is changed. */
async function readBackup(folder) {
  const manifestFile = path.join(folder, "manifest.json");
  if (!fs.existsSync(manifestFile)) throw new OpsError(`${manifestFile} not found: give the folder \`npm run backup\` wrote.`);
  const manifest = JSON.parse(await fsp.readFile(manifestFile, "utf8"));
  if (manifest.format !== 1) throw new OpsError(`Unknown backup format ${manifest.format}.`);
  const archives = [[manifest.database.file, manifest.database.sha256]];
  if (manifest.uploads.present) archives.push([manifest.uploads.file, manifest.uploads.sha256]);
  for (const [file, sha256] of archives) {
    const full = path.join(folder, file);
    if (!fs.existsSync(full)) throw new OpsError(`${full} is missing: the backup is incomplete.`);
    if ((await sha256File(full)) !== sha256)
      throw new OpsError(`${full} does not match its checksum in manifest.json: it is damaged.`);
  }
  return manifest;
}

/**
 * Where a restored folder is unpacked and checked first: inside the target (the same file system,
 * so the entries can be moved in even when the target is a mount point such as a Docker volume).
 */
async function staging(target, ts) {
  const dir = path.join(target, `.restore-${ts}`);
  await fsp.rm(dir, { recursive: true, force: true });
  await fsp.mkdir(dir, { recursive: true });
  return dir;
}

/** Moves the target's entries into target/.previous-<ts> and the staged ones in; returns the former. */
async function moveIn(target, staged, ts) {
  const previous = path.join(target, `.previous-${ts}`);
  await fsp.mkdir(previous);
  for (const name of await fsp.readdir(target)) {
    if (name === path.basename(staged) || name === path.basename(previous)) continue;
    await fsp.rename(path.join(target, name), path.join(previous, name));
  }
  for (const name of await fsp.readdir(staged)) await fsp.rename(path.join(staged, name), path.join(target, name));
  await fsp.rmdir(staged);
  return previous;
}

function describeObjects(o) {
  return `${o.relations} tables, sequences and indexes, ${o.types} types, ${o.functions} functions, ${o.schemas} schemas besides public`;
}

async function restorePostgres(url, folder, manifest, { yes, force, uploadsHeld }) {
  const tool = pgTool("pg_restore");
  const conn = await connectPostgres(url);
  const { name, server } = describeUrl(url);
  try {
    const others = (
      await conn.query(
        `select pid, coalesce(nullif(application_name, ''), client_addr::text, 'local') as who from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()`,
      )
    ).rows;
    if (others.length > 0 && !force) {
      throw new OpsError(
        `${others.length} other session(s) are connected to ${name} on ${server} (${[...new Set(others.map((o) => o.who))].join(", ")}).\n` +
          "Stop the shop's instances before restoring, or run again with --force.",
      );
    }
    const objects = await userObjects(conn);
    if ((!objects.empty || uploadsHeld) && !yes) {
      throw new OpsError(
        `The target is not empty:\n` +
          (objects.empty ? "" : `  PostgreSQL ${name} on ${server}: ${describeObjects(objects)}\n`) +
          (uploadsHeld ? `  ${uploadsHeld}\n` : "") +
          "Nothing was changed. Run again with --yes to replace it.",
      );
    }
    if (!objects.empty) {
      const schemas = (
        await conn.query(`select nspname from pg_namespace where nspname !~ '^pg_' and nspname <> 'information_schema'`)
      ).rows;
      console.log(`Dropping schema(s) ${schemas.map((s) => s.nspname).join(", ")} of ${name} (--yes)…`);
      for (const s of schemas) await conn.query(`drop schema ${ident(s.nspname)} cascade`);
      await conn.query("create schema public");
    }
    console.log(`Restoring ${manifest.database.file} into ${name} on ${server} with pg_restore…`);
    const target = libpqTarget(url, tool.custom);
    const args = [
      ...tool.command.slice(1),
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      "--no-password",
      `--dbname=${target.dbname}`,
    ];
    const file = path.join(folder, manifest.database.file);
    const result = tool.custom
      ? await run(tool.command[0], args, { stdin: fs.createReadStream(file), env: target.env })
      : await run(tool.command[0], [...args, file], { env: target.env });
    if (result.code !== 0) {
      throw new OpsError(
        `pg_restore failed (exit code ${result.code}); it ran in one transaction, so ${name} holds none of the backup` +
          `${objects.empty ? "" : " (what it held before was dropped by --yes: restore that from its own backup)"}.`,
      );
    }
    // pg_restore brings no planner statistics: gather them before the shop serves from this database.
    await conn.query("analyze");
    return { tables: await tableCounts(conn), migrations: await migrationCounts(conn), where: `PostgreSQL ${name} on ${server}` };
  } finally {
    await conn.close();
  }
}

async function restorePglite(dbDir, folder, manifest, { yes, force, uploadsHeld }, ts) {
  let held = "";
  if (hasPgliteDatabase(dbDir)) {
    assertPgliteFree(dbDir, force);
    const db = await openPglite(dbDir);
    const objects = await userObjects(db).finally(() => db.close());
    if (!objects.empty) held = `PGlite ${dbDir}: ${describeObjects(objects)}`;
  } else if (fs.existsSync(dbDir) && (await fsp.readdir(dbDir)).length > 0) {
    held = `${dbDir} holds files but no PGlite database`;
  }
  if ((held || uploadsHeld) && !yes) {
    throw new OpsError(
      `The target is not empty:\n${held ? `  ${held}\n` : ""}${uploadsHeld ? `  ${uploadsHeld}\n` : ""}Nothing was changed. Run again with --yes to replace it.`,
    );
  }
  console.log(`Loading ${manifest.database.file} with PGlite…`);
  const staged = await staging(dbDir, ts);
  const tarball = new Blob([await fsp.readFile(path.join(folder, manifest.database.file))]);
  const db = await openPglite(staged, { loadDataDir: tarball });
  let tables;
  let migrations;
  try {
    tables = await tableCounts(db);
    migrations = await migrationCounts(db);
  } finally {
    await db.close();
  }
  return { tables, migrations, where: `PGlite ${dbDir}`, staged };
}

/** Unpacks the uploads into a staging folder and checks every file against uploads.sha256. */
async function unpackUploads(uploadsDir, folder, manifest, ts) {
  const staged = await staging(uploadsDir, ts);
  const result = await run("tar", [
    "--extract",
    "--gzip",
    `--file=${path.join(folder, manifest.uploads.file)}`,
    `--directory=${staged}`,
  ]);
  if (result.code !== 0) throw new OpsError(`tar failed (exit code ${result.code}) unpacking ${manifest.uploads.file}.`);
  const got = await listFiles(staged, { hash: true });
  const expected = new Map(
    (await fsp.readFile(path.join(folder, manifest.uploads.hashes), "utf8"))
      .split("\n")
      .filter(Boolean)
      .map((line) => [line.slice(66), line.slice(0, 64)]),
  );
  const present = new Set(got.files.map((f) => f.path));
  const differing =
    got.files.filter((f) => expected.get(f.path) !== f.sha256).length +
    [...expected.keys()].filter((p) => !present.has(p)).length;
  return { staged, files: got.count, bytes: got.bytes, differing };
}

const compare = (expected, actual) => ({ expected, actual, ok: expected === actual });

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      yes: { type: "boolean", default: false },
      force: { type: "boolean", default: false },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help || positionals.length !== 1) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  const started = Date.now();
  const folder = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]);
  const manifest = await readBackup(folder);
  const settings = await shopSettings();
  const driver = settings.databaseUrl ? "postgres" : "pglite";
  if (manifest.database.driver !== driver) {
    throw new OpsError(
      `This backup holds a ${manifest.database.driver === "postgres" ? "PostgreSQL" : "PGlite"} database, and the shop is configured for ` +
        `${driver === "postgres" ? "PostgreSQL (DATABASE_URL)" : "PGlite (no DATABASE_URL)"}: restoring across them is not supported.`,
    );
  }
  const inCode = migrationsInCode();
  if (inCode !== null && manifest.database.migrations.applied > inCode) {
    console.warn(
      `Warning: the backup has ${manifest.database.migrations.applied} migrations applied and this code knows ${inCode}: ` +
        `restore with the code it was taken from (${manifest.app.git?.commit ?? "commit unknown"}).`,
    );
  }
  const uploadsDir = path.join(settings.dataDir, "uploads");
  if (manifest.uploads.present) assertTar();
  const uploadsNow = await listFiles(uploadsDir);
  const uploadsHeld = uploadsNow.count > 0 ? `${uploadsDir}: ${uploadsNow.count} files (${size(uploadsNow.bytes)})` : "";
  const ts = stamp();
  const options = { yes: values.yes, force: values.force, uploadsHeld };
  const dbDir = path.join(settings.dataDir, "db");
  const restored =
    driver === "postgres"
      ? await restorePostgres(settings.databaseUrl, folder, manifest, options)
      : await restorePglite(dbDir, folder, manifest, options, ts);

  const rows = compareCounts(manifest.database.tables, restored.tables);
  rows.push({ name: "(migrations applied)", ...compare(manifest.database.migrations.applied, restored.migrations.applied) });
  const leftAside = [];
  let uploads;
  if (manifest.uploads.present) {
    console.log(`Unpacking ${manifest.uploads.file} (${manifest.uploads.files} files)…`);
    uploads = await unpackUploads(uploadsDir, folder, manifest, ts);
    rows.push({ name: "(upload files)", ...compare(manifest.uploads.files, uploads.files) });
    rows.push({ name: "(upload bytes)", ...compare(manifest.uploads.bytes, uploads.bytes) });
    rows.push({ name: "(uploads with another SHA-256)", ...compare(0, uploads.differing) });
  }
  const failed = rows.filter((r) => !r.ok);

  console.log();
  printTable(
    ["table", "backup", "restored", ""],
    rows.map((r) => [r.name, r.expected, r.actual, r.ok ? "" : "DIFFERS"]),
  );
  console.log();

  // PGlite and the uploads were checked in their staging folders: they replace the live ones only
  // when everything matched. PostgreSQL was restored in place.
  if (failed.length === 0) {
    if (restored.staged) await fsp.rm(await moveIn(dbDir, restored.staged, ts), { recursive: true, force: true });
    if (uploads) await fsp.rm(await moveIn(uploadsDir, uploads.staged, ts), { recursive: true, force: true });
  } else {
    if (restored.staged) leftAside.push(restored.staged);
    if (uploads) leftAside.push(uploads.staged);
  }

  const total = Object.values(restored.tables).reduce((a, b) => a + b, 0);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (failed.length > 0) {
    console.error(`RESTORE CHECK FAILED: ${failed.length} of ${rows.length} lines differ from the backup (${seconds} s).`);
    if (driver === "postgres") console.error("The database was restored in place: look at the lines above before using it.");
    if (leftAside.length > 0)
      console.error(
        `Not moved in: the restored ${driver === "postgres" ? "uploads are" : "database and uploads are"} in ${leftAside.join(" and ")};` +
          ` the live ${driver === "postgres" ? "uploads folder is" : "folders are"} as before.`,
      );
    return 1;
  }
  console.log(
    `Restored ${folder}\n  into ${restored.where}: ${Object.keys(restored.tables).length} tables, ${total} rows, ` +
      `${restored.migrations.applied} migrations${uploads ? `; ${uploads.files} upload files (${size(uploads.bytes)}) in ${uploadsDir}` : ""}\n` +
      `  every count and checksum matches the backup (${seconds} s).`,
  );
  if (!manifest.uploads.present) console.log(`  The backup had no uploads folder: ${uploadsDir} was left as it was.`);
  if (manifest.uploads.s3Bucket)
    console.log(
      `  Uploads were also in S3 bucket ${manifest.uploads.s3Bucket}: restore the bucket from its own versions if needed.`,
    );
  return 0;
}

runMain(main);
