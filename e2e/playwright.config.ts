import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

const PORT = Number(process.env.E2E_PORT ?? 3210);
// A fresh data folder per run: the server seeds the demo shop into it on start.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-e2e-"));

export default defineConfig({
  testDir: "./tests",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "zh-TW",
    timezoneId: "Asia/Taipei",
    // A failure under CI leaves a trace (test-results/…/trace.zip) to replay with `npx playwright show-trace`.
    trace: "retain-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    // The compiled server (`npm run build`, which `npm run test:e2e` runs first): what `npm start` runs.
    command: "node apps/server/dist/main.mjs",
    cwd: path.resolve(import.meta.dirname, ".."),
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
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
  },
});
