// Resident memory after start, one command: `npm run bench:memory` (PGlite, the demo shop) or
// `DATABASE_URL=postgres://… npm run bench:memory` (PostgreSQL). Needs `npm run build` first
// (the storefront and back office; the server is compiled by the start script itself).
//
// Starts the shop exactly as `npm run demo` does (the same npm script, so the same environment
// and flags), on a fresh data folder: the first start seeds the demo shop, the second start is
// measured 3 s after /api/ready answers, as a shop that restarts on its existing data. Three
// runs, each on its own folder; prints each run's VmRSS and the median. Linux only (reads /proc).
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SETTLE_MS = 3_000;
const PORT = 3_990;
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** What /api/ready answers: true when ready, false when not, undefined when nothing listens. */
const readiness = () =>
  fetch(`http://127.0.0.1:${PORT}/api/ready`).then(
    (r) => r.ok,
    () => undefined,
  );

/** The parent of every process, read from /proc/<pid>/stat (the field after the command's ")"). */
async function parents(): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields[1]) map.set(Number(entry), Number(fields[1]));
  }
  return map;
}

/** The node process running the compiled server, under the npm process that started it. */
async function serverPid(npmPid: number): Promise<number | undefined> {
  const parentOf = await parents();
  for (const [pid] of parentOf) {
    let up = parentOf.get(pid);
    while (up && up !== npmPid) up = parentOf.get(up);
    if (!up) continue;
    const cmdline = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
    const [program, ...args] = cmdline.split("\0");
    if (path.basename(program ?? "") === "node" && args.includes("dist/main.mjs")) return pid;
  }
  return undefined;
}

async function startOnce(dataDir: string, measure: boolean): Promise<number | undefined> {
  const npm = spawn("npm", ["run", "demo", "--silent", "-w", "@shop/server"], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SEED_DEMO: "1", SHUTDOWN_DRAIN_SECONDS: "0" },
  });
  // Its own process group (detached), so npm, its shell and the server stop together below.
  const group = npm.pid;
  if (group === undefined) throw new Error("npm did not start");
  const exited = new Promise((resolve) => npm.once("exit", resolve));
  try {
    for (let i = 0; ; i++) {
      if (i > 600) throw new Error("the server did not answer /api/ready within 120 s");
      if (await readiness()) break;
      await sleep(200);
    }
    if (!measure) return undefined;
    await sleep(SETTLE_MS);
    const pid = await serverPid(group);
    if (!pid) throw new Error("the server's process was not found under npm");
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Math.round(kb / 1024);
  } finally {
    process.kill(-group, "SIGTERM");
    await exited;
    // The port is free once the server has gone; the next start must not find it taken.
    while ((await readiness()) !== undefined) await sleep(200);
  }
}

const database = process.env.DATABASE_URL ? "postgresql" : "pglite";
console.log(`memory bench: ${database}, ${RUNS} runs, RSS ${SETTLE_MS / 1000} s after the second start is ready`);
const results: number[] = [];
for (let run = 1; run <= RUNS; run++) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-memory-"));
  try {
    await startOnce(dataDir, false);
    const mb = (await startOnce(dataDir, true)) ?? 0;
    results.push(mb);
    console.log(`run ${run}: ${mb} MB`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
const median = [...results].sort((a, b) => a - b)[Math.floor(results.length / 2)];
console.log(JSON.stringify({ database, runs_mb: results, median_mb: median }));
