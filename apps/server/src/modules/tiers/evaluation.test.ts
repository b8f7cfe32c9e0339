import { describe, expect, test } from "vitest";
import {
  addMonths,
  closingWindow,
  currentWindow,
  decide,
  type Level,
  nextLevel,
  reachedLevel,
  taipeiYear,
  yearStart,
} from "./evaluation.js";

const levels: Level[] = [
  { id: 1, name: "一般會員", rank: 0, threshold: 0, active: true },
  { id: 2, name: "VIP", rank: 1, threshold: 10_000, active: true },
  { id: 3, name: "VVIP", rank: 2, threshold: 30_000, active: true },
];
const [base, vip, vvip] = levels as [Level, Level, Level];

describe("windows (Asia/Taipei)", () => {
  test("rolling 12 months: the last 12 months, the level held 12 months from now", () => {
    const at = new Date("2026-11-28T04:00:00Z");
    const w = currentWindow("rolling12", at);
    expect(w.from.toISOString()).toBe("2025-11-28T04:00:00.000Z");
    expect(w.to.getTime()).toBe(at.getTime() + 1);
    expect(w.validUntil.toISOString()).toBe("2027-11-28T04:00:00.000Z");
    expect(closingWindow("rolling12", at)).toEqual(w);
  });

  test("calendar: this year so far on payment (held to the end of next year); the year just ended at period end", () => {
    // 2026-12-31 20:00 in Taipei is still 2026; 2027-01-01 00:30 Taipei is 2026-12-31 16:30 UTC.
    const lateDec = new Date("2026-12-31T12:00:00Z");
    expect(taipeiYear(lateDec)).toBe(2026);
    expect(taipeiYear(new Date("2026-12-31T16:30:00Z"))).toBe(2027);
    const w = currentWindow("calendar", lateDec);
    expect(w.from.toISOString()).toBe("2025-12-31T16:00:00.000Z");
    expect(w.validUntil.toISOString()).toBe(yearStart(2028).toISOString());
    const end = closingWindow("calendar", new Date("2028-01-01T02:00:00Z"));
    expect(end.from.toISOString()).toBe(yearStart(2027).toISOString());
    expect(end.to.toISOString()).toBe("2027-12-31T16:00:00.000Z");
    expect(end.validUntil.toISOString()).toBe(yearStart(2029).toISOString());
  });

  test("months clamp to the month's last day", () => {
    expect(addMonths(new Date("2026-03-30T16:00:00Z"), -1).toISOString()).toBe("2026-02-27T16:00:00.000Z");
    expect(addMonths(new Date("2024-02-29T04:00:00Z"), 12).toISOString()).toBe("2025-02-28T04:00:00.000Z");
  });
});

describe("levels reached", () => {
  test("the highest active level whose threshold the spend reaches; turned-off levels never", () => {
    expect(reachedLevel(levels, 0)).toBe(base);
    expect(reachedLevel(levels, 9_999)).toBe(base);
    expect(reachedLevel(levels, 10_000)).toBe(vip);
    expect(reachedLevel(levels, 100_000)).toBe(vvip);
    expect(reachedLevel([base, vip, { ...vvip, active: false }], 100_000)).toBe(vip);
    expect(nextLevel(levels, 0)).toBe(vip);
    expect(nextLevel(levels, 2)).toBeUndefined();
  });

  test("on payment only ever up; at period end renewal, upgrade or downgrade", () => {
    expect(decide(levels, base, 12_000, false)).toEqual({ kind: "upgrade", to: vip });
    expect(decide(levels, vvip, 12_000, false)).toEqual({ kind: "none" });
    expect(decide(levels, vip, 12_000, false)).toEqual({ kind: "none" });
    expect(decide(levels, vip, 12_000, true)).toEqual({ kind: "renewal", to: vip });
    expect(decide(levels, vvip, 12_000, true)).toEqual({ kind: "downgrade", to: vip });
    expect(decide(levels, vvip, 0, true)).toEqual({ kind: "downgrade", to: base });
    expect(decide(levels, vip, 40_000, true)).toEqual({ kind: "upgrade", to: vvip });
  });
});
