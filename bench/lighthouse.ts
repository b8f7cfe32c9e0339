// Lighthouse mobile scores (performance, accessibility, SEO) in Debian's Chromium, the median run
// of three per page (by performance score; --runs=N to change):
//   npx tsx bench/lighthouse.ts http://127.0.0.1:3000 / /product/details?id=1
// Uses Lighthouse's default mobile emulation and simulated throttling (slow 4G, 4× CPU).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium";

const args = process.argv.slice(2);
const runs = Number(args.find((a) => a.startsWith("--runs="))?.slice(7) ?? 3);
const [base, ...paths] = args.filter((a) => !a.startsWith("--"));
if (!base || !Number.isInteger(runs) || runs < 1) {
  console.error("usage: npx tsx bench/lighthouse.ts BASE_URL [PATH ...] [--runs=3]");
  process.exit(2);
}

interface Report {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { id: string; score: number | null; scoreDisplayMode: string; displayValue?: string }>;
}

const out = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-"));
function lighthouse(url: string): Report | undefined {
  const report = path.join(out, "report.json");
  const r = spawnSync(
    "npx",
    [
      "lighthouse",
      url,
      "--quiet",
      "--only-categories=performance,accessibility,seo",
      "--output=json",
      `--output-path=${report}`,
      `--chrome-flags=${CHROMIUM_ARGS.join(" ")}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, stdio: ["ignore", "ignore", "inherit"] },
  );
  return r.status === 0 ? (JSON.parse(fs.readFileSync(report, "utf8")) as Report) : undefined;
}

const score = (json: Report, k: string) => Math.round((json.categories[k]?.score ?? 0) * 100);
const audit = (json: Report, k: string) => json.audits[k]?.displayValue ?? "";

console.log(`| page | performance (median of ${runs}; all runs) | accessibility | SEO | LCP | TBT | CLS |`);
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const p of paths.length ? paths : ["/"]) {
  const reports = Array.from({ length: runs }, () => lighthouse(new URL(p, base).toString())).filter((r) => r !== undefined);
  if (reports.length < runs) {
    console.log(`| ${p} | failed (${runs - reports.length} of ${runs} runs) | | | | | |`);
    continue;
  }
  reports.sort((a, b) => score(a, "performance") - score(b, "performance"));
  const json = reports[Math.floor(reports.length / 2)] as Report;
  const all = reports.map((r) => score(r, "performance")).join(", ");
  console.log(
    `| ${p} | ${score(json, "performance")} (${all}) | ${score(json, "accessibility")} | ${score(json, "seo")} | ${audit(json, "largest-contentful-paint")} | ${audit(json, "total-blocking-time")} | ${audit(json, "cumulative-layout-shift")} |`,
  );
  const failing = Object.values(json.audits)
    .filter(
      (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable",
    )
    .map((a) => `${a.id} (${a.score})`);
  if (failing.length) console.error(`  ${p} below 0.9: ${failing.join(", ")}`);
}
fs.rmSync(out, { recursive: true, force: true });
