import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The house rules bite (docs/architecture.md): a file that breaks one, written for the test into
 * the server's source and removed after, is named by the check that guards it — the import-graph
 * rules of .dependency-cruiser.cjs, the table-owner check, the function-length check and the
 * storefront's effect-fetch check.
 */
const repo = path.resolve(import.meta.dirname, "../../../..");
const src = path.join(repo, "apps/server/src");
const written: string[] = [];

function probe(rel: string, text: string, base = src): string {
  const file = path.join(base, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  written.push(file);
  return path.relative(repo, file);
}

afterAll(() => {
  for (const file of written) {
    fs.rmSync(file, { force: true });
    const dir = path.dirname(file);
    if (path.basename(dir) === "__probe__") fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** The rules a file breaks, as dependency-cruiser reports them for it. */
function brokenRules(file: string): string[] {
  const bin = path.join(repo, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
  const run = spawnSync(process.execPath, [bin, file, "--config", ".dependency-cruiser.cjs", "--output-type", "json"], {
    cwd: repo,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  const report = JSON.parse(run.stdout) as { summary: { violations: Array<{ from: string; rule: { name: string } }> } };
  return report.summary.violations.filter((v) => v.from === file).map((v) => v.rule.name);
}

describe("the house rules bite", { timeout: 120_000 }, () => {
  it.each([
    [
      "nothing-below-imports-app",
      "modules/__probe__/uses-app.ts",
      'import * as app from "../../app/app.js";\nexport const x = app;\n',
    ],
    [
      "modules-below-flows",
      "modules/__probe__/runs-flow.ts",
      'import * as flow from "../../flows/restock-notices/restock-notices.js";\nexport const x = flow;\n',
    ],
    ["server-files-in-their-rooms", "__probe__.ts", 'import * as csv from "./lib/csv.js";\nexport const x = csv;\n'],
    [
      "no-other-modules-routes",
      "modules/__probe__/other-routes.ts",
      'import * as r from "../cart/routes.js";\nexport const x = r;\n',
    ],
    [
      "db-below-modules",
      "db/__probe__/uses-module.ts",
      'import * as m from "../../modules/cart/service.js";\nexport const x = m;\n',
    ],
    [
      "no-test-code-in-production",
      "lib/__probe__/uses-test.ts",
      'import * as h from "../../test/harness.js";\nexport const x = h;\n',
    ],
  ])("%s", (rule, rel, text) => {
    expect(brokenRules(probe(rel, text))).toContain(rule);
  });

  it("no-circular, type imports included", () => {
    probe("lib/__probe__/b.ts", 'import type { A } from "./a.js";\nexport type B = { a?: A };\n');
    const a = probe("lib/__probe__/a.ts", 'import type { B } from "./b.js";\nexport type A = { b?: B };\n');
    expect(brokenRules(a)).toContain("no-circular");
  });

  it("a function over 150 lines is named by the function-length check", () => {
    const body = Array.from({ length: 150 }, (_, i) => `  total += ${i};`).join("\n");
    const file = probe("lib/__probe__/long.ts", `export function long(total: number) {\n${body}\n  return total;\n}\n`);
    const run = spawnSync(process.execPath, ["scripts/check-function-length.mjs"], { cwd: repo, encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${file}:1 long runs 153 lines`);
  });

  it("a storefront component that fetches in an effect is named by the effect-fetch check", () => {
    const file = probe(
      "__probe__/Fetches.tsx",
      [
        'import { useEffect } from "react";',
        'import { api } from "../../lib/api";',
        "export function Fetches() {",
        '  useEffect(() => void api("/api/cart/search"), []);',
        "  return null;",
        "}",
        "",
      ].join("\n"),
      path.join(repo, "apps/web/app/features"),
    );
    const run = spawnSync(process.execPath, ["scripts/check-effect-fetches.mjs"], { cwd: repo, encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${file}:4 calls api() inside useEffect`);
  });

  it("a flow that writes a table itself is named by the table-owner check", () => {
    const file = probe(
      "flows/__probe__/writes-table.ts",
      'import { orders } from "../../db/schema/index.js";\nexport const x = orders;\n',
    );
    const run = spawnSync(process.execPath, ["scripts/check-table-owners.mjs"], { cwd: repo, encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${file}: a flow file uses tables directly`);
  });
});
