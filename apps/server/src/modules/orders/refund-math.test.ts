import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { capPlan, lineNetValues, planRefund, type RefundLine } from "./refund-math.js";

const order = fc
  .record({
    lines: fc.array(fc.record({ price: fc.integer({ min: 1, max: 5000 }), qty: fc.integer({ min: 1, max: 6 }) }), {
      minLength: 1,
      maxLength: 5,
    }),
    discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
    shipping: fc.integer({ min: 0, max: 200 }),
    pointsShare: fc.double({ min: 0, max: 1, noNaN: true }),
    walletShare: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map((o) => {
    const goodsAmount = o.lines.reduce((a, l) => a + l.price * l.qty, 0);
    const discountTotal = Math.floor(goodsAmount * o.discountShare);
    const total = goodsAmount - discountTotal + o.shipping;
    const points = Math.floor(total * o.pointsShare);
    const wallet = Math.floor((total - points) * o.walletShare);
    return { ...o, goodsAmount, discountTotal, total, sources: { money: total - points - wallet, wallet, points } };
  });

describe("refund arithmetic", () => {
  test("line values add up to goods − discounts, none negative", () => {
    fc.assert(
      fc.property(order, (o) => {
        const nets = lineNetValues(o.lines, o);
        expect(nets.reduce((a, b) => a + b, 0)).toBe(o.goodsAmount - o.discountTotal);
        for (const n of nets) expect(n).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  test("any sequence of partial refunds then the rest gives back exactly what was paid, source by source", () => {
    fc.assert(
      fc.property(order, fc.array(fc.nat(), { maxLength: 12 }), (o, picks) => {
        const lines: RefundLine[] = o.lines.map((l, i) => ({ id: i + 1, variantId: 100 + i, ...l, refundedQty: 0 }));
        const left = { ...o.sources };
        const given = { money: 0, wallet: 0, points: 0, goods: 0 };
        const apply = (plan: ReturnType<typeof planRefund>) => {
          for (const k of ["money", "wallet", "points"] as const) {
            expect(plan[k]).toBeGreaterThanOrEqual(0);
            expect(plan[k]).toBeLessThanOrEqual(left[k]);
            left[k] -= plan[k];
            given[k] += plan[k];
          }
          given.goods += plan.goodsValue;
          for (const it of plan.items) {
            const line = lines.find((l) => l.id === it.lineId);
            if (line) line.refundedQty += it.qty;
          }
        };
        for (const p of picks) {
          const open = lines.filter((l) => l.refundedQty < l.qty);
          const line = open[p % Math.max(1, open.length)];
          if (!line) break;
          const qty = 1 + (p % (line.qty - line.refundedQty));
          const plan = planRefund(lines, o, left, new Map([[line.id, qty]]));
          if (!plan.final) expect(plan.money + plan.wallet + plan.points).toBe(plan.goodsValue);
          apply(plan);
          if (plan.final) break;
        }
        if (lines.some((l) => l.refundedQty < l.qty)) apply(planRefund(lines, o, left));
        expect(given.money).toBe(o.sources.money);
        expect(given.wallet).toBe(o.sources.wallet);
        expect(given.points).toBe(o.sources.points);
        expect(given.goods).toBe(o.goodsAmount - o.discountTotal);
        expect(() => planRefund(lines, o, left)).toThrow(RangeError);
      }),
      { numRuns: 300 },
    );
  });

  test("asking for more units than are left is refused", () => {
    const lines: RefundLine[] = [{ id: 1, variantId: 9, price: 100, qty: 2, refundedQty: 1 }];
    expect(() =>
      planRefund(lines, { goodsAmount: 200, discountTotal: 0 }, { money: 100, wallet: 0, points: 0 }, new Map([[1, 2]])),
    ).toThrow(RangeError);
  });
});

describe("capPlan: staff refund less than the units are worth", () => {
  const plan = {
    items: [{ lineId: 1, variantId: 1, qty: 1 }],
    goodsValue: 500,
    money: 300,
    wallet: 120,
    points: 80,
    final: false,
  };
  test("the cut comes off points, then wallet, then money; never more than the plan, whole NT$ only", () => {
    expect(capPlan(plan, 500)).toMatchObject({ money: 300, wallet: 120, points: 80 });
    expect(capPlan(plan, 450)).toMatchObject({ money: 300, wallet: 120, points: 30 });
    expect(capPlan(plan, 250)).toMatchObject({ money: 250, wallet: 0, points: 0 });
    expect(capPlan(plan, 0)).toMatchObject({ money: 0, wallet: 0, points: 0 });
    expect(() => capPlan(plan, 501)).toThrow(RangeError);
    expect(() => capPlan(plan, 10.5)).toThrow(RangeError);
  });
});
