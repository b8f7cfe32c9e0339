// What scripts/backup.mjs, scripts/restore.mjs and scripts/backup-drill.mjs share (docs/backup.md):
// the shop's settings, the database connection for counts and checks (node-postgres on PostgreSQL,
// PGlite itself on the embedded database), the check that no process holds a PGlite folder, the
// uploads' file list, tar and the PostgreSQL client tools, and the comparison tables.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A refusal or a failure explained to the operator: printed without a stack trace. */
export class OpsError extends Error {}

/** Runs a command-line script's main function: an OpsError prints its message, anything else its stack. */
export function runMain(main) {
  main().then(
    (code) => process.exit(code ?? 0),
    (error) => {
      console.error(error instanceof OpsError ? `\n${error.message}` : error);
      process.exit(1);
    },
  );
}

/**
 * The settings the server would use: loadConfig() of apps/server/src/lib/config/index.ts, loaded through tsx
 * (present in a checkout). Without tsx or the source (a production image), DATABASE_URL and DATA_DIR
 * are read from the environment with the server's defaults (PGlite in ./data, relative to where npm
 * was run).
 */
export async function shopSettings(env = process.env) {
  let loadConfig;
  try {
    const { tsImport } = await import("tsx/esm/api");
    ({ loadConfig } = await tsImport("../../apps/server/src/lib/config/index.ts", import.meta.url));
  } catch (error) {
    console.warn(`Could not load apps/server/src/lib/config/index.ts (${error.message.split("\n")[0]}).`);
    console.warn("Reading DATABASE_URL and DATA_DIR from the environment with the server's defaults.");
    const base = env.INIT_CWD ?? process.cwd();
    return {
      databaseUrl: env.DATABASE_URL || undefined,
      dataDir: path.resolve(base, env.DATA_DIR ?? "./data"),
      s3Bucket: env.S3_BUCKET ?? "",
    };
  }
  try {
    const config = loadConfig(env);
    return { databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, s3Bucket: config.S3_BUCKET ?? "" };
  } catch (error) {
    throw new OpsError(error.message);
  }
}

/** The database's name and server, without the password (for messages and the manifest). */
export function describeUrl(url) {
  const u = new URL(url);
  return { name: decodeURIComponent(u.pathname.replace(/^\//, "")) || u.username, server: `${u.hostname}:${u.port || 5432}` };
}

/** YYYYMMDD-HHMMSS in UTC. */
export function stamp(date = new Date()) {
  const iso = date.toISOString();
  return `${iso.slice(0, 10).replaceAll("-", "")}-${iso.slice(11, 19).replaceAll(":", "")}`;
}

export const ident = (name) => `"${name.replaceAll('"', '""')}"`;

/** A node-postgres client; `close()` ends it. */
export async function connectPostgres(url) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { query: (text) => client.query(text), close: () => client.end() };
}

/** Whether a PGlite folder holds a database (PGlite would create a new one in an empty folder). */
export const hasPgliteDatabase = (dir) => fs.existsSync(path.join(dir, "PG_VERSION"));

/** Opens a PGlite folder in this process (options: loadDataDir to start from a dump); `close()` closes it. */
export async function openPglite(dir, options = {}) {
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create({ dataDir: dir, ...options });
  return { query: (text) => db.query(text), close: () => db.close(), dump: () => db.dumpDataDir("gzip") };
}

export function pgliteVersion() {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8")).version;
  } catch {
    return null;
  }
}

/** Every table outside the system schemas with its exact row count ("schema.table" outside public). */
export async function tableCounts(db) {
  const { rows } = await db.query(
    `select n.nspname as s, c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname !~ '^pg_' and n.nspname <> 'information_schema'
     order by n.nspname = 'public' desc, 1, 2`,
  );
  const counts = {};
  for (const { s, t } of rows) {
    const result = await db.query(`select count(*) as n from ${ident(s)}.${ident(t)}`);
    counts[s === "public" ? t : `${s}.${t}`] = Number(result.rows[0].n);
  }
  return counts;
}

/** Migrations recorded as applied in the database (drizzle's journal table), and those in the code. */
export async function migrationCounts(db) {
  const { rows } = await db.query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  const applied = rows[0].present
    ? Number((await db.query("select count(*) as n from drizzle.__drizzle_migrations")).rows[0].n)
    : 0;
  return { applied, inCode: migrationsInCode() };
}

/** The migrations this checkout holds (apps/server/drizzle/meta/_journal.json), or null. */
export function migrationsInCode() {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, "apps/server/drizzle/meta/_journal.json"), "utf8")).entries.length;
  } catch {
    return null;
  }
}

