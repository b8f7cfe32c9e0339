import { E_INVOICE_STATUSES } from "../invoice.js";
import { z } from "../zod.js";

const int = z.number().int();

/** An order's e-invoice as its buyer sees it (decision 57). */
export const eInvoiceView = z.object({
  status: z.enum(E_INVOICE_STATUSES),
  status_label: z.string(),
  /** AB12345678 once issued, else null. */
  invoice_no: z.string().nullable(),
  /** When it was issued (ISO), else null. */
  invoice_date: z.string().nullable(),
  /** The four-digit random code; null before issue (and for a guest who has not proven the phone). */
  random_number: z.string().nullable(),
  /** The buyer's choice in words: 手機條碼 /ABC1234, 捐贈（愛心碼 …）, 三聯式 統編 …. */
  carrier: z.string(),
  /** The invoiced amount: the order less points (points are the shop's own discount). */
  amount: int,
  /** Allowances (折讓) made so far, NT$. */
  allowance_total: int,
  /** A company buyer's issued invoice: the 證明聯 can be downloaded as PDF. */
  printable: z.boolean(),
});
