import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { type PromotionRule, type QuoteInput, quote } from "./pricing.js";

const line = (productId: number, price: number, qty: number, categoryId = 1) => ({
  variantId: productId * 10,
  productId,
  categoryId,
  price,
  qty,
});
const DEMO_PROMOTIONS: PromotionRule[] = [
  { id: 1, title: "滿千折百", kind: "amount_off", threshold: 1000, value: 100 },
  { id: 2, title: "滿三千 9 折", kind: "percent_off", threshold: 3000, value: 10 },
  { id: 3, title: "茶點任選 3 件 599", kind: "bundle_price", productIds: [17, 18, 19], bundleQty: 3, bundlePrice: 599 },
];

describe("quote examples", () => {
  test("the best threshold promotion applies, not both", () => {
    const q = quote({ lines: [line(1, 1000, 4)], promotions: DEMO_PROMOTIONS });
    expect(q.goodsAmount).toBe(4000);
    expect(q.discounts).toEqual([{ source: "promotion", id: 2, label: "滿三千 9 折", amount: 400 }]);
    expect(q.payable).toBe(3600);
  });

  test("bundles take the dearest units; the threshold then looks at what remains", () => {
    const q = quote({ lines: [line(17, 260, 2), line(18, 300, 2), line(1, 500, 1)], promotions: DEMO_PROMOTIONS });
    // 300+300+260 = 860 → 599 saves 261; the last 260 stays at full price.
    expect(q.discounts[0]).toMatchObject({ id: 3, amount: 261 });
    // 1,620 − 261 = 1,359 ≥ 1,000 → NT$100 off.
    expect(q.discounts[1]).toMatchObject({ id: 1, amount: 100 });
    expect(q.orderAmount).toBe(1620 - 361);
  });

  test("shipping is free from the threshold on the discounted goods", () => {
    const hct = { code: "hct", fee: 120, freeThreshold: 1500 };
    expect(quote({ lines: [line(1, 1499, 1)], promotions: [], shipMethod: hct }).shippingFee).toBe(120);
    expect(quote({ lines: [line(1, 1500, 1)], promotions: [], shipMethod: hct }).shippingFee).toBe(0);
    expect(quote({ lines: [line(1, 1550, 1)], promotions: DEMO_PROMOTIONS, shipMethod: hct }).shippingFee).toBe(120);
  });

  test("coupons: scope, minimum spend, never below zero", () => {
    const base: QuoteInput = { lines: [line(1, 300, 1, 2), line(41, 700, 1, 14)], promotions: [] };
    const teaOnly = {
      id: 9,
      title: "茶葉 8 折券",
      kind: "percent" as const,
      value: 20,
      minSpend: 0,
      productIds: [],
      categoryIds: [2],
    };
    expect(quote({ ...base, coupon: teaOnly }).discounts).toEqual([
      { source: "coupon", id: 9, label: "茶葉 8 折券", amount: 60 },
    ]);
    const big = { id: 8, title: "折 5000", kind: "amount" as const, value: 5000, minSpend: 0, productIds: [], categoryIds: [] };
    expect(quote({ ...base, coupon: big }).orderAmount).toBe(0);
    const min = { ...big, value: 50, minSpend: 2000 };
    expect(quote({ ...base, coupon: min }).couponRejected).toBe("消費未達優惠券門檻 NT$2,000");
  });

  test("points are capped by what is owned, the per-order cap and the amount; wallet pays after points", () => {
    const q = quote({
      lines: [line(1, 1000, 1)],
      promotions: [],
      points: { requested: 800, owned: 600, capPerOrder: 500 },
      wallet: { requested: 10_000, balance: 300 },
    });
    expect(q).toMatchObject({ pointsUsed: 500, walletUsed: 300, payable: 200 });
  });
});

const promotionArb: fc.Arbitrary<PromotionRule> = fc.oneof(
  fc.record({
    id: fc.nat(),
    title: fc.constant("A"),
    kind: fc.constant("amount_off" as const),
    threshold: fc.integer({ min: 0, max: 5000 }),
    value: fc.integer({ min: 0, max: 5000 }),
  }),
  fc.record({
    id: fc.nat(),
    title: fc.constant("P"),
    kind: fc.constant("percent_off" as const),
    threshold: fc.integer({ min: 0, max: 5000 }),
    value: fc.integer({ min: 0, max: 100 }),
  }),
  fc.record({
    id: fc.nat(),
    title: fc.constant("B"),
    kind: fc.constant("bundle_price" as const),
    productIds: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 4 }),
    bundleQty: fc.integer({ min: 1, max: 4 }),
    bundlePrice: fc.integer({ min: 0, max: 3000 }),
  }),
);