/** What the database holds outside the system schemas: all zero means empty. */
export async function userObjects(db) {
  const user = `n.nspname !~ '^pg_' and n.nspname <> 'information_schema'`;
  const { rows } = await db.query(
    `select
       (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${user}) as relations,
       (select count(*) from pg_type t join pg_namespace n on n.oid = t.typnamespace
         where ${user} and t.typtype in ('e', 'd', 'r', 'm')) as types,
       (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${user}) as functions,
       (select count(*) from pg_namespace n where ${user} and n.nspname <> 'public') as schemas`,
  );
  const r = rows[0];
  const found = {
    relations: Number(r.relations),
    types: Number(r.types),
    functions: Number(r.functions),
    schemas: Number(r.schemas),
  };
  return { ...found, empty: Object.values(found).every((n) => n === 0) };
}

/**
 * Processes (other than this one) with a file open under `dir`, read from /proc: on Linux, for
 * processes this user may inspect. PGlite takes no lock, so a second process would open a folder
 * the shop is using and both would write to it.
 */
export function processesUsing(dir) {
  let real;
  try {
    real = fs.realpathSync(dir);
  } catch {
    return [];
  }
  let pids;
  try {
    pids = fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p) && Number(p) !== process.pid);
  } catch {
    return [];
  }
  const holders = [];
  for (const pid of pids) {
    let fds;
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    const holds = fds.some((fd) => {
      try {
        const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        return target === real || target.startsWith(`${real}/`);
      } catch {
        return false;
      }
    });
    if (!holds) continue;
    let command = "";
    try {
      command = fs
        .readFileSync(`/proc/${pid}/cmdline`, "utf8")
        .replace(/\s+|\0/g, " ")
        .trim();
    } catch {}
    holders.push({ pid: Number(pid), command });
  }
  return holders;
}

/**
 * Refuses to open a PGlite folder another process may be using: one with a file open in it (always
 * refused), or one with PostgreSQL's postmaster.pid, which PGlite writes when it opens the folder
 * and removes when it closes it (refused unless `force`: the shop may be running where /proc cannot
 * see it, or it stopped without closing the database).
 */
export function assertPgliteFree(dbDir, force) {
  const holders = processesUsing(dbDir);
  if (holders.length > 0) {
    const list = holders.map((h) => `  pid ${h.pid}: ${h.command.slice(0, 160)}`).join("\n");
    throw new OpsError(
      `${dbDir} is open in another process:\n${list}\nPGlite is single-process and takes no lock: stop the shop (or that process) first.`,
    );
  }
  if (fs.existsSync(path.join(dbDir, "postmaster.pid")) && !force) {
    throw new OpsError(
      `${dbDir}/postmaster.pid exists: the shop is running on this folder (perhaps in another container or as another user),\n` +
        "or it stopped without closing the database (a crash, kill -9). PGlite is single-process: stop the shop first.\n" +
        "If the shop is stopped, run again with --force (PostgreSQL then recovers the folder from its WAL, as the shop does at start).",
    );
  }
}

/** Regular files under `dir` (sorted, paths "./a/b.jpg"), with their sizes and, if asked, their SHA-256. */
export async function listFiles(dir, { hash = false } = {}) {
  const files = [];
  if (!fs.existsSync(dir)) return { present: false, files, count: 0, bytes: 0 };
  const walk = async (rel) => {
    const entries = await fsp.readdir(path.join(dir, rel), { withFileTypes: true });
    for (const entry of entries) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) files.push({ path: `./${child}`, bytes: 0 });
    }
  };
  await walk("");
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const file of files) {
    const full = path.join(dir, file.path);
    file.bytes = (await fsp.stat(full)).size;
    if (hash) file.sha256 = await sha256File(full);
  }
  return { present: true, files, count: files.length, bytes: files.reduce((sum, f) => sum + f.bytes, 0) };
}

export async function sha256File(file) {
  const hash = createHash("sha256");
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest("hex");
}

