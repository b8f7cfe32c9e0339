import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { invoiceChanges, invoices } from "../../db/schema/index.js";
import type { EcpayInvoiceClient, IssuedInvoice } from "../../integrations/ecpay/einvoice.js";
import { periodOf, taipeiInstant } from "./lines.js";
import type { Invoice, InvoiceChange, Invoices } from "./service.js";

export interface InvoiceSyncDeps {
  db: Db;
  invoices: Invoices;
  provider: EcpayInvoiceClient;
  /** The invoice was issued: the buyer is told, in the transaction that records it. */
  onIssued: (tx: Tx, invoice: Invoice) => Promise<void>;
  leaseSeconds: number;
  now: () => Date;
}

const leaseEnd = (deps: InvoiceSyncDeps) => new Date(deps.now().getTime() + deps.leaseSeconds * 1000);

/** Takes the invoice for this caller, or null when another holds it or staff must act first. */
export async function leaseInvoice(deps: InvoiceSyncDeps, id: number, token: string) {
  const at = deps.now();
  const [row] = await deps.db
    .update(invoices)
    .set({ leasedBy: token, leaseUntil: leaseEnd(deps), attempts: sql`${invoices.attempts} + 1` })
    .where(and(eq(invoices.id, id), isNull(invoices.parkedAt), or(isNull(invoices.leaseUntil), lt(invoices.leaseUntil, at))))
    .returning();
  return row ?? null;
}

export async function releaseInvoice(deps: InvoiceSyncDeps, id: number, token: string) {
  await deps.db
    .update(invoices)
    .set({ leasedBy: null, leaseUntil: null })
    .where(and(eq(invoices.id, id), eq(invoices.leasedBy, token)));
}

/** Writes to an invoice still held by this caller (renewing the lease); anything else means it was lost. */
export async function updateLeased(deps: InvoiceSyncDeps, q: Db | Tx, inv: Invoice, token: string, values: Partial<Invoice>) {
  const [row] = await q
    .update(invoices)
    .set({ ...values, leaseUntil: leaseEnd(deps), updatedAt: deps.now() })
    .where(and(eq(invoices.id, inv.id), eq(invoices.leasedBy, token)))
    .returning();
  if (!row) throw new Error(`invoice ${inv.id}: lease lost while talking to the provider`);
  return row;
}

/** A change's write, in one transaction with the renewal that proves the lease is still ours. */
export const setChange = (deps: InvoiceSyncDeps, inv: Invoice, token: string, c: InvoiceChange, values: Partial<InvoiceChange>) =>
  deps.db.transaction(async (tx) => {
    await updateLeased(deps, tx, inv, token, {});
    await tx.update(invoiceChanges).set(values).where(eq(invoiceChanges.id, c.id));
  });

export const park = (deps: InvoiceSyncDeps, inv: Invoice, token: string, message: string, extra: Partial<Invoice> = {}) =>
  updateLeased(deps, deps.db, inv, token, { parkedAt: deps.now(), lastError: message, ...extra });

export const finishChange = (
  deps: InvoiceSyncDeps,
  inv: Invoice,
  token: string,
  c: InvoiceChange,
  outcome: "allowance" | "void" | "none",
  extra: Partial<InvoiceChange> = {},
) => setChange(deps, inv, token, c, { status: "done", outcome, doneAt: deps.now(), attempt: null, attemptedAt: null, ...extra });

export async function recordIssued(
  deps: InvoiceSyncDeps,
  inv: Invoice,
  token: string,
  found: IssuedInvoice & { voided?: boolean },
  tell: boolean,
) {
  const issuedAt = taipeiInstant(found.invoiceDate);
  await deps.db.transaction(async (tx) => {
    const row = await updateLeased(deps, tx, inv, token, {
      status: found.voided ? "voided" : "issued",
      invoiceNo: found.invoiceNo,
      invoiceDate: found.invoiceDate,
      randomNumber: found.randomNumber,
      issuedAt,
      voidedAt: found.voided ? deps.now() : null,
      period: periodOf(issuedAt),
      attemptedAt: null,
      lastError: "",
    });
    if (tell && !found.voided) await deps.onIssued(tx, row);
  });
}

export async function recordVoid(deps: InvoiceSyncDeps, inv: Invoice, c: InvoiceChange, token: string) {
  await deps.db.transaction(async (tx) => {
    await updateLeased(deps, tx, inv, token, { status: "voided", voidedAt: deps.now(), lastError: "" });
    await tx
      .update(invoiceChanges)
      .set({ status: "done", outcome: "void", doneAt: deps.now(), attempt: null, attemptedAt: null })
      .where(eq(invoiceChanges.id, c.id));
  });
  return true;
}
