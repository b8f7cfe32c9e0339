import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ownPoints } from "../loyalty/credits.js";

/** Completion points × the order's tier multiplier (decision 94): whole points, floored, never more than the product. */
const order = fc
  .array(
    fc.record({
      price: fc.integer({ min: 0, max: 20_000 }),
      qty: fc.integer({ min: 1, max: 20 }),
      pointPercent: fc.integer({ min: 0, max: 100 }),
    }),
    {
      minLength: 1,
      maxLength: 6,
    },
  )
  .chain((lines) => {
    const goods = lines.reduce((s, l) => s + l.price * l.qty, 0);
    return fc.record({
      lines: fc.constant(lines),
      goodsAmount: fc.constant(goods),
      discountTotal: fc.integer({ min: 0, max: goods }),
      pointsUsed: fc.integer({ min: 0, max: 5_000 }),
    });
  });

describe("points multiplier", () => {
  test("×m/100 of the ×1 points, floored: an integer, ×1 unchanged, never decreasing in m", () => {
    fc.assert(
      fc.property(order, fc.integer({ min: 100, max: 1000 }), (o, m) => {
        const once = ownPoints({ ...o, pointsMultiplier: 100 });
        const times = ownPoints({ ...o, pointsMultiplier: m });
        expect(ownPoints(o)).toBe(once);
        expect(Number.isInteger(times)).toBe(true);
        expect(times).toBe(Math.floor((once * m) / 100));
        expect(times).toBeGreaterThanOrEqual(once);
        expect(ownPoints({ ...o, pointsMultiplier: m + 50 })).toBeGreaterThanOrEqual(times);
      }),
    );
  });

  test("×1.5 of 7 points is 10, ×2 of 7 is 14", () => {
    const o = { goodsAmount: 700, discountTotal: 0, pointsUsed: 0, lines: [{ price: 700, qty: 1, pointPercent: 1 }] };
    expect(ownPoints({ ...o, pointsMultiplier: 150 })).toBe(10);
    expect(ownPoints({ ...o, pointsMultiplier: 200 })).toBe(14);
  });
});
