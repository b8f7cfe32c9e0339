// How the shop's cost grows with its data: `npm run bench:scale -- --size 10k|100k|1m` on the
// database `npm run bench:data -- --products N` made (PG_ADMIN_URL's server). Starts
// bench/scale-server.ts, runs each scenario with autocannon (storefront: 50 connections with a
// unique query string per request, so no response cache answers; back office: 4, a few staff),
// streams the whole order CSV once, and writes bench/results/scale-<size>.json.
// `--runs 3` measures each scenario three times and keeps the run with the median p99.
// `npm run bench:scale -- --table` prints the sizes measured side by side (p99, and 1m / 10k).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { type Scenario, scenarios } from "./scale-scenarios.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsDir = path.join(here, "results");
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};

interface Row {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Each run's p99 when the scenario ran more than once (`--runs`). */
  p99Runs?: number[];
}

if (process.argv.includes("--table")) {
  const sizes = ["10k", "100k", "1m"].filter((s) => fs.existsSync(path.join(resultsDir, `scale-${s}.json`)));
  const data = sizes.map((s) => JSON.parse(fs.readFileSync(path.join(resultsDir, `scale-${s}.json`), "utf8")));
  const names = (data[0]?.rows ?? []).map((r: Row) => r.name);
  console.log(
    `| scenario | ${sizes.map((s) => `${s} p99 ms (req/s)`).join(" | ")} | ${sizes.length > 1 ? `${sizes.at(-1)} / ${sizes[0]}` : ""} |`,
  );
  console.log(`| --- | ${sizes.map(() => "---").join(" | ")} | --- |`);
  for (const name of names) {
    const cells = data.map((d) => d.rows.find((r: Row) => r.name === name) as Row | undefined);
    const first = cells[0]?.p99 ?? 0;
    const lastP99 = cells.at(-1)?.p99 ?? 0;
    const ratio = first > 0 ? `${(lastP99 / first).toFixed(1)}×` : "";
    console.log(`| ${name} | ${cells.map((c) => (c ? `${c.p99} (${c.rps.toLocaleString()})` : "–")).join(" | ")} | ${ratio} |`);
  }
  for (const d of data)
    console.log(
      `\n${d.size}: start-up ${d.startMs} ms, migrations ${d.migrateMs} ms, CSV ${d.csv.rows.toLocaleString()} rows / ${(d.csv.bytes / 1e6).toFixed(0)} MB in ${d.csv.seconds} s (server RSS +${d.csv.rssGrowthMb} MB), RSS after ${d.rssMb} MB`,
    );
  process.exit(0);
}

const size = arg("size") ?? "10k";
const url = new URL(process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
url.pathname = `/bench_scale_${size}`;
const started = performance.now();
const child = spawn(process.execPath, ["--import", "tsx", path.join(here, "scale-server.ts")], {
  stdio: ["ignore", "pipe", "inherit"],
  env: { MALLOC_MMAP_THRESHOLD_: "32768", ...process.env, NODE_ENV: "production", DATABASE_URL: url.toString() },
});
const ready: Record<string, number> = await new Promise((resolve, reject) => {
  let buffer = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    buffer += chunk.toString();
    const line = buffer.split("\n").find((l) => l.startsWith("{"));
    if (line) resolve(JSON.parse(line));
  });
  child.on("exit", (code) => reject(new Error(`scale server exited with ${code}`)));
});
const startMs = Math.round(performance.now() - started);
const base = `http://127.0.0.1:${ready.port}`;
const rssMb = () => {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

/** Runs of each scenario (`--runs N`, default 1); the row kept is the run with the median p99. */
const RUNS = Math.max(1, Number(arg("runs") ?? 1));

async function run(s: Scenario): Promise<Row> {
  const request: autocannon.Request = { setupRequest: (r) => ({ ...r, path: s.path() }) };
  const headers = s.token ? { authorization: `Bearer ${s.token}` } : {};
  await autocannon({ url: base, connections: s.connections, duration: 2, headers, requests: [request] });
  const rows: Row[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await autocannon({ url: base, connections: s.connections, duration: DURATION_S, headers, requests: [request] });
    rows.push({
      name: s.name,
      connections: s.connections,
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p95: r.latency.p97_5 !== undefined ? Math.round((r.latency.p90 + r.latency.p97_5) / 2) : r.latency.p90,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
    });
  }
  const byP99 = [...rows].sort((a, b) => a.p99 - b.p99);
  const row = { ...(byP99[Math.floor((byP99.length - 1) / 2)] as Row), p99Runs: rows.map((r) => r.p99) };
  console.log(
    `${s.name.padEnd(58)} ${String(row.rps).padStart(6)} req/s  p50 ${row.p50}  p95≈${row.p95}  p99 ${row.p99} ms${RUNS > 1 ? ` (runs ${row.p99Runs.join(" / ")})` : ""}${row.non2xx ? `  non-2xx ${row.non2xx}` : ""}`,
  );
  return row;
}

/** The whole order CSV, once: time, rows, bytes and how much the server's RSS grew meanwhile. */
async function csv(token: string) {
  const before = rssMb();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb());
  }, 100);
  const t0 = performance.now();
  const res = await fetch(`${base}/api/admin/orders.csv`, { headers: { authorization: `Bearer ${token}` } });
  let bytes = 0;
  let rows = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) rows++;
  }
  clearInterval(sampler);
  return {
    status: res.status,
    rows: Math.max(0, rows - 1),
    bytes,
    seconds: Number(((performance.now() - t0) / 1000).toFixed(1)),
    rssGrowthMb: peak - before,
  };
}

try {
  const login = await fetch(`${base}/api/admin/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "owner", password: "owner12345" }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const rows: Row[] = [];
  const only = arg("only");
  for (const s of scenarios(ready, token)) if (!only || s.name.includes(only)) rows.push(await run(s));
  const export_ = only ? { status: 0, rows: 0, bytes: 0, seconds: 0, rssGrowthMb: 0 } : await csv(token);
  console.log(`order CSV: ${JSON.stringify(export_)}`);
  const out = {
    size,
    date: new Date().toISOString(),
    startMs,
    migrateMs: Math.round(ready.migrateMs ?? 0),
    rssMb: rssMb(),
    ready,
    rows,
    csv: export_,
  };
  fs.mkdirSync(resultsDir, { recursive: true });
  if (!only) fs.writeFileSync(path.join(resultsDir, `scale-${size}.json`), `${JSON.stringify(out, null, 2)}\n`);
  console.log(`start-up ${startMs} ms, migrations ${out.migrateMs} ms, RSS ${out.rssMb} MB`);
} finally {
  child.kill("SIGTERM");
}
