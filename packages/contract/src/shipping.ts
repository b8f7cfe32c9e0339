import { z } from "./zod.js";

/**
 * Parcels as carriers price them (issue 49, decision 89): a temperature (常溫 / 冷藏 / 冷凍), a size
 * tier (the sum of length, width and height: 60 / 90 / 120 / 150 cm) and a weight, delivered to the
 * main island (本島) or an outlying island (離島).
 */
export const TEMPERATURES = ["normal", "chilled", "frozen"] as const;
export type Temperature = (typeof TEMPERATURES)[number];
export const TEMPERATURE_LABELS: Record<Temperature, string> = { normal: "常溫", chilled: "冷藏", frozen: "冷凍" };

export const PARCEL_SIZES = [60, 90, 120, 150] as const;
export type ParcelSize = (typeof PARCEL_SIZES)[number];

/** A delivery slot the buyer may ask 黑貓 for (ECPay's ScheduledDeliveryTime 1 / 2 / 3 / 4). */
export const DELIVERY_TIMES = ["any", "morning", "afternoon", "evening"] as const;
export type DeliveryTime = (typeof DELIVERY_TIMES)[number];
export const DELIVERY_TIME_LABELS: Record<DeliveryTime, string> = {
  any: "不指定",
  morning: "09:00–12:00",
  afternoon: "12:00–17:00",
  evening: "17:00–20:00",
};

export const REGIONS = ["main", "outlying"] as const;
export type Region = (typeof REGIONS)[number];

const fee = (label: string) =>
  z
    .number({ error: `${label}須為整數` })
    .int({ error: `${label}須為整數` })
    .min(0, { error: `${label}不可為負數` })
    .max(99_999, { error: `${label}過大` });

/**
 * A ship method's fee table beside its base `fee` (the smallest size to the main island), as staff
 * set it in 運費設定. A size missing from `size_fees` is one this method does not carry.
 */
export const shipRatesSchema = z.object({
  /** Fee by size tier to the main island; the base fee applies when empty (store pick-up: one size). */
  size_fees: z
    .array(z.object({ size: z.literal(PARCEL_SIZES, { error: "材積須為 60、90、120 或 150" }), fee: fee("運費") }))
    .max(PARCEL_SIZES.length),
  /** The largest parcel a method takes, in grams (store pick-up 5 kg, 黑貓 20 kg). */
  max_weight_g: z.number().int().min(1).max(100_000),
  /** Temperatures the method carries. */
  temperatures: z.array(z.enum(TEMPERATURES)).min(1, { error: "至少選一種溫層" }),
  /** Added for a chilled or frozen parcel. */
  chilled_surcharge: fee("低溫加價"),
  /** Whether it delivers to 離島 at all, and what it adds there. */
  outlying: z.boolean(),
  outlying_surcharge: fee("離島加價"),
  /** The free-shipping threshold does not apply to 離島. */
  free_excludes_outlying: z.boolean(),
});
export type ShipRates = z.output<typeof shipRatesSchema>;

/** What an order's parcel was priced as (kept on the order, read by the shipment). */
export interface OrderParcel {
  size: ParcelSize;
  weight_g: number;
  temperature: Temperature;
  region: Region;
  delivery_time: DeliveryTime;
}

/** A shop's ECPay store pick-up contract (decision 90): 店到店 (C2C) or from its warehouse (B2C). */
export const STORE_CONTRACTS = ["c2c", "b2c"] as const;
export type StoreContract = (typeof STORE_CONTRACTS)[number];
/** Sets it; "" on a sub-mall: use the main mall's. */
export const storeContractInput = z.strictObject({
  contract: z.enum([...STORE_CONTRACTS, ""], { error: "請選擇超商取貨合約" }),
});
/** The contract in force, and whether the shop set its own. */
export const storeContractView = z.object({ contract: z.enum(STORE_CONTRACTS), own: z.boolean() });
