import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { generate } from "../scripts/generate-banks.js";
import data from "./banks.json" with { type: "json" };
import { BANKS, bankName, branchesOf, findBranch } from "./index.js";

const NAMED =
  "004 005 006 007 008 009 011 012 013 015 016 017 018 021 048 050 052 053 054 081 118 147 700 803 805 806 807 808 809 810 812 816 822 823 824 826".split(
    " ",
  );

describe("bank reference data", () => {
  // The raw sources live beside the repository (../shared/data/banks); a clone elsewhere points
  // BANK_RAW_DIR at them. Without them only this comparison is skipped, never the checks below.
  const raw =
    process.env.BANK_RAW_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../shared/data/banks");
  test.skipIf(!fs.existsSync(path.join(raw, "fisc-branches.json")))(
    "is exactly what the generator makes from the raw sources (never edited by hand)",
    () => {
      expect(generate(raw)).toEqual(data);
    },
  );

  test("covers every interbank institution and every code the specification names", () => {
    expect(BANKS).toHaveLength(296); // 295 FISC institutions + 015 from the FSC register
    for (const code of NAMED) expect(branchesOf(code).length, code).toBeGreaterThan(0);
    const total = BANKS.reduce((n, b) => n + branchesOf(b.bankCode).length, 0);
    expect(total).toBe(5001);
  });

  test("known entries, in the specification's shapes", () => {
    expect(BANKS.find((b) => b.bankCode === "004")).toEqual({
      bankCodeString: "004",
      bankCode: "004",
      bankName: "臺灣銀行",
      totalName: "004 臺灣銀行",
    });
    expect(findBranch("004", "0037")).toEqual({
      bankCodeString: "0040037",
      bankCode: "004",
      bankName: "臺灣銀行",
      branchCode: "0037",
      branchName: "營業部",
      totalName: "0037 營業部",
    });
    expect(findBranch("700", "0021")?.branchName).toBe("郵政存簿儲金");
    expect(bankName("700")).toBe("中華郵政");
    expect(bankName("006")).toBe("合作金庫商業銀行");
    expect(findBranch("015", "0019")?.branchName).toBe("業務部");
  });

  test("the merged 815 is not offered but still has a name", () => {
    expect(BANKS.some((b) => b.bankCode === "815")).toBe(false);
    expect(branchesOf("815")).toEqual([]);
    expect(bankName("815")).toBe("日盛國際商業銀行");
  });
});
