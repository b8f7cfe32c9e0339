// Lighthouse mobile scores (performance, accessibility, SEO) in Debian's Chromium:
//   npx tsx bench/lighthouse.ts http://127.0.0.1:3000 / /product/details?id=1
// Uses Lighthouse's default mobile emulation and simulated throttling (slow 4G, 4× CPU).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium";

const [base, ...paths] = process.argv.slice(2);
if (!base) {
  console.error("usage: npx tsx bench/lighthouse.ts BASE_URL [PATH ...]");
  process.exit(2);
}
const out = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-"));
console.log("| page | performance | accessibility | SEO | LCP | TBT | CLS |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const p of paths.length ? paths : ["/"]) {
  const report = path.join(out, "report.json");
  const r = spawnSync(
    "npx",
    [
      "lighthouse",
      new URL(p, base).toString(),
      "--quiet",
      "--only-categories=performance,accessibility,seo",
      "--output=json",
      `--output-path=${report}`,
      `--chrome-flags=${CHROMIUM_ARGS.join(" ")}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, stdio: ["ignore", "ignore", "inherit"] },
  );
  if (r.status !== 0) {
    console.log(`| ${p} | failed (exit ${r.status}) | | | | | |`);
    continue;
  }
  const json = JSON.parse(fs.readFileSync(report, "utf8"));
  const score = (k: string) => Math.round((json.categories[k]?.score ?? 0) * 100);
  const audit = (k: string) => json.audits[k]?.displayValue ?? "";
  console.log(
    `| ${p} | ${score("performance")} | ${score("accessibility")} | ${score("seo")} | ${audit("largest-contentful-paint")} | ${audit("total-blocking-time")} | ${audit("cumulative-layout-shift")} |`,
  );
  const failing = Object.values(
    json.audits as Record<string, { id: string; score: number | null; scoreDisplayMode: string; title: string }>,
  )
    .filter(
      (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable",
    )
    .map((a) => `${a.id} (${a.score})`);
  if (failing.length) console.error(`  ${p} below 0.9: ${failing.join(", ")}`);
}
fs.rmSync(out, { recursive: true, force: true });
