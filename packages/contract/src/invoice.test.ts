import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { invoiceSchema, isValidTaxId } from "./invoice.js";

describe("tax id checksum", () => {
  test.each(["22099131", "96979933", "04595257"])("%s is valid", (id) => expect(isValidTaxId(id)).toBe(true));
  test.each(["22099132", "1234567", "abcdefgh", "2209913１"])("%s is not", (id) => expect(isValidTaxId(id)).toBe(false));

  test("changing any one digit of a valid id breaks it (unless the 7th-digit rule allows it)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("22099131", "96979933"),
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: 1, max: 9 }),
        (id, pos, delta) => {
          if (pos === 6) return; // the seventh digit has the special rule
          const digits = [...id];
          digits[pos] = String((Number(digits[pos]) + delta) % 10);
          const changed = digits.join("");
          // Weight-2 positions map some digit pairs to the same digit sum (e.g. 4→8 and 9→18→9).
          const weight = [1, 2, 1, 2, 1, 2, 4, 1][pos] ?? 1;
          const ds = (n: number) => Math.floor((n * weight) / 10) + ((n * weight) % 10);
          const diff = ds(Number(digits[pos])) - ds(Number(id[pos]));
          expect(isValidTaxId(changed)).toBe(diff % 5 === 0);
        },
      ),
    );
  });
});

describe("invoice details", () => {
  test("each type with its official format", () => {
    expect(invoiceSchema.safeParse({ type: "member" }).success).toBe(true);
    expect(invoiceSchema.parse({ type: "mobile", carrier: "/abc+.-1" })).toEqual({ type: "mobile", carrier: "/ABC+.-1" });
    expect(invoiceSchema.safeParse({ type: "mobile", carrier: "ABC1234" }).error?.issues[0]?.message).toBe(
      "手機條碼格式錯誤：「/」開頭加 7 碼英數字",
    );
    expect(invoiceSchema.safeParse({ type: "donation", donation_code: "919" }).success).toBe(true);
    expect(invoiceSchema.safeParse({ type: "donation", donation_code: "12" }).error?.issues[0]?.message).toBe(
      "捐贈碼為 3 到 7 位數字",
    );
    expect(invoiceSchema.safeParse({ type: "company", tax_id: "22099131", title: "某某股份有限公司" }).success).toBe(true);
    expect(invoiceSchema.safeParse({ type: "company", tax_id: "22099132", title: "某某" }).error?.issues[0]?.message).toBe(
      "統一編號不正確，請再確認",
    );
    expect(invoiceSchema.safeParse({ type: "paper" }).success).toBe(false);
  });
});