const inputArb: fc.Arbitrary<QuoteInput> = fc.record({
  lines: fc
    .uniqueArray(
      fc.record({
        productId: fc.integer({ min: 1, max: 6 }),
        categoryId: fc.integer({ min: 1, max: 3 }),
        price: fc.integer({ min: 0, max: 5000 }),
        qty: fc.integer({ min: 1, max: 20 }),
      }),
      { selector: (l) => l.productId, maxLength: 6 },
    )
    .map((ls) => ls.map((l) => ({ ...l, variantId: l.productId * 10 }))),
  promotions: fc.array(promotionArb, { maxLength: 4 }),
  coupon: fc.option(
    fc.record({
      id: fc.nat(),
      title: fc.constant("C"),
      kind: fc.constantFrom("amount" as const, "percent" as const),
      value: fc.integer({ min: 0, max: 5000 }),
      minSpend: fc.integer({ min: 0, max: 5000 }),
      productIds: fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 3 }),
      categoryIds: fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }),
    }),
    { nil: undefined },
  ),
  shipMethod: fc.option(
    fc.record({
      code: fc.constant("hct"),
      fee: fc.integer({ min: 0, max: 300 }),
      freeThreshold: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }),
    }),
    { nil: undefined },
  ),
  points: fc.option(
    fc.record({
      requested: fc.integer({ min: 0, max: 20000 }),
      owned: fc.integer({ min: 0, max: 20000 }),
      capPerOrder: fc.integer({ min: 0, max: 5000 }),
    }),
    { nil: undefined },
  ),
  wallet: fc.option(fc.record({ requested: fc.integer({ min: 0, max: 20000 }), balance: fc.integer({ min: 0, max: 20000 }) }), {
    nil: undefined,
  }),
});

describe("quote properties", () => {
  test("every amount is a whole, non-negative number and the parts add up", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const q = quote(input);
        for (const v of [q.goodsAmount, q.discountTotal, q.shippingFee, q.orderAmount, q.pointsUsed, q.walletUsed, q.payable]) {
          expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
        }
        for (const d of q.discounts) expect(Number.isSafeInteger(d.amount) && d.amount > 0).toBe(true);
        expect(q.discountTotal).toBe(q.discounts.reduce((s, d) => s + d.amount, 0));
        expect(q.discountTotal).toBeLessThanOrEqual(q.goodsAmount);
        expect(q.orderAmount).toBe(q.goodsAmount - q.discountTotal + q.shippingFee);
        expect(q.payable).toBe(q.orderAmount - q.pointsUsed - q.walletUsed);
        if (input.points)
          expect(q.pointsUsed).toBeLessThanOrEqual(
            Math.min(input.points.owned, input.points.capPerOrder, input.points.requested),
          );
        if (input.wallet) expect(q.walletUsed).toBeLessThanOrEqual(Math.min(input.wallet.balance, input.wallet.requested));
        // At most one threshold promotion and at most one coupon line.
        const thresholdIds = new Set(input.promotions.filter((p) => p.kind !== "bundle_price").map((p) => p.id));
        expect(
          q.discounts.filter(
            (d) =>
              d.source === "promotion" &&
              thresholdIds.has(d.id) &&
              !input.promotions.some((p) => p.id === d.id && p.kind === "bundle_price"),
          ).length,
        ).toBeLessThanOrEqual(1);
        expect(q.discounts.filter((d) => d.source === "coupon").length).toBeLessThanOrEqual(1);
      }),
      { numRuns: 2000 },
    );
  });

  test("the same input always gives the same quote (what store re-quotes equals what pay_info showed)", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        expect(quote(structuredClone(input))).toEqual(quote(input));
      }),
      { numRuns: 500 },
    );
  });

  test("one more threshold promotion never lowers the discount (the best one is chosen)", () => {
    const thresholdArb = promotionArb.filter((p) => p.kind !== "bundle_price");
    fc.assert(
      fc.property(inputArb, fc.array(thresholdArb, { maxLength: 3 }), thresholdArb, (input, promotions, extra) => {
        const base = { ...input, coupon: undefined, promotions };
        const before = quote(base);
        const after = quote({ ...base, promotions: [...promotions, extra] });
        expect(after.discountTotal).toBeGreaterThanOrEqual(before.discountTotal);
        expect(after.goodsAmount).toBe(before.goodsAmount);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("a coupon scoped to a category", () => {
  const coupon = { id: 9, title: "茶葉 9 折", kind: "percent" as const, value: 10, minSpend: 0, productIds: [] };
  test("covers the products of its sub-categories (a top-level category names the whole shelf)", () => {
    // The line is in sub-category 2, whose parent is 1: a coupon for category 1 applies.
    const q = quote({
      lines: [{ ...line(1, 1000, 1, 2), parentCategoryId: 1 }],
      promotions: [],
      coupon: { ...coupon, categoryIds: [1] },
    });
    expect(q.discounts).toEqual([{ source: "coupon", id: 9, label: "茶葉 9 折", amount: 100 }]);
    expect(q.couponRejected).toBeUndefined();
  });
});
