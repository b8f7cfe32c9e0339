import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// A restart (SIGTERM, as a deploy sends it) while shoppers load pages: every page the server began
// is answered whole. It used to answer 500 for a page whose loaders were still calling the API
// when the close began, because the in-process API calls were refused from that moment.

const root = path.resolve(import.meta.dirname, "../..");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitReady(base: string, child: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server not ready after 60 s");
}

test("SIGTERM while pages render: every page begun is answered, none with an error", async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-shutdown-"));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["apps/server/dist/main.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      TEST_MODE: "1",
      // Fastify's request log says which pages the server began.
      LOG_LEVEL: "info",
      DATABASE_URL: "",
      SHUTDOWN_DRAIN_SECONDS: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let begun = 0;
  let partial = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.includes('"incoming request"')) continue;
      const entry = JSON.parse(line) as { req?: { url?: string } };
      if (entry.req?.url?.startsWith("/product/details")) begun++;
    }
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // "close": the process has ended and its log has been read to the end.
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  try {
    await waitReady(base, child);
    const statuses: number[] = [];
    const lost: string[] = [];
    let refused = 0;
    let n = 0;
    let stop = false;
    // Twelve shoppers on keep-alive connections, each page with its own query string so the page
    // cache never answers it: the loaders run for every one.
    const shopper = async () => {
      while (!stop) {
        let res: Response;
        try {
          res = await fetch(`${base}/product/details?id=${1 + (n % 8)}&visit=${n++}`);
        } catch {
          // The listener is gone, or a kept-alive connection was closed as the close began, just as
          // this request went out on it (browsers retry those): whether the server had begun the page
          // is what the server's log says, checked below.
          refused++;
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        try {
          await res.text();
          statuses.push(res.status);
        } catch (error) {
          lost.push(`body cut off: ${String(error)}`); // the answer began and did not finish
        }
      }
    };
    const shoppers = Array.from({ length: 12 }, shopper);
    // The restart comes once pages are being served (a fixed wait saw none on a busy runner: the
    // first pages load the page modules).
    for (let i = 0; i < 300 && statuses.length <= 10; i++) await new Promise((r) => setTimeout(r, 100));
    const before = statuses.length;
    child.kill("SIGTERM");
    const code = await exited;
    stop = true;
    await Promise.all(shoppers);

    expect(before, "pages served before the restart").toBeGreaterThan(10);
    expect(code, `exit code; server said: ${stderr.slice(0, 2000)}`).toBe(0);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(lost).toEqual([]);
    // Every page the server began reached its shopper whole (none dropped when the close came).
    expect(begun, "pages the server began").toBe(statuses.length);
    expect(stderr).not.toContain("FST_ERR_REOPENED_CLOSE_SERVER");
    expect(refused, "requests after the close were refused, not answered").toBeGreaterThan(0);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
