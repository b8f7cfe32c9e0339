import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { AddOnDeal, GiftRule } from "./extras.js";
import { type PromotionRule, type QuoteInput, quote } from "./pricing.js";

/**
 * The stacking order (decision 93) with everything at once: promotions, a tier, a coupon with
 * usesLeft, 加價購, 滿額贈 and per-member limits.
 */

const line = (productId: number, price: number, qty: number) => ({
  variantId: productId * 10,
  productId,
  categoryId: 1,
  price,
  qty,
});
const deal = (over: Partial<AddOnDeal> = {}): AddOnDeal => ({
  id: 1,
  title: "加購茶杯",
  variantId: 900,
  productId: 90,
  name: "茶杯",
  price: 99,
  perOrderCap: 2,
  triggerProductIds: [],
  triggerAmount: 1000,
  stock: 10,
  ...over,
});
const gift = (over: Partial<GiftRule> = {}): GiftRule => ({
  id: 1,
  title: "滿額送茶包",
  threshold: 1500,
  qty: 1,
  options: [
    { variantId: 800, productId: 80, name: "茶包 A", stock: 5 },
    { variantId: 801, productId: 81, name: "茶包 B", stock: 5 },
  ],
  ...over,
});
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe("stacking order examples", () => {
  test("threshold, then tier on what remains, then coupon on what remains; add-ons and gifts after, undiscounted", () => {
    const q = quote({
      lines: [line(1, 1000, 2)],
      promotions: [{ id: 1, title: "滿千折百", kind: "amount_off", threshold: 1000, value: 100 }],
      tier: { tierId: 1, name: "VIP", discountPercent: 10, freeShippingThreshold: null, pointsMultiplier: 100 },
      coupon: { id: 5, title: "折 50", kind: "amount", value: 50, minSpend: 0, productIds: [], categoryIds: [], usesLeft: 1 },
      addOnDeals: [deal()],
      addOnsWanted: [{ dealId: 1, qty: 2 }],
      giftRules: [gift()],
    });
    // 2,000 − 100 = 1,900; VIP 10% of 1,900 = 190; coupon 50 → qualifying 1,660.
    expect(q.discounts.map((d) => [d.source, d.amount])).toEqual([
      ["promotion", 100],
      ["tier", 190],
      ["coupon", 50],
    ]);
    // The add-ons at NT$99 each, not discounted; the gift reached on 1,660 (add-ons not counted).
    expect(q.addOnLines).toMatchObject([{ dealId: 1, price: 99, qty: 2 }]);
    expect(q.goodsAmount).toBe(2000 + 198);
    expect(q.orderAmount).toBe(2000 - 340 + 198);
    expect(q.giftLines).toMatchObject([{ ruleId: 1, variantId: 800, qty: 1 }]);
  });

  test("add-ons do not count towards a gift's threshold", () => {
    const q = quote({
      lines: [line(1, 1450, 1)],
      promotions: [],
      addOnDeals: [deal()],
      addOnsWanted: [{ dealId: 1, qty: 1 }],
      giftRules: [gift()],
    });
    expect(q.goodsAmount).toBe(1549);
    expect(q.giftLines).toEqual([]);
    expect(q.giftOffers[0]).toMatchObject({ reached: false, shortBy: 50 });
  });

  test("discounts decide the threshold: a coupon can take a cart below a gift", () => {
    const base: QuoteInput = { lines: [line(1, 1500, 1)], promotions: [], giftRules: [gift()] };
    expect(quote(base).giftLines).toHaveLength(1);
    const withCoupon = quote({
      ...base,
      coupon: { id: 5, title: "折 100", kind: "amount", value: 100, minSpend: 0, productIds: [], categoryIds: [] },
    });
    expect(withCoupon.giftLines).toEqual([]);
    expect(withCoupon.giftOffers[0]?.shortBy).toBe(100);
  });

  test("the shopper's gift choice is given; a chosen gift that ran out is refused; none left gives nothing", () => {
    const rule = gift({
      options: [gift().options[0] as GiftRule["options"][0], { variantId: 801, productId: 81, name: "茶包 B", stock: 0 }],
    });
    const chosen = quote({ lines: [line(1, 2000, 1)], promotions: [], giftRules: [gift()], giftChoices: { 1: 801 } });
    expect(chosen.giftLines[0]?.variantId).toBe(801);
    const gone = quote({ lines: [line(1, 2000, 1)], promotions: [], giftRules: [rule], giftChoices: { 1: 801 } });
    expect(gone.refusals.map((r) => r.code)).toEqual(["GIFT_UNAVAILABLE"]);
    const empty = gift({ options: [{ variantId: 800, productId: 80, name: "茶包 A", stock: 0 }] });
    const none = quote({ lines: [line(1, 2000, 1)], promotions: [], giftRules: [empty] });
    expect(none.giftLines).toEqual([]);
    expect(none.refusals).toEqual([]);
    expect(none.giftOffers[0]).toMatchObject({ reached: true, chosen: null });
  });

  test("an add-on over its cap, not triggered, or beyond stock is refused with its reason", () => {
    const q = (wanted: number, over: Partial<AddOnDeal> = {}, price = 1000) =>
      quote({ lines: [line(1, price, 1)], promotions: [], addOnDeals: [deal(over)], addOnsWanted: [{ dealId: 1, qty: wanted }] });
    expect(q(3).refusals[0]?.code).toBe("ADDON_CAP_EXCEEDED");
    expect(q(1, {}, 400).refusals[0]).toMatchObject({ code: "ADDON_NOT_ELIGIBLE" });
    expect(q(1, {}, 400).addOnOffers[0]?.reason).toBe("再買 NT$600 即可加價購");
    expect(q(2, { stock: 1 }).refusals[0]?.code).toBe("ADDON_SOLD_OUT");
    expect(q(1, { triggerProductIds: [1], triggerAmount: 0 }, 10).addOnLines).toHaveLength(1);
  });

  test("shipping's free threshold counts the add-ons (what is paid for goods)", () => {
    const ship = { code: "hct", fee: 120, freeThreshold: 1500 };
    const q = quote({
      lines: [line(1, 1450, 1)],
      promotions: [],
      addOnDeals: [deal()],
      addOnsWanted: [{ dealId: 1, qty: 1 }],
      shipMethod: ship,
    });
    expect(q.shippingFee).toBe(0);
  });
});

