import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

const PORT = Number(process.env.E2E_PORT ?? 3210);
// Two workers, each with a shop server of its own (decision 70): a spec file runs on one worker,
// in order, against one server, as it did when the suite ran on one, and never sees the other
// worker's orders, stock changes or rate limits. E2E_WORKERS=1 runs it all on one server.
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
// Playwright loads this file in every worker too, with the worker's slot (0..workers-1) in
// TEST_PARALLEL_INDEX: that slot picks its server. The main process sees no slot.
const workerSlot = process.env.TEST_PARALLEL_INDEX;
const slot = Number(workerSlot ?? 0);

/** One server: the compiled server (`npm run build`, which `npm run test:e2e` runs first), as `npm start` runs it. */
function server(port: number) {
  // A fresh data folder per run and server: the server seeds the demo shop into it on start.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-e2e-"));
  return {
    command: "node apps/server/dist/main.mjs",
    cwd: path.resolve(import.meta.dirname, ".."),
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 90_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      TEST_MODE: "1",
      LOG_LEVEL: "warn",
      // As `npm start` and the production image run it (decision 63).
      MALLOC_MMAP_THRESHOLD_: "32768",
      AUTH_RATE_LIMIT_PER_MINUTE: "200",
      // Every spec registers from 127.0.0.1 (and CI retries a failed test): the production limit of
      // 20 codes an hour per address would fail whichever test comes after the twentieth.
      SMS_CODES_PER_IP_PER_HOUR: "1000",
      RESTOCK_SWEEP_SECONDS: "2",
      // Background work (e-invoices, messages, sweeps) every second: specs wait on it.
      JOB_POLL_SECONDS: "1",
      DATABASE_URL: "",
    },
  };
}

export default defineConfig({
  testDir: "./tests",
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT + slot}`,
    locale: "zh-TW",
    timezoneId: "Asia/Taipei",
    // A test that fails under CI is run again with a trace (test-results/…/trace.zip, replay it with
    // `npx playwright show-trace`). Tracing every run to keep the failures' cost the browser and
    // Playwright a third of the suite's CPU (decision 70). E2E_TRACE=on traces every test.
    trace: (process.env.E2E_TRACE ?? "on-first-retry") as "on" | "off" | "on-first-retry" | "retain-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // The storefront's service worker (decision 108) precaches ~1 MB per new browser context: only
    // the specs about it (offline.spec.ts) let it run.
    serviceWorkers: "block",
    // The iPhone's one-time 加入主畫面 hint is seen already: it would sit over the buttons other specs
    // press on a phone's second page (offline.spec.ts opens a context of its own to see it).
    storageState: {
      cookies: [],
      origins: [{ origin: `http://127.0.0.1:${PORT + slot}`, localStorage: [{ name: "ios_install_hint_seen", value: "1" }] }],
    },
  },
  // Only the main process starts servers, so only it makes their data folders.
  webServer: workerSlot === undefined ? Array.from({ length: WORKERS }, (_, i) => server(PORT + i)) : [],
});
