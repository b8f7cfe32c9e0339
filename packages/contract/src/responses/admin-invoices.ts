import { E_INVOICE_STATUSES, E_INVOICE_TRIGGERS } from "../invoice.js";
import { z } from "../zod.js";
import { adminPage } from "./envelope.js";

/** Shapes of the back office's e-invoice list, queue and settings (apps/admin/src/invoices.tsx). */
const int = z.number().int();

/** One invoice (one issue of an order) with its allowances and what still waits for the provider. */
export const staffInvoice = z.object({
  id: int,
  order_no: z.string(),
  /** ECPay's RelateNumber: the order number, or the order number + R2… for an invoice issued again. */
  relate_number: z.string(),
  status: z.enum(E_INVOICE_STATUSES),
  status_label: z.string(),
  invoice_no: z.string().nullable(),
  invoice_date: z.string().nullable(),
  random_number: z.string().nullable(),
  /** The buyer's choice in words. */
  buyer: z.string(),
  tax_id: z.string(),
  amount: int,
  allowance_total: int,
  allowances: z.array(
    z.object({
      seq: int,
      amount: int,
      status: z.enum(["pending", "done"]),
      /** What it became: an allowance, the void of the whole invoice, or nothing (nothing was left). */
      outcome: z.enum(["allowance", "void", "none"]).nullable(),
      allowance_no: z.string().nullable(),
      reason: z.string(),
      created_at: z.string(),
    }),
  ),
  /** What still waits for the provider: 待開立, 待作廢或折讓 NT$…; "" when nothing. */
  waiting: z.string(),
  /** The provider refused (or the answer was lost): staff decide (重開 / 作廢 / 折讓). */
  parked: z.boolean(),
  /** The provider's last message. */
  last_error: z.string(),
  created_at: z.string(),
  can_retry: z.boolean(),
  can_void: z.boolean(),
  can_allow: z.boolean(),
  can_reissue: z.boolean(),
  /** An allowance whose answer was lost: staff found it at ECPay and record it (確認已折讓). */
  can_confirm_allowance: z.boolean(),
});
export const staffInvoicePage = adminPage(staffInvoice);

/** /admin/invoice_settings: when invoices are issued, and which merchant they are issued for. */
export const invoiceSettings = z.object({
  id: z.literal("einvoice"),
  issue_on: z.enum(E_INVOICE_TRIGGERS),
  /** The ECPay e-invoice merchant (from the server's environment, never from the database). */
  merchant_id: z.string(),
  /** 測試模式 (the built-in simulator), ECPay's stage or production. */
  environment: z.enum(["simulator", "stage", "production", "off"]),
});

/** /admin/invoice_settings/test: whether the provider answers with these credentials. */
export const invoiceConnection = z.object({ ok: z.boolean(), message: z.string() });
