import { PARCEL_SIZES, type ShipRates, TEMPERATURES } from "@shop/contract/shipping";
import { DISTRICTS } from "@shop/reference-data";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { COLD_CHAIN_ISLANDS, destinationOfText, islandOf, regionOf } from "../logistics/regions.js";
import { chargeFor, type FeeMethod, feeFor, fullFee, type ParcelLine, parcelOf } from "./shipping-fees.js";

const TCAT_RATES: ShipRates = {
  size_fees: [
    { size: 60, fee: 130 },
    { size: 90, fee: 170 },
    { size: 120, fee: 210 },
    { size: 150, fee: 250 },
  ],
  max_weight_g: 20_000,
  temperatures: ["normal", "chilled", "frozen"],
  chilled_surcharge: 90,
  outlying: true,
  outlying_surcharge: 150,
  free_excludes_outlying: true,
};
const tcat: FeeMethod = { name: "黑貓宅急便", fee: 130, freeThreshold: 1500, rates: TCAT_RATES };
const post: FeeMethod = {
  name: "中華郵政宅配",
  fee: 100,
  freeThreshold: 1500,
  rates: { ...TCAT_RATES, temperatures: ["normal"], chilled_surcharge: 0, outlying_surcharge: 0, free_excludes_outlying: false },
};
const TAIPEI = { county: "臺北市", district: "大安區" };
const PENGHU = { county: "澎湖縣", district: "馬公市" };
const GREEN_ISLAND = { county: "台東縣", district: "綠島鄉" };
const unit = (over: Partial<ParcelLine> = {}): ParcelLine => ({
  qty: 1,
  sizeCm: 30,
  weightG: 500,
  temperature: "normal",
  ...over,
});

describe("regions (from the post office's data)", () => {
  test("every 離島 district named is one the postal data has, and 臺/台 are alike", () => {
    const outlying = DISTRICTS.filter((d) => regionOf(d) === "outlying");
    expect(new Set(outlying.map((d) => d.county))).toEqual(new Set(["澎湖縣", "金門縣", "連江縣", "臺東縣", "屏東縣"]));
    expect(
      outlying
        .filter((d) => d.county === "臺東縣")
        .map((d) => d.district)
        .sort(),
    ).toEqual(["綠島鄉", "蘭嶼鄉"]);
    expect(outlying.filter((d) => d.county === "屏東縣").map((d) => d.district)).toEqual(["琉球鄉"]);
    expect(islandOf({ county: "台東縣", district: "蘭嶼鄉" })).toBe("蘭嶼");
    expect(islandOf({ county: "臺東縣", district: "臺東市" })).toBeNull();
    expect(islandOf({ county: "連江縣", district: "南竿鄉" })).toBe("馬祖");
  });

  test("a store's address gives its county and district", () => {
    expect(destinationOfText("880澎湖縣馬公市中正路1號")).toEqual({ county: "澎湖縣", district: "馬公市" });
    expect(destinationOfText("台北市信義區松高路1號")).toEqual({ county: "臺北市", district: "信義區" });
    expect(destinationOfText("火星基地")).toBeNull();
  });
});

describe("the parcel", () => {
  test("takes the coldest line, sums the weight, and sizes by the largest unit and the packed volume", () => {
    const p = parcelOf([unit({ qty: 2 }), unit({ sizeCm: 45, weightG: 1200, temperature: "chilled" })]);
    expect(p).toEqual({ size: 60, weightG: 2200, temperature: "chilled" });
    // 8 cubes of 30 cm pack into one of 60 cm; a ninth needs the next tier.
    expect(parcelOf([unit({ qty: 8 })]).size).toBe(60);
    expect(parcelOf([unit({ qty: 9 })]).size).toBe(90);
    expect(parcelOf([unit({ sizeCm: 100 })]).size).toBe(120);
    expect(parcelOf([unit({ sizeCm: 160 })]).size).toBeNull();
  });

  test("is monotonic: more units or a larger unit never make it smaller or lighter", () => {
    const line = fc.record({
      qty: fc.integer({ min: 1, max: 20 }),
      sizeCm: fc.integer({ min: 1, max: 200 }),
      weightG: fc.integer({ min: 0, max: 30_000 }),
      temperature: fc.constantFrom(...TEMPERATURES),
    });
    const rank = (s: number | null) => (s === null ? 999 : s);
    fc.assert(
      fc.property(fc.array(line, { maxLength: 5 }), line, (lines, extra) => {
        const before = parcelOf(lines);
        const after = parcelOf([...lines, extra]);
        expect(rank(after.size)).toBeGreaterThanOrEqual(rank(before.size));
        expect(after.weightG).toBeGreaterThanOrEqual(before.weightG);
        expect(TEMPERATURES.indexOf(after.temperature)).toBeGreaterThanOrEqual(TEMPERATURES.indexOf(before.temperature));
      }),
    );
  });
});