const promotionArb: fc.Arbitrary<PromotionRule> = fc.oneof(
  fc.record({
    id: fc.integer({ min: 1, max: 50 }),
    title: fc.constant("滿額折"),
    kind: fc.constant("amount_off" as const),
    threshold: fc.integer({ min: 0, max: 5000 }),
    value: fc.integer({ min: 0, max: 2000 }),
  }),
  fc.record({
    id: fc.integer({ min: 1, max: 50 }),
    title: fc.constant("滿額打折"),
    kind: fc.constant("percent_off" as const),
    threshold: fc.integer({ min: 0, max: 5000 }),
    value: fc.integer({ min: 1, max: 99 }),
  }),
  fc.record({
    id: fc.integer({ min: 1, max: 50 }),
    title: fc.constant("任選"),
    kind: fc.constant("bundle_price" as const),
    productIds: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 4 }),
    bundleQty: fc.integer({ min: 2, max: 4 }),
    bundlePrice: fc.integer({ min: 0, max: 3000 }),
  }),
);

const dealArb = fc.record({
  id: fc.integer({ min: 1, max: 4 }),
  title: fc.constant("加購"),
  variantId: fc.integer({ min: 10, max: 70 }), // may be a goods variant (stock shared)
  productId: fc.integer({ min: 1, max: 7 }),
  name: fc.constant("加購品"),
  price: fc.integer({ min: 1, max: 500 }),
  perOrderCap: fc.integer({ min: 1, max: 3 }),
  triggerProductIds: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 2 }),
  triggerAmount: fc.integer({ min: 0, max: 4000 }),
  stock: fc.integer({ min: 0, max: 6 }),
});
const giftArb = fc.record({
  id: fc.integer({ min: 1, max: 4 }),
  title: fc.constant("滿額贈"),
  threshold: fc.integer({ min: 1, max: 5000 }),
  qty: fc.integer({ min: 1, max: 2 }),
  options: fc.uniqueArray(
    fc.record({
      variantId: fc.integer({ min: 60, max: 64 }),
      productId: fc.constant(99),
      name: fc.constant("贈品"),
      stock: fc.integer({ min: 0, max: 3 }),
    }),
    { minLength: 1, maxLength: 3, selector: (o) => o.variantId },
  ),
});