/** Runs a command; resolves with its exit code and stderr (streamed through when `echo`). */
export function run(command, args, { stdin, stdout, env, echo = true } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: env ?? process.env,
      stdio: [stdin ? "pipe" : "ignore", stdout ? "pipe" : "inherit", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
      if (echo) process.stderr.write(chunk);
    });
    const piping = [];
    if (stdin) piping.push(pipeline(stdin, child.stdin));
    if (stdout) piping.push(pipeline(child.stdout, stdout));
    child.once("error", (error) =>
      reject(error.code === "ENOENT" ? new OpsError(`${command} was not found on this machine.`) : error),
    );
    child.once("close", (code) => {
      Promise.allSettled(piping).then(() => resolve({ code: code ?? 1, stderr }));
    });
  });
}

/** GNU tar (in Debian and the node:*-bookworm images). */
export function assertTar() {
  const r = spawnSync("tar", ["--version"], { encoding: "utf8" });
  if (r.error || r.status !== 0) throw new OpsError("tar was not found: the uploads are archived with tar (GNU tar).");
}

/**
 * A PostgreSQL client tool: the one on PATH, or the command in PG_DUMP / PG_RESTORE (several words,
 * e.g. "docker compose -f deploy/compose.yaml exec -T db pg_dump"; it then reads and writes
 * through standard input and output, and gets the password inside DATABASE_URL).
 */
export function pgTool(tool) {
  const variable = tool === "pg_dump" ? "PG_DUMP" : "PG_RESTORE";
  const spec = process.env[variable]?.trim();
  const command = spec ? spec.split(/\s+/) : [tool];
  const r = spawnSync(command[0], [...command.slice(1), "--version"], { encoding: "utf8" });
  if (r.error?.code === "ENOENT" || r.status !== 0) {
    throw new OpsError(
      `${r.error ? `${command.join(" ")} was not found` : `\`${command.join(" ")} --version\` failed: ${r.stderr.trim()}`}.\n` +
        `On PostgreSQL the backup and the restore run where ${tool} is: a machine with the PostgreSQL client\n` +
        `(the same major version as the server or newer), or set ${variable} to a command that runs it, e.g.\n` +
        `  ${variable}="docker compose -f deploy/compose.yaml exec -T db ${tool}"\n` +
        "The shop's image (node:24-bookworm-slim) has no PostgreSQL client. See docs/backup.md.",
    );
  }
  return { command, custom: Boolean(spec), version: r.stdout.trim() };
}

/**
 * How a client tool reaches the database: on PATH, the URL without its password, which goes in
 * PGPASSWORD (kept out of the process list); through a custom command, the whole URL.
 */
export function libpqTarget(url, custom) {
  if (custom) return { dbname: url, env: process.env };
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = "";
  return { dbname: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Compares two name → number maps: one row per name in either, `ok` when equal. */
export function compareCounts(expected, actual) {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])];
  return names.map((name) => ({
    name,
    expected: expected[name],
    actual: actual[name],
    ok: expected[name] === actual[name],
  }));
}

/** Prints rows as an aligned table; numbers right-aligned, a missing value as "-". */
export function printTable(headers, rows) {
  const cells = rows.map((row) => row.map((v) => (v === undefined || v === null ? "-" : String(v))));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i].length)));
  const numeric = headers.map((_, i) => rows.every((r) => typeof r[i] === "number" || r[i] === undefined || r[i] === null));
  const line = (row) =>
    row
      .map((v, i) => (numeric[i] ? v.padStart(widths[i]) : v.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  console.log(line(headers));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of cells) console.log(line(row));
}

/** Bytes as KB/MB for messages. */
export function size(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}

/** The checkout's commit (and whether tracked files differ from it), when there is a git checkout. */
export function gitCommit() {
  const head = spawnSync("git", ["-C", root, "rev-parse", "HEAD"], { encoding: "utf8" });
  if (head.status === 0) {
    const status = spawnSync("git", ["-C", root, "status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" });
    return { commit: head.stdout.trim(), modified: status.status === 0 ? status.stdout.trim() !== "" : null };
  }
  // No git (the image copies .git but has no git): read the ref by hand.
  try {
    const gitDir = path.join(root, ".git");
    const ref = fs.readFileSync(path.join(gitDir, "HEAD"), "utf8").trim();
    if (!ref.startsWith("ref: ")) return { commit: ref, modified: null };
    const name = ref.slice(5);
    const loose = path.join(gitDir, name);
    if (fs.existsSync(loose)) return { commit: fs.readFileSync(loose, "utf8").trim(), modified: null };
    const packed = fs.readFileSync(path.join(gitDir, "packed-refs"), "utf8").split("\n");
    const line = packed.find((l) => l.endsWith(` ${name}`));
    return line ? { commit: line.split(" ")[0], modified: null } : null;
  } catch {
    return null;
  }
}
