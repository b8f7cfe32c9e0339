import { z } from "zod";
import { bankAccountInput } from "./bank.js";
import { idSchema, phoneSchema } from "./common.js";
import { orderAccessTokenSchema, orderNoSchema } from "./order.js";

/** Why a buyer returns goods (the 7-day appraisal period lets them return without a fault). */
export const RETURN_REASONS = {
  changed_mind: "鑑賞期內不想要了",
  damaged: "商品瑕疵或損壞",
  wrong_item: "寄錯商品或數量",
  not_as_described: "與商品描述不符",
  other: "其他",
} as const;
export type ReturnReason = keyof typeof RETURN_REASONS;

/** 退貨 gives the money back; 換貨 sends the same items again in exchange for the ones returned. */
export const RETURN_KINDS = { return: "退貨", exchange: "換貨" } as const;
export type ReturnKind = keyof typeof RETURN_KINDS;

export const RETURN_STATUS_LABELS = {
  requested: "申請中",
  approved: "已核准，請寄回商品",
  rejected: "申請未通過",
  received: "已收到退回商品",
  refunded: "已退款",
  reshipped: "換貨商品已寄出",
} as const;
export type ReturnStatus = keyof typeof RETURN_STATUS_LABELS;

/** What staff do with returned units on receipt: back into sellable stock, or written off as faulty. */
export const RETURN_DISPOSITIONS = { restock: "回庫存", write_off: "瑕疵品（不回庫存）" } as const;
export type ReturnDisposition = keyof typeof RETURN_DISPOSITIONS;

/** Ship methods whose orders can be exchanged: the replacement goes to the same home address. */
export const EXCHANGEABLE_SHIP_METHODS = ["hct"] as const;

/** POST /api/order/return: a member asks to return (or exchange) units of a delivered order. */
export const returnRequestInput = z.strictObject({
  order_no: orderNoSchema,
  kind: z.enum(["return", "exchange"], { error: "請選擇退貨或換貨" }).default("return"),
  items: z
    .array(
      z.strictObject({
        variant_id: idSchema,
        qty: z.number({ error: "數量格式錯誤" }).int({ error: "數量需為整數" }).min(1, { error: "數量至少為 1" }).max(99),
      }),
      { error: "請選擇要退貨的商品" },
    )
    .min(1, { error: "請選擇要退貨的商品" })
    .max(50),
  reason: z.enum(Object.keys(RETURN_REASONS) as [ReturnReason, ...ReturnReason[]], { error: "請選擇退貨原因" }),
  note: z.string().trim().max(500, { error: "說明最多 500 個字" }).default(""),
  /**
   * The buyer's own bank account for the refund of money paid by transfer or cash on delivery
   * (asked on the return form when the order says `return_needs_account`): no wallet, no fee.
   */
  refund_account: bankAccountInput
    .pick({ bank_user_name: true, bank_code: true, branch_code: true, bank_account: true })
    .strict()
    .optional(),
  /** A guest: the order's phone and the access token its SMS check gave (members are signed in). */
  phone: phoneSchema.optional(),
  access_token: orderAccessTokenSchema.optional(),
});

/** The buyer's words for a request's state: 退貨申請中, 換貨申請未通過… */
export function returnStatusLabel(kind: ReturnKind, status: ReturnStatus): string {
  if (status === "requested" || status === "rejected") return `${RETURN_KINDS[kind]}${RETURN_STATUS_LABELS[status]}`;
  return RETURN_STATUS_LABELS[status];
}
