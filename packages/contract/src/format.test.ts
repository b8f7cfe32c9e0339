import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { formatDate, formatDateTime, formatMoney } from "./format.js";

describe("formatMoney", () => {
  test("examples", () => {
    expect(formatMoney(0)).toBe("NT$0");
    expect(formatMoney(1234)).toBe("NT$1,234");
    expect(formatMoney(1234567)).toBe("NT$1,234,567");
    expect(formatMoney(-50)).toBe("-NT$50");
  });

  test("writes what Intl's en-US grouping writes, for whole and fractional amounts", () => {
    const intl = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double({ min: -1e12, max: 1e12, noNaN: true })), (n) => {
        expect(formatMoney(n)).toBe(`${n < 0 ? "-" : ""}NT$${intl.format(Math.abs(n))}`);
      }),
    );
  });

  test("round-trips every integer amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (n) => {
        const text = formatMoney(n);
        expect(text).toMatch(/^-?NT\$\d{1,3}(,\d{3})*$/);
        expect(Number(text.replace(/[^\d-]/g, ""))).toBe(n);
      }),
    );
  });
});

describe("formatDate", () => {
  test("uses Asia/Taipei whatever the machine's zone", () => {
    // 2026-11-21 17:30 UTC is already 11/22 01:30 in Taipei.
    expect(formatDate("2026-11-21T17:30:00Z")).toBe("2026/11/22");
    expect(formatDate(new Date("2026-01-01T00:00:00+08:00"))).toBe("2026/01/01");
  });

  test("always YYYY/MM/DD and equal to the UTC+8 calendar day", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("1990-01-01"), max: new Date("2090-01-01"), noInvalidDate: true }), (d) => {
        const shifted = new Date(d.getTime() + 8 * 3600_000);
        const expected = `${shifted.getUTCFullYear()}/${String(shifted.getUTCMonth() + 1).padStart(2, "0")}/${String(shifted.getUTCDate()).padStart(2, "0")}`;
        expect(formatDate(d)).toBe(expected);
      }),
    );
  });
});

describe("formatDateTime", () => {
  test("shows Taipei time whatever the machine's zone", () => {
    expect(formatDateTime("2026-11-21T16:05:00Z")).toBe("2026/11/22 00:05");
  });
});
