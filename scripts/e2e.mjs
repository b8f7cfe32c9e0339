// Runs the Playwright suite in Debian's Chromium. Without Chromium it says how to get it;
// under CI that is a failure, on a newcomer's laptop the rest of `npm test` still counts.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

// Debian's headless shell when installed (e2e/chromium.ts picks it), else its full Chromium.
const shell = "/usr/lib/chromium/chromium-headless-shell";
const chromium = process.env.CHROMIUM_PATH ?? (fs.existsSync(shell) ? shell : "/usr/bin/chromium");
if (!fs.existsSync(chromium)) {
  const message = `E2E tests need Chromium at ${chromium}: install it with \`sudo apt-get install chromium-headless-shell chromium\` (or set CHROMIUM_PATH).`;
  if (process.env.CI) {
    console.error(message);
    process.exit(1);
  }
  console.warn(`\n*** E2E TESTS NOT RUN *** ${message}\n`);
  process.exit(0);
}
const result = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], { stdio: "inherit", cwd: "e2e" });
process.exit(result.status ?? 1);
