// Mixed realistic load (browse 80%, cart 15%, checkout 5%) against one instance, then two,
// sharing the local PostgreSQL and Redis; prints throughput, p50/p99 and errors per run.
//   node bench/load.mjs [seconds per run, default 20] [virtual users, default 32]
// Only ever targets 127.0.0.1.
import {
  call,
  demoTokens,
  flushRedis,
  freshDatabase,
  mixedRequest,
  sleep,
  startInstance,
  stopAll,
  topUpStock,
  waitReady,
} from "../scripts/ops/instances.mjs";

const seconds = Number(process.argv[2] ?? 20);
const users = Number(process.argv[3] ?? 32);
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379/9";
const ports = [3831, 3832];

const db = await freshDatabase("shop_load");
const env = {
  DATABASE_URL: db.url,
  REDIS_URL: redisUrl,
  AUTH_RATE_LIMIT_PER_MINUTE: "100000",
  // The shop as deployed, not the test mode.
  NODE_ENV: "development",
  TEST_MODE: "0",
};
const children = [];
try {
  await flushRedis(redisUrl);
  children.push(startInstance(ports[0], env));
  await waitReady(ports[0]);
  children.push(startInstance(ports[1], env));
  await waitReady(ports[1]);

  const { token, staff } = await demoTokens(ports[0]);
  const variantIds = await topUpStock(ports[0], staff, [1, 2, 3, 4], 100_000);

  async function run(targets) {
    const latencies = { browse: [], cart: [], checkout: [] };
    let errors = 0;
    let stop = false;
    async function user(i) {
      let n = i;
      while (!stop) {
        n++;
        const { kind, method, url, body, signedIn } = mixedRequest(n, variantIds[n % variantIds.length]);
        const t0 = performance.now();
        const res = await call(targets[n % targets.length], method, url, { body, token: signedIn ? token : undefined });
        latencies[kind].push(performance.now() - t0);
        if (res.status === 0 || res.status >= 500 || (kind === "checkout" && res.status !== 200)) errors++;
      }
    }
    // Warm-up, then the measured window.
    const warm = Promise.all(Array.from({ length: users }, (_, i) => user(i * 13)));
    await sleep(3000);
    stop = true;
    await warm;
    for (const k of Object.keys(latencies)) latencies[k] = [];
    errors = 0;
    stop = false;
    const t0 = performance.now();
    const load = Promise.all(Array.from({ length: users }, (_, i) => user(i * 17)));
    await sleep(seconds * 1000);
    stop = true;
    await load;
    const elapsed = (performance.now() - t0) / 1000;
    const pct = (xs, p) => {
      const s = [...xs].sort((a, b) => a - b);
      return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : 0;
    };
    const all = [...latencies.browse, ...latencies.cart, ...latencies.checkout];
    return {
      instances: targets.length,
      requests: all.length,
      rps: Math.round(all.length / elapsed),
      p50: pct(all, 50).toFixed(1),
      p99: pct(all, 99).toFixed(1),
      checkout_p99: pct(latencies.checkout, 99).toFixed(1),
      orders_per_s: (latencies.checkout.length / elapsed).toFixed(1),
      errors,
    };
  }

  const results = [await run([ports[0]]), await run(ports)];
  console.log(`Mixed load, ${users} virtual users, ${seconds} s per run (browse 80%, cart 15%, checkout 5%)`);
  console.log("| instances | requests | req/s | p50 ms | p99 ms | checkout p99 ms | orders/s | errors |");
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const r of results)
    console.log(
      `| ${r.instances} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.checkout_p99} | ${r.orders_per_s} | ${r.errors} |`,
    );
} finally {
  await stopAll(children);
  await db.drop();
}
