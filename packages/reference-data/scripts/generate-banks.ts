// Generates src/banks.json from the official raw sources in ../shared/data/banks (see its README):
//   npx tsx packages/reference-data/scripts/generate-banks.ts
// The FISC interbank list decides which institutions can receive a transfer; the FSC register adds
// institutions the specification names that are missing there (015). 815 merged into 012 in 2023
// and is in neither source: it is kept in `retired` so a saved account still displays.
// Never edit the output by hand.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const rawDir = process.env.BANK_RAW_DIR ?? path.resolve(here, "../../../../shared/data/banks");
const outFile = path.resolve(here, "../src/banks.json");

import type { Bank, Branch } from "../src/types.js";

/** Usual short display form: drop the company suffix (中華郵政股份有限公司 → 中華郵政). */
const shortName = (name: string) => name.replace(/股份有限公司$/, "").trim();
/** The FSC register writes branch names with the bank's full name in front. */
const branchOnly = (bankFull: string, name: string) => {
  const stripped = name.replace(bankFull, "").replace(shortName(bankFull), "").trim();
  return stripped || name;
};

export function generate(dir: string) {
  const fisc = JSON.parse(fs.readFileSync(path.join(dir, "fisc-branches.json"), "utf8")) as Record<
    string,
    { name: string; branchs: Array<{ name: string; code: string }> }
  >;
  const fscRows = fs
    .readFileSync(path.join(dir, "fsc-institutions.tsv"), "utf8")
    .split(/\r?\n/)
    .map((line) => line.split("\t").map((c) => c.trim().replace(/^="?/, "").replace(/"$/, "")))
    .filter((cells) => cells.length >= 3 && /^\d{3}$/.test(cells[0] ?? ""));

  const banks: Bank[] = [];
  const branches: Record<string, Branch[]> = {};
  const addBank = (code: string, name: string, list: Array<{ code: string; name: string }>) => {
    const bankName = shortName(name);
    banks.push({ bankCodeString: code, bankCode: code, bankName, totalName: `${code} ${bankName}` });
    branches[code] = list
      .filter((b) => /^[0-9A-Z]{4}$/.test(b.code))
      .map((b) => ({
        bankCodeString: `${code}${b.code}`,
        bankCode: code,
        bankName,
        branchCode: b.code,
        branchName: b.name.trim(),
        totalName: `${b.code} ${b.name.trim()}`,
      }))
      .sort((a, b) => a.branchCode.localeCompare(b.branchCode));
  };

  for (const [code, inst] of Object.entries(fisc)) {
    if (/^\d{3}$/.test(code)) addBank(code, inst.name, inst.branchs);
  }
  // Named by the specification but not in the interbank list: take them from the FSC register.
  for (const code of ["015"]) {
    if (branches[code]) continue;
    const head = fscRows.find((r) => r[0] === code && !r[1]);
    if (!head) throw new Error(`bank ${code} is in neither source`);
    const list = fscRows
      .filter((r) => r[0] === code && r[1]?.length === 7)
      .map((r) => ({ code: (r[1] ?? "").slice(3), name: branchOnly(head[2] ?? "", r[2] ?? "") }));
    addBank(code, head[2] ?? "", list);
  }
  banks.sort((a, b) => a.bankCode.localeCompare(b.bankCode));
  const retired = [
    {
      bankCodeString: "815",
      bankCode: "815",
      bankName: "日盛國際商業銀行",
      totalName: "815 日盛國際商業銀行",
      mergedInto: "012",
    },
  ];
  return { banks, branches, retired };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const data = generate(rawDir);
  fs.writeFileSync(outFile, `${JSON.stringify(data)}\n`);
  const count = Object.values(data.branches).reduce((n, l) => n + l.length, 0);
  console.log(`wrote ${outFile}: ${data.banks.length} banks, ${count} branches`);
}
