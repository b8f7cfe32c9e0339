// Takes a screenshot of a page in Debian's Chromium: node scripts/screenshot.mjs URL OUT.png [mobile] [token]
import { chromium, devices } from "@playwright/test";

const [url, out, mode, token] = process.argv.slice(2);
if (!url || !out) {
  console.error("usage: node scripts/screenshot.mjs URL OUT.png [mobile|desktop] [token]");
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
const context = await browser.newContext(
  mode === "mobile" ? { ...devices["Pixel 7"], locale: "zh-TW" } : { viewport: { width: 1366, height: 900 }, locale: "zh-TW" },
);
if (token) await context.addInitScript((t) => window.localStorage.setItem("token", t), token);
const page = await context.newPage();
await page.goto(url, { waitUntil: "networkidle" });
await page.waitForTimeout(800);
await page.screenshot({ path: out, fullPage: process.env.FULL === "1" });
await browser.close();
