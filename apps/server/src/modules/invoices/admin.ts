import type { Invoice as InvoiceChoice } from "@shop/contract/invoice";
import { type Audit, allowByHand, confirmAllowance, reissueInvoice, retryInvoice, voidByHand } from "./admin-actions.js";
import { type InvoiceAdminDeps, type InvoiceFilter, invoicesCsv, listInvoices, oneInvoice } from "./admin-views.js";

export type { InvoiceFilter } from "./admin-views.js";

/**
 * The back office's side of e-invoices (decision 57): the list per period, the accountant's CSV,
 * and what staff do by hand — 重開 (try the waiting work again, the buyer's choice corrected if it
 * was refused), 作廢, 折讓, and issuing a voided sale again. The reads are admin-views.ts, the
 * staff actions admin-actions.ts.
 */
export function createInvoiceAdmin(deps: InvoiceAdminDeps) {
  return {
    one: (id: number) => oneInvoice(deps, id),
    list: (f: InvoiceFilter, page: number, perPage: number) => listInvoices(deps, f, page, perPage),
    /** The period's invoices and allowances for the accountant. */
    csv: (period: string) => invoicesCsv(deps, period),
    /** 重開: the waiting work is tried again. */
    retry: (id: number, reason: string, choice: InvoiceChoice | undefined, audit: Audit) =>
      retryInvoice(deps, id, reason, choice, audit),
    /** 確認已折讓: the allowance whose answer was lost happened. */
    confirmAllowance: (id: number, allowanceNo: string, reason: string, audit: Audit) =>
      confirmAllowance(deps, id, allowanceNo, reason, audit),
    /** 作廢 by hand (a wrong invoice). */
    voidByHand: (id: number, reason: string, audit: Audit) => voidByHand(deps, id, reason, audit),
    /** 折讓 by hand. */
    allowByHand: (id: number, amount: number, reason: string, audit: Audit) => allowByHand(deps, id, amount, reason, audit),
    /** A sale whose invoice staff voided by hand is issued again. */
    reissue: (id: number, reason: string, audit: Audit) => reissueInvoice(deps, id, reason, audit),
  };
}