/** One stock per variant, whichever deal, gift or goods line names it (the catalogue's). */
const consistentStock = (input: QuoteInput, stocks: number[]): QuoteInput => {
  const stockOf = (v: number) => {
    const goods = input.lines.find((l) => l.variantId === v)?.qty ?? 0;
    return goods + (stocks[v % stocks.length] ?? 0);
  };
  return {
    ...input,
    addOnDeals: input.addOnDeals?.map((d) => ({ ...d, stock: stockOf(d.variantId) })),
    giftRules: input.giftRules?.map((g) => ({ ...g, options: g.options.map((o) => ({ ...o, stock: stockOf(o.variantId) })) })),
  };
};

const rawInputArb: fc.Arbitrary<QuoteInput> = fc.record({
  lines: fc
    .uniqueArray(
      fc.record({
        productId: fc.integer({ min: 1, max: 6 }),
        price: fc.integer({ min: 0, max: 3000 }),
        qty: fc.integer({ min: 1, max: 5 }),
        perMemberLimit: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
        boughtBefore: fc.integer({ min: 0, max: 3 }),
      }),
      { minLength: 1, maxLength: 5, selector: (l) => l.productId },
    )
    .map((ls) => ls.map((l) => ({ ...line(l.productId, l.price, l.qty), name: `商品${l.productId}`, ...l }))),
  promotions: fc.array(promotionArb, { maxLength: 3 }),
  coupon: fc.option(
    fc.record({
      id: fc.constant(7),
      title: fc.constant("優惠碼"),
      kind: fc.constantFrom("amount" as const, "percent" as const),
      value: fc.integer({ min: 1, max: 99 }),
      minSpend: fc.integer({ min: 0, max: 3000 }),
      productIds: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 2 }),
      categoryIds: fc.constant([]),
      usesLeft: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
    }),
    { nil: undefined },
  ),
  tier: fc.option(
    fc.record({
      tierId: fc.constant(2),
      name: fc.constant("VIP"),
      discountPercent: fc.integer({ min: 0, max: 30 }),
      freeShippingThreshold: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null }),
      pointsMultiplier: fc.constant(150),
    }),
    { nil: undefined },
  ),
  shipMethod: fc.option(
    fc.record({
      code: fc.constant("hct"),
      fee: fc.integer({ min: 0, max: 300 }),
      freeThreshold: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null }),
    }),
    { nil: undefined },
  ),
  addOnDeals: fc.uniqueArray(dealArb, { maxLength: 3, selector: (d) => d.id }),
  addOnsWanted: fc.array(fc.record({ dealId: fc.integer({ min: 1, max: 5 }), qty: fc.integer({ min: 1, max: 4 }) }), {
    maxLength: 3,
  }),
  giftRules: fc.uniqueArray(giftArb, { maxLength: 3, selector: (g) => g.id }),
  giftChoices: fc
    .dictionary(fc.integer({ min: 1, max: 4 }).map(String), fc.integer({ min: 60, max: 64 }))
    .map((d) => Object.fromEntries(Object.entries(d).map(([k, v]) => [Number(k), v]))),
  points: fc.record({ requested: fc.nat(5000), owned: fc.nat(5000), capPerOrder: fc.nat(5000) }),
  wallet: fc.record({ requested: fc.nat(5000), balance: fc.nat(5000) }),
});
const inputArb = fc
  .tuple(rawInputArb, fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 7, maxLength: 7 }))
  .map(([input, stocks]) => consistentStock(input, stocks));

