// Looks at back-office pages as a staff member:
//   npx tsx e2e/admin-screenshots.ts BASE_URL OUT_DIR [mobile|desktop] path…   (paths under /admin, e.g. /withdrawals)
import { chromium, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

const [base, outDir, mode, ...paths] = process.argv.slice(2);
if (!base || !outDir) {
  console.error("usage: npx tsx e2e/admin-screenshots.ts BASE_URL OUT_DIR [mobile|desktop] path…");
  process.exit(2);
}
const role = process.env.STAFF ?? "owner";
const login = await fetch(`${base}/api/admin/auth/login`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ username: role, password: `${role}12345` }),
});
const { data } = (await login.json()) as { data: { token: string; staff: unknown } };
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const context = await browser.newContext(
  mode === "mobile" ? { ...devices["Pixel 7"], locale: "zh-TW" } : { viewport: { width: 1366, height: 900 }, locale: "zh-TW" },
);
await context.addInitScript(
  ([t, s]) => {
    window.localStorage.setItem("adminToken", t);
    window.localStorage.setItem("adminStaff", s);
  },
  [data.token, JSON.stringify(data.staff)] as const,
);
const page = await context.newPage();
for (const p of paths) {
  await page.goto(`${base}/admin${p}`, { waitUntil: "networkidle" });
  await page.waitForTimeout(700);
  const name = p.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home";
  await page.screenshot({ path: `${outDir}/${mode ?? "desktop"}-${name}.png`, fullPage: process.env.FULL === "1" });
}
await browser.close();
