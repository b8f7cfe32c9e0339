import { z } from "zod";
import { money, text } from "./admin-fields.js";

/** Back-office inputs for member tiers (decision 94). Birthday gifts are set by the rewards screen (decision 95). */
export const tierInput = z.strictObject({
  name: text("等級名稱", 20),
  /** 0 is the level every member starts at; higher ranks are higher levels. */
  rank: z.number().int({ error: "等級順序須為整數" }).min(0, { error: "等級順序不可小於 0" }).max(9, { error: "等級順序最多 9" }),
  threshold: money,
  discount_percent: z
    .number()
    .int({ error: "折扣須為整數" })
    .min(0, { error: "折扣不可小於 0%" })
    .max(50, { error: "折扣最多 50%" }),
  points_multiplier: z
    .number()
    .int({ error: "點數倍率須為整數" })
    .min(100, { error: "點數倍率至少 ×1（100）" })
    .max(1000, { error: "點數倍率最多 ×10（1000）" }),
  free_shipping_threshold: money.nullable().default(null),
  active: z.boolean().default(true),
});

export const tierSettingsInput = z.strictObject({
  period: z.enum(["rolling12", "calendar"], { error: "請選擇累計期間" }),
});
