import type { EInvoiceTrigger } from "@shop/contract/invoice";
import type { Db, Tx } from "../../db/client.js";
import { KEEP_MS, kept } from "../../lib/kept.js";
import { createInvoiceAdmin } from "../../modules/invoices/admin.js";
import { createInvoiceChecks } from "../../modules/invoices/checks.js";
import { createInvoices } from "../../modules/invoices/service.js";
import { createInvoiceSync } from "../../modules/invoices/sync.js";
import type { Actor } from "../../modules/staff/service.js";
import {
  invoiceGivenBack,
  invoicePdfFor,
  invoiceSettings,
  invoiceWhenMoved,
  invoiceWhenPaid,
  type OrderInvoicesContext,
  type OrderInvoicesDeps,
  readTrigger,
  tellInvoiceIssued,
  testInvoiceConnection,
  updateInvoiceSettings,
} from "./order-invoice-actions.js";

const INVOICE_SYNC_JOB = "einvoice.sync";
export const INVOICE_SWEEP_JOB = "einvoice.sweep";

/**
 * Every sale gets its e-invoice (decision 57): the use case that ties orders to the invoices
 * module. An order's invoice is opened in the transaction that makes it due — paid (or shipped, by
 * the setting), cash on delivery delivered — and what goes back to the buyer later becomes a void
 * or an allowance; the provider is called by the job queue, never inside an order's transaction.
 * The steps are order-invoice-actions.ts; this wires them to the jobs and the order effects.
 */
export function createOrderInvoices(d: OrderInvoicesDeps) {
  const { db, jobs, now } = d;
  const enqueue = (q: Db | Tx, invoiceId: number, why: string) =>
    jobs.enqueue(INVOICE_SYNC_JOB, { invoice_id: invoiceId }, { dedupeKey: `einvoice:${invoiceId}:${why}` }, q);
  const records = createInvoices({ db, enqueue, now });
  const sync = createInvoiceSync({
    db,
    invoices: records,
    provider: d.providers.einvoice,
    leaseSeconds: d.leaseSeconds,
    now,
    onIssued: (tx, inv) => tellInvoiceIssued(d, tx, inv),
  });
  jobs.register(INVOICE_SYNC_JOB, (payload) => sync.sync(Number(payload.invoice_id)));
  // Work a crash or a timeout left half-way, and jobs that ran out of attempts, are taken up again.
  jobs.register(INVOICE_SWEEP_JOB, async () => {
    for (const id of await records.due()) await sync.sync(id).catch(() => undefined);
  });

  // A paid order read the setting under its lock every time. Kept like the message templates (read
  // through the order's transaction, at most 10 s, dropped by a save and by the cache switch). A
  // stale "shipped" only moves the invoice to the shipment, which opens it either way.
  const keptTrigger = kept(KEEP_MS, (q: Db | Tx) => readTrigger(d, q));
  const ctx: OrderInvoicesContext = { ...d, records, keptTrigger };

  // Switched off, the effects below are attached to nothing: no order opens an invoice.
  const e = d.enabled ? d.lifecycle.effects : { ...d.lifecycle.effects, paid: [], changed: [], givenBack: [] };
  e.paid.push((tx, o) => invoiceWhenPaid(ctx, tx, o));
  e.changed.push((tx, o, to) => invoiceWhenMoved(ctx, tx, o, to));
  e.givenBack.push((tx, o, back) => invoiceGivenBack(ctx, tx, o, back));

  const admin = createInvoiceAdmin({ db, invoices: records, enqueue, now });
  const audited = (actor: Actor) => (tx: Tx, c: { action: string; entityId: number; before?: unknown; after?: unknown }) =>
    d.staff.record(tx, actor, { ...c, entity: "invoice" });

  return {
    /** Drops the kept invoicing setting (the cache switch calls it). */
    forgetSettings: keptTrigger.forget,
    sync,
    records,
    /** Whether checkout asks for the buyer's invoice choice (the shop issues e-invoices here). */
    enabled: d.enabled,
    checks: d.enabled ? createInvoiceChecks(d.providers.einvoice) : { check: async () => undefined },
    viewFor: records.viewFor,
    parkedCount: records.parkedCount,
    admin: {
      list: admin.list,
      one: admin.one,
      csv: admin.csv,
      retry: (actor: Actor, id: number, reason: string, choice?: Parameters<typeof admin.retry>[2]) =>
        admin.retry(id, reason, choice, audited(actor)),
      voidByHand: (actor: Actor, id: number, reason: string) => admin.voidByHand(id, reason, audited(actor)),
      allowByHand: (actor: Actor, id: number, amount: number, reason: string) =>
        admin.allowByHand(id, amount, reason, audited(actor)),
      reissue: (actor: Actor, id: number, reason: string) => admin.reissue(id, reason, audited(actor)),
      confirmAllowance: (actor: Actor, id: number, allowanceNo: string, reason: string) =>
        admin.confirmAllowance(id, allowanceNo, reason, audited(actor)),
      settings: () => invoiceSettings(d),
      /** Callers also pull the cache switch, so other instances drop their kept setting. */
      updateSettings: (actor: Actor, issueOn: EInvoiceTrigger) => updateInvoiceSettings(ctx, actor, issueOn),
      /** Asks the provider something harmless with these credentials (a donation code look-up). */
      testConnection: () => testInvoiceConnection(d),
    },

    /** A company buyer's 證明聯 as PDF (only an issued invoice with a tax id). */
    pdfFor: (orderNo: string) => invoicePdfFor(ctx, orderNo),
  };
}

export type OrderInvoices = ReturnType<typeof createOrderInvoices>;
