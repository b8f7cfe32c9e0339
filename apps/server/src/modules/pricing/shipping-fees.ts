import {
  PARCEL_SIZES,
  type ParcelSize,
  type Region,
  type ShipRates,
  TEMPERATURE_LABELS,
  TEMPERATURES,
  type Temperature,
} from "@shop/contract/shipping";
import { COLD_CHAIN_ISLANDS, type Destination, islandOf } from "../logistics/regions.js";

/**
 * The shipping fee as a carrier invoices it (decision 89), pure so it can be property-tested. The
 * quote, the product page's shipping line and the cart's 「再買 NT$X 即可免運」 all use it.
 *
 *   parcel: temperature = the coldest line; weight = the sum; size tier = the smallest of 60 / 90 /
 *     120 / 150 that holds both the largest unit and the units packed together (their volumes
 *     added, each unit taken as a cube of side L+W+H ÷ 3, the sum of the resulting cube's sides);
 *   fee: the method's fee for that size (or the next size it carries) + 離島 surcharge + 低溫
 *     surcharge; free when the goods after discounts reach the threshold, unless the address is 離島
 *     and the method's free shipping excludes 離島;
 *   refused (with a zh-TW reason): a temperature the method does not carry, too heavy or too big,
 *     離島 where it does not deliver, or a cold parcel to an island no cold chain reaches.
 * A method without `rates` charges its flat fee for every parcel, anywhere (as before issue 49).
 */

export interface ParcelLine {
  qty: number;
  /** One packed unit: length + width + height (cm) and weight (g). */
  sizeCm: number;
  weightG: number;
  temperature: Temperature;
}

export interface Parcel {
  /** null: larger than the largest tier (150 cm). */
  size: ParcelSize | null;
  weightG: number;
  temperature: Temperature;
}

export interface FeeMethod {
  name: string;
  fee: number;
  freeThreshold: number | null;
  rates: ShipRates | null;
}

export type Charge =
  | {
      ok: true;
      region: Region;
      /** The size fee, and what 離島 and 低溫 add. */
      base: number;
      outlying: number;
      chilled: number;
      /** The threshold that applies to this destination (null: none, or 離島 excluded). */
      freeThreshold: number | null;
    }
  | { ok: false; reason: string };

const coldness = (t: Temperature) => TEMPERATURES.indexOf(t);

/** The parcel an order's lines make (an empty order: the smallest, lightest, 常溫). */
export function parcelOf(lines: readonly ParcelLine[]): Parcel {
  let largest = 0;
  let volume = 0;
  let weightG = 0;
  let temperature: Temperature = "normal";
  for (const l of lines) {
    if (l.qty <= 0) continue;
    const side = Math.max(0, l.sizeCm) / 3;
    largest = Math.max(largest, l.sizeCm);
    volume += side ** 3 * l.qty;
    weightG += Math.max(0, l.weightG) * l.qty;
    if (coldness(l.temperature) > coldness(temperature)) temperature = l.temperature;
  }
  // A small tolerance so 10 units of 30 cm do not tip into the next tier by floating-point noise.
  const packed = 3 * Math.cbrt(volume) - 1e-9;
  const needed = Math.max(largest, packed);
  return { size: PARCEL_SIZES.find((s) => s >= needed) ?? null, weightG, temperature };
}

const kg = (g: number) => `${Math.round(g / 100) / 10} 公斤`;

/** What a method charges for a parcel to a destination (null: not known yet, priced as 本島). */
export function chargeFor(method: FeeMethod, parcel: Parcel, to: Destination | null): Charge {
  const island = to ? islandOf(to) : null;
  const region: Region = island === null ? "main" : "outlying";
  const r = method.rates;
  const label = TEMPERATURE_LABELS[parcel.temperature];
  // A flat fee (no table: 雲端庫存, 專人配送, a method staff never priced by size) carries any parcel.
  if (!r) return { ok: true, region, base: method.fee, outlying: 0, chilled: 0, freeThreshold: method.freeThreshold };
  if (parcel.size === null) return { ok: false, reason: `商品材積超過 150 公分，${method.name}無法配送，請分開下單` };
  if (!r.temperatures.includes(parcel.temperature))
    return { ok: false, reason: `${method.name}不配送${label}商品，請改選其他配送方式` };
  if (parcel.weightG > r.max_weight_g)
    return { ok: false, reason: `包裹重量 ${kg(parcel.weightG)}超過${method.name}上限 ${kg(r.max_weight_g)}，請分開下單` };
  const sizes = [...r.size_fees].sort((a, b) => a.size - b.size);
  const tier = sizes.length === 0 ? { fee: method.fee } : sizes.find((s) => s.size >= (parcel.size as number));
  if (!tier) return { ok: false, reason: `商品材積 ${parcel.size} 公分超過${method.name}上限，請改選其他配送方式` };
  if (island !== null && !r.outlying) return { ok: false, reason: `${method.name}不配送離島（${island}），請改選其他配送方式` };
  const cold = parcel.temperature !== "normal";
  if (island !== null && cold && !COLD_CHAIN_ISLANDS.includes(island))
    return { ok: false, reason: `${label}商品無法配送至${island}，請改選其他地址或配送方式` };
  return {
    ok: true,
    region,
    base: tier.fee,
    outlying: island !== null ? r.outlying_surcharge : 0,
    chilled: cold ? r.chilled_surcharge : 0,
    freeThreshold: island !== null && r.free_excludes_outlying ? null : method.freeThreshold,
  };
}

/** The fee before any free shipping: size fee plus surcharges. */
export const fullFee = (c: Extract<Charge, { ok: true }>) => c.base + c.outlying + c.chilled;

/** What is charged for goods worth `discountedGoods` (after discounts): free from the threshold on. */
export const feeFor = (c: Extract<Charge, { ok: true }>, discountedGoods: number) =>
  c.freeThreshold !== null && discountedGoods >= c.freeThreshold ? 0 : fullFee(c);

/** Priced as 本島 and as 離島 (澎湖, which a cold chain reaches) for the product page and the cart. */
const MAIN_PLACE = { county: "臺北市", district: "中正區" };
const ISLAND_PLACE = { county: "澎湖縣", district: "馬公市" };

/**
 * What a method charges these goods before free shipping, to 本島 and to 離島 (null: not carried
 * there, `reason` says why for 本島), its 低溫 part, and whether free shipping excludes 離島.
 */
export function estimate(method: FeeMethod, lines: readonly ParcelLine[]) {
  const parcel = parcelOf(lines);
  const main = chargeFor(method, parcel, MAIN_PLACE);
  const island = chargeFor(method, parcel, ISLAND_PLACE);
  return {
    main: main.ok ? fullFee(main) : null,
    outlying: island.ok ? fullFee(island) : null,
    chilled: main.ok ? main.chilled : 0,
    outlying_excluded: method.freeThreshold !== null && island.ok && island.freeThreshold === null,
    reason: main.ok ? null : main.reason,
  };
}
