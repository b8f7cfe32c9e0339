import { z } from "zod";
import { text } from "./admin-fields.js";
import { INSTALMENT_COUNTS, PAYABLE_METHODS } from "./payment-methods.js";

/**
 * Back-office inputs for how a shop takes payment (decision 88): every payable method switched on
 * or off in staff's order with the shop's note of its fee, the card's instalments, the transfer
 * account (main mall); a sub-mall's own switches and instalments.
 */

const method = z.enum(PAYABLE_METHODS, { error: "付款方式不正確" });
const instalmentCount = z
  .number()
  .int()
  .refine((n) => (INSTALMENT_COUNTS as readonly number[]).includes(n), { error: "分期期數為 3、6、12 或 24 期" });

/** Each count the card may be paid in, on or off, and the least amount (NT$) that may use it. */
const instalments = z
  .array(
    z.strictObject({
      count: instalmentCount,
      on: z.boolean(),
      min: z
        .number({ error: "分期最低金額須為整數" })
        .int({ error: "分期最低金額須為整數" })
        .min(0, { error: "分期最低金額不可小於 0" })
        .max(10_000_000, { error: "分期最低金額過大" }),
    }),
  )
  .max(INSTALMENT_COUNTS.length)
  .refine((list) => new Set(list.map((i) => i.count)).size === list.length, { error: "分期期數重複" });

/** Every payable method exactly once (the list's order is checkout's). */
const everyMethodOnce = (list: Array<{ method: string }>) =>
  list.length === PAYABLE_METHODS.length && PAYABLE_METHODS.every((m) => list.some((x) => x.method === m));

export const paymentSettingsInput = z.strictObject({
  /** In the order checkout lists them. */
  methods: z
    .array(
      z.strictObject({
        method,
        on: z.boolean(),
        /** The shop's note of what the provider charges, e.g. 「2.75%」 or 「NT$10/筆」. */
        fee: z.string().trim().max(30, { error: "手續費說明最多 30 字" }).default(""),
      }),
    )
    .refine(everyMethodOnce, { error: "付款方式清單須列出每一種付款方式各一次" }),
  instalments: instalments.default([]),
  transfer_bank_code: z.string().regex(/^\d{3}$/, { error: "銀行代碼為 3 位數字" }),
  transfer_account: z
    .string()
    .trim()
    .regex(/^\d[\d-]{8,18}\d$/, { error: "帳號為 10–16 位數字，可用 - 分隔" })
    .refine((a) => a.replaceAll("-", "").length >= 10 && a.replaceAll("-", "").length <= 16, {
      error: "帳號為 10–16 位數字，可用 - 分隔",
    }),
  transfer_holder: text("戶名", 40),
});
export type PaymentSettingsInput = z.infer<typeof paymentSettingsInput>;

/** A sub-mall's own payment settings: it only switches off what the main mall offers; its own instalments or the main mall's. */
export const shopPaymentSettingsInput = z.strictObject({
  methods: z
    .array(z.strictObject({ method, on: z.boolean() }))
    .refine(everyMethodOnce, { error: "付款方式清單須列出每一種付款方式各一次" }),
  /** false: the main mall's instalments apply (and `instalments` is ignored). */
  own_instalments: z.boolean(),
  instalments: instalments.default([]),
});
export type ShopPaymentSettingsInput = z.infer<typeof shopPaymentSettingsInput>;