describe("stacking properties (codes, tier, 加價購, 滿額贈, limits together)", () => {
  test("never negative; discounts never more than the goods; the same answer for the same cart", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const q = quote(input);
        const goods = sum(input.lines.map((l) => l.price * l.qty));
        for (const n of [q.goodsAmount, q.discountTotal, q.shippingFee, q.orderAmount, q.pointsUsed, q.walletUsed, q.payable])
          expect(n).toBeGreaterThanOrEqual(0);
        for (const d of q.discounts) expect(d.amount).toBeGreaterThan(0);
        // Discounts are on the goods only: never more than them, whatever the add-ons.
        expect(q.discountTotal).toBeLessThanOrEqual(goods);
        expect(quote(structuredClone(input))).toEqual(q);
      }),
      { numRuns: 400 },
    );
  });

  test("lines + add-ons − discounts + shipping = orderAmount; gifts are NT$0; payable = orderAmount − points − wallet", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const q = quote(input);
        const goods = sum(input.lines.map((l) => l.price * l.qty));
        const addOns = sum(q.addOnLines.map((l) => l.price * l.qty));
        expect(q.goodsAmount).toBe(goods + addOns);
        expect(goods + addOns - q.discountTotal + q.shippingFee).toBe(q.orderAmount);
        expect(q.payable).toBe(q.orderAmount - q.pointsUsed - q.walletUsed);
      }),
      { numRuns: 400 },
    );
  });

  test("gifts never beyond stock, add-ons within cap and stock (goods, add-ons and gifts of one variant together)", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const q = quote(input);
        const stock = new Map<number, number>();
        for (const d of input.addOnDeals ?? []) stock.set(d.variantId, d.stock);
        for (const g of input.giftRules ?? []) for (const o of g.options) stock.set(o.variantId, o.stock);
        const taken = new Map<number, number>();
        const take = (v: number, n: number) => taken.set(v, (taken.get(v) ?? 0) + n);
        for (const l of input.lines) take(l.variantId, l.qty);
        for (const l of q.addOnLines) {
          const d = (input.addOnDeals ?? []).find((x) => x.id === l.dealId);
          expect(d).toBeDefined();
          expect(l.qty).toBeLessThanOrEqual(d?.perOrderCap ?? 0);
          take(l.variantId, l.qty);
        }
        for (const l of q.giftLines) take(l.variantId, l.qty);
        for (const l of [...q.addOnLines, ...q.giftLines])
          expect(taken.get(l.variantId) ?? 0).toBeLessThanOrEqual(stock.get(l.variantId) ?? 0);
        // One gift per rule reached, none for a rule not reached.
        const qualifying = sum(input.lines.map((l) => l.price * l.qty)) - q.discountTotal;
        for (const g of q.giftLines) {
          const rule = (input.giftRules ?? []).find((r) => r.id === g.ruleId);
          expect(qualifying).toBeGreaterThanOrEqual(rule?.threshold ?? Number.POSITIVE_INFINITY);
        }
        expect(new Set(q.giftLines.map((g) => g.ruleId)).size).toBe(q.giftLines.length);
      }),
      { numRuns: 400 },
    );
  });

  test("a per-member limit refusal iff some product's earlier units plus this cart's pass its limit", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const q = quote(input);
        const over = input.lines.some((l) => l.perMemberLimit != null && (l.boughtBefore ?? 0) + l.qty > l.perMemberLimit);
        expect(q.refusals.some((r) => r.code === "PER_MEMBER_LIMIT_EXCEEDED")).toBe(over);
      }),
      { numRuns: 400 },
    );
  });

  test("a code with no uses left is never applied", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const q = quote(input);
        if (input.coupon?.usesLeft === 0) {
          expect(q.discounts.some((d) => d.source === "coupon")).toBe(false);
          expect(q.couponRejected).toBe("此優惠碼已達使用上限");
        }
      }),
      { numRuns: 200 },
    );
  });
});
