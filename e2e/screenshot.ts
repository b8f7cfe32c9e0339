// Looks at a page in Debian's Chromium: npx tsx e2e/screenshot.ts URL OUT.png [mobile|desktop] [token]
import { chromium, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

const [url, out, mode, token] = process.argv.slice(2);
if (!url || !out) {
  console.error("usage: npx tsx e2e/screenshot.ts URL OUT.png [mobile|desktop] [token]");
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const context = await browser.newContext(
  mode === "mobile" ? { ...devices["iPhone 13"], locale: "zh-TW" } : { viewport: { width: 1366, height: 900 }, locale: "zh-TW" },
);
if (token) await context.addInitScript((t) => window.localStorage.setItem("token", t), token);
const page = await context.newPage();
await page.goto(url, { waitUntil: "networkidle" });
await page.waitForTimeout(800);
await page.screenshot({ path: out, fullPage: process.env.FULL === "1" });
await browser.close();
