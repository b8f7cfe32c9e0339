import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { productionProblems } from "../../app/production.js";
import { loadConfig } from "./index.js";
import { envExample, markdown, settings } from "./write-docs.js";

const root = path.resolve(import.meta.dirname, "../../../../..");

/** Dummy values of the right shape for the settings the example leaves empty. */
const DUMMY: Record<string, string> = {
  SHIP_SENDER_PHONE: "0912345678",
  ECPAY_INVOICE_HASH_KEY: "0123456789abcdef",
  ECPAY_INVOICE_HASH_IV: "fedcba9876543210",
  HCT_CONSIGNMENT_NUMBERS: "0123456780-0123459999",
  SMTP_URL: "smtps://shop:secret@smtp.example.com:465",
};

function parseEnv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line);
    if (m?.[1]) env[m[1]] = (m[2] ?? "").replace(/^"(.*)"$/, "$1").replaceAll('\\"', '"');
  }
  return env;
}

describe("settings documentation (one source: config/settings.ts)", () => {
  test("every setting carries its own documentation", () => {
    const all = settings();
    expect(all.length).toBeGreaterThan(60);
    // A schema shared by two settings would carry only the last one's words.
    expect(new Set(all.map((s) => s.doc)).size).toBe(all.length);
    for (const s of all) expect(s.doc.description.length, s.name).toBeGreaterThan(10);
  });

  test("docs/configuration.md and deploy/shop.env.example are what the settings say", () => {
    expect(fs.readFileSync(path.join(root, "docs/configuration.md"), "utf8")).toBe(markdown());
    expect(fs.readFileSync(path.join(root, "deploy/shop.env.example"), "utf8")).toBe(envExample());
  });

  test("the example with every required value filled in passes the production check", () => {
    const example = parseEnv(envExample());
    const required = settings()
      .filter((s) => s.doc.production && s.doc.production !== "refused")
      .map((s) => s.name);
    // Everything production asks for is in the example, and nothing production refuses.
    for (const name of required) expect(Object.keys(example), name).toContain(name);
    for (const s of settings().filter((x) => x.doc.production === "refused")) expect(example[s.name]).toBeUndefined();
    const filled = Object.fromEntries(
      Object.entries(example).map(([k, v]) => [k, v || (required.includes(k) ? (DUMMY[k] ?? "dummy1") : "")]),
    );
    const config = loadConfig({ ...filled, NODE_ENV: "production" });
    expect(productionProblems(config)).toEqual([]);
    // Left as written (values empty), it is refused, naming what to fill in.
    const problems = productionProblems(loadConfig({ ...example, NODE_ENV: "production" })).join("\n");
    for (const name of ["TAPPAY_PARTNER_KEY", "MITAKE_USERNAME", "SMTP_URL", "ECPAY_INVOICE_MERCHANT_ID"])
      expect(problems).toContain(name);
  });
});
