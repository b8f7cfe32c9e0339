import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { planRefund, type RefundLine } from "../orders/refund-math.js";
import { allowanceLines, issueLines, periodOf, samePeriod, taipeiInstant, taxOf } from "./lines.js";

const order = fc
  .record({
    lines: fc.array(
      fc.record({
        price: fc.integer({ min: 1, max: 5000 }),
        qty: fc.integer({ min: 1, max: 6 }),
        name: fc.string({ maxLength: 8 }),
      }),
      { minLength: 1, maxLength: 5 },
    ),
    discountShares: fc.array(fc.double({ min: 0, max: 0.4, noNaN: true }), { maxLength: 2 }),
    shipping: fc.integer({ min: 0, max: 200 }),
    pointsShare: fc.double({ min: 0, max: 1, noNaN: true }),
    walletShare: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map((o) => {
    const goodsAmount = o.lines.reduce((a, l) => a + l.price * l.qty, 0);
    const discounts = o.discountShares.map((share, i) => ({ label: `優惠 ${i}`, amount: Math.floor((goodsAmount * share) / 2) }));
    const discountTotal = discounts.reduce((a, d) => a + d.amount, 0);
    const total = goodsAmount - discountTotal + o.shipping;
    const pointsUsed = Math.floor(total * o.pointsShare);
    const wallet = Math.floor((total - pointsUsed) * o.walletShare);
    return { ...o, goodsAmount, discounts, discountTotal, shippingFee: o.shipping, pointsUsed, total, wallet };
  });

const sum = (lines: Array<{ amount: number }>) => lines.reduce((s, l) => s + l.amount, 0);
const items = (o: { lines: Array<{ name: string; price: number; qty: number }> }) =>
  o.lines.map((l) => ({ name: l.name, variantName: "", price: l.price, qty: l.qty }));

describe("invoice lines", () => {
  test("add up to the order less points (what was paid in money and wallet), each count × price = amount", () => {
    fc.assert(
      fc.property(order, (o) => {
        const { lines, amount } = issueLines(o, items(o));
        expect(amount).toBe(o.total - o.pointsUsed);
        expect(sum(lines)).toBe(amount);
        for (const l of lines) {
          expect(l.count * l.price).toBe(l.amount);
          expect(Number.isInteger(l.amount)).toBe(true);
          expect(l.name.length).toBeGreaterThan(0);
          expect(l.name.length).toBeLessThanOrEqual(100);
        }
      }),
    );
  });

  test("a discount total the list does not name still comes off", () => {
    const { lines, amount } = issueLines(
      { goodsAmount: 1000, discounts: [{ label: "滿千折百", amount: 100 }], discountTotal: 150, shippingFee: 0, pointsUsed: 0 },
      [{ name: "烏龍茶", variantName: "150g", price: 500, qty: 2 }],
    );
    expect(amount).toBe(850);
    expect(lines.map((l) => [l.name, l.amount])).toEqual([
      ["烏龍茶 150g", 1000],
      ["折扣 滿千折百", -100],
      ["其他折扣", -50],
    ]);
  });

  test("allowances for any sequence of partial refunds never pass the invoice, and the last makes it whole", () => {
    fc.assert(
      fc.property(order, fc.array(fc.nat(), { maxLength: 10 }), (o, picks) => {
        const { amount: invoiced } = issueLines(o, items(o));
        const lines: RefundLine[] = o.lines.map((l, i) => ({ id: i + 1, variantId: 100 + i, ...l, refundedQty: 0 }));
        const left = { money: o.total - o.pointsUsed - o.wallet, wallet: o.wallet, points: o.pointsUsed };
        let allowed = 0;
        const refundOnce = (wanted?: Map<number, number>) => {
          const plan = planRefund(lines, o, left, wanted);
          const amount = plan.money + plan.wallet;
          const named = plan.items.map((it) => ({ name: "x", qty: it.qty, price: lines[it.lineId - 1]?.price ?? 0 }));
          const al = allowanceLines(named, amount);
          expect(sum(al)).toBe(amount);
          for (const l of al) expect(l.count * l.price).toBe(l.amount);
          allowed += amount;
          left.money -= plan.money;
          left.wallet -= plan.wallet;
          left.points -= plan.points;
          for (const it of plan.items) {
            const line = lines[it.lineId - 1];
            if (line) line.refundedQty += it.qty;
          }
          expect(allowed).toBeLessThanOrEqual(invoiced);
        };
        for (const p of picks) {
          const open = lines.filter((l) => l.qty > l.refundedQty);
          if (open.length <= 1 && (open[0]?.qty ?? 0) - (open[0]?.refundedQty ?? 0) <= 1) break;
          const line = open[p % open.length];
          if (!line) break;
          refundOnce(new Map([[line.id, 1]]));
        }
        refundOnce();
        expect(allowed).toBe(invoiced);
      }),
    );
  });
});

describe("invoice periods and tax", () => {
  test("two-month periods in Asia/Taipei: Nov–Dec share one, New Year's Eve 16:00 UTC is already January", () => {
    expect(periodOf(new Date("2026-11-01T00:00:00+08:00"))).toBe("2026-11");
    expect(periodOf(new Date("2026-12-31T23:59:59+08:00"))).toBe("2026-11");
    expect(periodOf(new Date("2026-12-31T16:00:00Z"))).toBe("2027-01");
    expect(periodOf(new Date("2026-02-28T12:00:00+08:00"))).toBe("2026-01");
    expect(samePeriod("2026-11-25 10:00:00", new Date("2026-12-31T15:59:59Z"))).toBe(true);
    expect(samePeriod("2026-11-25 10:00:00", new Date("2026-12-31T16:00:00Z"))).toBe(false);
    expect(taipeiInstant("2026-11-25 10:03:04").toISOString()).toBe("2026-11-25T02:03:04.000Z");
    expect(taipeiInstant("2019-09-18+13:13:23").toISOString()).toBe("2019-09-18T05:13:23.000Z");
  });

  test("a tax-included total splits into sales + 5% tax that add back up", () => {
    expect(taxOf(1050)).toEqual({ sales: 1000, tax: 50 });
    expect(taxOf(860)).toEqual({ sales: 819, tax: 41 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (total) => {
        const { sales, tax } = taxOf(total);
        expect(sales + tax).toBe(total);
        expect(Math.abs(tax - total * (0.05 / 1.05))).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});
