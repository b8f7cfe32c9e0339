// Where an order's CPU goes, each thread apart (issue 51, tenth sitting):
// `npx tsx bench/checkout-threads.ts [connections=50] [seconds=12] [repo=.]`. Starts the repo's
// bench/checkout-server.ts (PGlite unless DATABASE_URL is set), places transfer orders from that
// many connections for 3 s to warm up, then for the given seconds, and prints each of the server's
// threads' CPU time per order from /proc (Linux): `main` is the server's own thread, the busiest
// other one is the embedded database's. Give another checkout's path as `repo` to compare two
// builds on one machine, alternating. Traffic goes only to 127.0.0.1.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const [connections = 50, seconds = 12] = process.argv.slice(2, 4).map(Number);
const repo = path.resolve(process.argv[4] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
const child = spawn(process.execPath, ["--import", "tsx", path.join(repo, "bench/checkout-server.ts")], {
  cwd: repo,
  stdio: ["ignore", "pipe", "inherit"],
  env: { MALLOC_MMAP_THRESHOLD_: "32768", ...process.env, NODE_ENV: "production" },
});
let buffer = "";
const ready = await new Promise<{ port: number; variants: number[] }>((resolve) =>
  child.stdout.on("data", (chunk: Buffer) => {
    buffer += chunk.toString();
    const line = buffer.split("\n").find((l) => l.startsWith("{"));
    if (line) resolve(JSON.parse(line));
  }),
);

/** CPU milliseconds so far of each thread of the server, by thread id (clock ticks of 10 ms). */
const cpuByThread = () =>
  new Map(
    fs.readdirSync(`/proc/${child.pid}/task`).map((tid) => {
      const stat = fs.readFileSync(`/proc/${child.pid}/task/${tid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return [tid, (Number(fields[11]) + Number(fields[12])) * 10] as const;
    }),
  );

let n = 0;
const body = () => {
  n++;
  return JSON.stringify({
    variant_id: ready.variants[n % ready.variants.length],
    qty: 1 + (n % 3),
    ship_method: "hct",
    payment_method: "transfer",
    receiver: { name: "壓測買家", phone: `09${String(10_000_000 + (n % 89_999_999)).padStart(8, "0")}` },
    address: { zip: "100", county: "台北市", district: "中正區", line: "重慶南路一段 122 號" },
    invoice: { type: "mobile", carrier: "/ABC1234" },
  });
};
const place = (duration: number) =>
  autocannon({
    url: `http://127.0.0.1:${ready.port}`,
    connections,
    duration,
    requests: [
      {
        method: "POST",
        path: "/api/order/store/fast",
        setupRequest: (r) => ({
          ...r,
          headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
          body: body(),
        }),
      },
    ],
  });

await place(3);
const before = cpuByThread();
const result = await place(seconds);
const after = cpuByThread();
const orders = result["2xx"];
const perOrder: Record<string, number> = {};
let total = 0;
for (const [tid, ms] of after) {
  const spent = ms - (before.get(tid) ?? 0);
  total += spent;
  if (spent >= 20) perOrder[tid === String(child.pid) ? "main" : `thread ${tid}`] = +(spent / orders).toFixed(3);
}
console.log(
  JSON.stringify({
    repo,
    connections,
    orders_per_s: Math.round(orders / seconds),
    cpu_ms_per_order: +(total / orders).toFixed(3),
    ...perOrder,
  }),
);
child.kill("SIGTERM");
await new Promise((r) => child.once("exit", r));
