import { z } from "zod";
import { listQuery, text } from "./admin-fields.js";
import { E_INVOICE_STATUSES, E_INVOICE_TRIGGERS, invoiceSchema } from "./invoice.js";
import type { invoiceSettings, staffInvoice } from "./responses/admin-invoices.js";

/** Back-office inputs of the e-invoice pages (decision 57). */

/** An invoice period (期別): its first month, odd, as YYYY-MM ("2026-11" is 115 年 11–12 月). */
export const invoicePeriod = z
  .string()
  .regex(/^\d{4}-(01|03|05|07|09|11)$/, { error: "期別格式為 YYYY-MM（單數月，例如 2026-11）" });

export const invoiceQuery = listQuery.extend({
  period: invoicePeriod.optional(),
  status: z.enum(E_INVOICE_STATUSES, { error: "發票狀態不正確" }).optional(),
  /** Only invoices waiting for staff (the provider refused, or its answer was lost). */
  attention: z.enum(["1"]).optional(),
  q: z.string().trim().max(40).optional(),
});
export const invoiceCsvQuery = z.object({ period: invoicePeriod });

/** 重開: try the waiting work again, optionally with the buyer's invoice choice corrected (before issue). */
export const invoiceRetryInput = z.strictObject({
  reason: text("原因", 60),
  invoice: invoiceSchema.optional(),
});
/** 作廢 by hand: ECPay keeps at most 20 characters of the reason. */
export const invoiceVoidInput = z.strictObject({ reason: text("作廢原因", 20) });
/** 折讓 by hand: an amount off the invoice beyond what refunds gave back. */
export const invoiceAllowanceInput = z.strictObject({
  amount: z
    .number({ error: "請輸入折讓金額" })
    .int({ error: "折讓金額須為整數" })
    .min(1, { error: "折讓金額須大於 0" })
    .max(10_000_000, { error: "金額過大" }),
  reason: text("原因", 60),
});
/** 確認已折讓: the allowance ECPay made though its answer was lost, by its number in ECPay's back office. */
export const invoiceAllowanceConfirmInput = z.strictObject({
  allowance_no: z
    .string({ error: "請輸入折讓單號" })
    .trim()
    .regex(/^\d{16}$/, { error: "折讓單號為 16 位數字" }),
  reason: text("原因", 60),
});
export const invoiceSettingsInput = z.strictObject({
  issue_on: z.enum(E_INVOICE_TRIGGERS, { error: "請選擇開立時機" }),
});

export type StaffInvoice = z.output<typeof staffInvoice>;
export type InvoiceSettings = z.output<typeof invoiceSettings>;

/** "2026-11" → 115 年 11–12 月 (the ROC year, as invoices print it). */
export function invoicePeriodLabel(period: string): string {
  const [y, m] = period.split("-").map(Number) as [number, number];
  return `${y - 1911} 年 ${m}–${m + 1} 月`;
}