describe("the fee", () => {
  test("本島 by size tier; 離島 and 低溫 add their surcharges", () => {
    const at = (lines: ParcelLine[], to: typeof TAIPEI | null) => {
      const c = chargeFor(tcat, parcelOf(lines), to);
      if (!c.ok) throw new Error(c.reason);
      return fullFee(c);
    };
    expect(at([unit()], TAIPEI)).toBe(130);
    expect(at([unit({ sizeCm: 85 })], TAIPEI)).toBe(170);
    expect(at([unit({ sizeCm: 150 })], TAIPEI)).toBe(250);
    expect(at([unit()], PENGHU)).toBe(280);
    expect(at([unit({ temperature: "chilled" })], TAIPEI)).toBe(220);
    expect(at([unit({ temperature: "frozen" })], PENGHU)).toBe(370);
    expect(at([unit()], null)).toBe(130);
  });

  test("free from the threshold, except to 離島 where the method excludes it", () => {
    const main = chargeFor(tcat, parcelOf([unit()]), TAIPEI);
    const island = chargeFor(tcat, parcelOf([unit()]), PENGHU);
    const postIsland = chargeFor(post, parcelOf([unit()]), PENGHU);
    if (!main.ok || !island.ok || !postIsland.ok) throw new Error("reachable");
    expect([feeFor(main, 1499), feeFor(main, 1500)]).toEqual([130, 0]);
    expect(feeFor(island, 5000)).toBe(280);
    expect(feeFor(postIsland, 1500)).toBe(0);
  });

  test("refuses what a method cannot carry, with the reason", () => {
    const reason = (m: FeeMethod, lines: ParcelLine[], to = TAIPEI) => {
      const c = chargeFor(m, parcelOf(lines), to);
      return c.ok ? null : c.reason;
    };
    expect(reason(tcat, [unit({ temperature: "frozen" })], GREEN_ISLAND)).toBe(
      "冷凍商品無法配送至綠島，請改選其他地址或配送方式",
    );
    expect(reason(tcat, [unit({ temperature: "frozen" })], { county: "金門縣", district: "金城鎮" })).toBeNull();
    expect(reason(tcat, [unit()], GREEN_ISLAND)).toBeNull();
    expect(reason(post, [unit({ temperature: "chilled" })])).toBe("中華郵政宅配不配送冷藏商品，請改選其他配送方式");
    expect(reason({ ...tcat, rates: { ...TCAT_RATES, outlying: false } }, [unit()], PENGHU)).toBe(
      "黑貓宅急便不配送離島（澎湖），請改選其他配送方式",
    );
    expect(reason(tcat, [unit({ weightG: 25_000 })])).toBe("包裹重量 25 公斤超過黑貓宅急便上限 20 公斤，請分開下單");
    expect(reason(tcat, [unit({ sizeCm: 170 })])).toContain("150 公分");
    expect(reason({ ...tcat, rates: { ...TCAT_RATES, size_fees: [{ size: 60, fee: 60 }] } }, [unit({ sizeCm: 80 })])).toContain(
      "材積 90 公分",
    );
  });

  const rates = fc.record({
    size_fees: fc.uniqueArray(fc.record({ size: fc.constantFrom(...PARCEL_SIZES), fee: fc.integer({ min: 0, max: 500 }) }), {
      selector: (s) => s.size,
      maxLength: 4,
    }),
    max_weight_g: fc.integer({ min: 1, max: 100_000 }),
    temperatures: fc.subarray([...TEMPERATURES], { minLength: 1 }),
    chilled_surcharge: fc.integer({ min: 0, max: 300 }),
    outlying: fc.boolean(),
    outlying_surcharge: fc.integer({ min: 0, max: 300 }),
    free_excludes_outlying: fc.boolean(),
  });
  const method = fc.record({
    name: fc.constant("測試物流"),
    fee: fc.integer({ min: 0, max: 500 }),
    freeThreshold: fc.option(fc.integer({ min: 0, max: 3000 })),
    rates: fc.option(rates),
  });
  const destination = fc.constantFrom(...DISTRICTS);
  const lines = fc.array(
    fc.record({
      qty: fc.integer({ min: 1, max: 5 }),
      sizeCm: fc.integer({ min: 10, max: 160 }),
      weightG: fc.integer({ min: 0, max: 8000 }),
      temperature: fc.constantFrom(...TEMPERATURES),
    }),
    { minLength: 1, maxLength: 4 },
  );

  test("properties: never negative, deterministic, surcharges add up, 離島 excluded never free, cold only where a cold chain goes", () => {
    fc.assert(
      fc.property(method, lines, destination, fc.integer({ min: 0, max: 5000 }), (m, ls, to, goods) => {
        const parcel = parcelOf(ls);
        const c = chargeFor(m, parcel, to);
        expect(chargeFor(m, parcelOf(ls), to)).toEqual(c);
        if (!c.ok) return;
        const fee = feeFor(c, goods);
        expect(fee).toBeGreaterThanOrEqual(0);
        expect(fee === 0 || fee === c.base + c.outlying + c.chilled).toBe(true);
        const island = islandOf(to);
        if (m.rates) {
          expect(c.outlying).toBe(island ? m.rates.outlying_surcharge : 0);
          expect(c.chilled).toBe(parcel.temperature === "normal" ? 0 : m.rates.chilled_surcharge);
          if (island && m.rates.free_excludes_outlying) expect(fee).toBe(fullFee(c));
          if (island && parcel.temperature !== "normal") expect(COLD_CHAIN_ISLANDS).toContain(island);
        }
      }),
    );
  });

  test("property: a larger parcel never costs less (same method, destination and temperature)", () => {
    fc.assert(
      fc.property(method, destination, fc.integer({ min: 10, max: 150 }), fc.integer({ min: 10, max: 150 }), (m, to, a, b) => {
        const [small, large] = [Math.min(a, b), Math.max(a, b)];
        const cs = chargeFor(m, parcelOf([unit({ sizeCm: small })]), to);
        const cl = chargeFor(m, parcelOf([unit({ sizeCm: large })]), to);
        if (
          cs.ok &&
          cl.ok &&
          m.rates &&
          [...m.rates.size_fees].sort((x, y) => x.size - y.size).every((s, i, all) => i === 0 || (all[i - 1]?.fee ?? 0) <= s.fee)
        )
          expect(fullFee(cl)).toBeGreaterThanOrEqual(fullFee(cs));
        if (!cs.ok) expect(cl.ok).toBe(false);
      }),
    );
  });
});
