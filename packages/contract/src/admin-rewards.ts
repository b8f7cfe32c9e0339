import { z } from "./zod.js";

/**
 * Birthday and welcome rewards (decision 95): points, 購物金 (wallet NT$), a coupon valid for some
 * days, or nothing. The welcome gift is one for the shop; each member level has its birthday gift.
 */
const amount = z.coerce
  .number({ error: "請輸入數量" })
  .int({ error: "請輸入整數" })
  .min(1, { error: "數量至少為 1" })
  .max(100_000, { error: "數量最多 100,000" });

export const rewardInput = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({ kind: z.literal("none") }),
    z.strictObject({ kind: z.literal("points"), amount }),
    z.strictObject({ kind: z.literal("wallet"), amount }),
    z.strictObject({
      kind: z.literal("coupon"),
      coupon_id: z.coerce.number({ error: "請選擇優惠券" }).int().positive({ error: "請選擇優惠券" }),
      valid_days: z.coerce
        .number({ error: "請輸入有效天數" })
        .int({ error: "請輸入整數" })
        .min(1, { error: "有效天數至少 1 天" })
        .max(366, { error: "有效天數最多 366 天" }),
    }),
  ],
  { error: "請選擇獎勵方式" },
);
export type RewardView = z.output<typeof rewardInput>;

export const rewardsSettings = z.object({
  welcome: rewardInput,
  levels: z.array(z.object({ id: z.number().int(), name: z.string(), active: z.boolean(), birthday: rewardInput })),
  /** Coupons staff can choose as a reward. */
  coupons: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type RewardsSettings = z.output<typeof rewardsSettings>;

/** Staff correct a member's birthday (the member sets it once themselves). */
export const staffBirthdayInput = z.strictObject({
  birthday: z
    .string({ error: "請輸入生日" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "生日格式為 YYYY-MM-DD" })
    .nullable(),
});
