import { formatMoney } from "@shop/contract/format";
import type { Invoice as InvoiceChoice } from "@shop/contract/invoice";
import { and, count, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { invoiceChanges, invoices } from "../../db/schema/index.js";
import { conflict, notFound, unprocessable } from "../../lib/errors.js";
import { type InvoiceAdminDeps, oneInvoice } from "./admin-views.js";
import { periodOf } from "./lines.js";
import { LOST_ALLOWANCE } from "./sync.js";

/** Records a staff action in the audit log, inside its transaction. */
export type Audit = (tx: Tx, change: { action: string; entityId: number; before?: unknown; after?: unknown }) => Promise<unknown>;

/** An invoice locked for a staff change, with its changes. */
async function locked(deps: InvoiceAdminDeps, tx: Tx, id: number) {
  const [inv] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  if (!inv) throw notFound("INVOICE_NOT_FOUND", "找不到此發票");
  return { inv, changes: await deps.invoices.changesOf(tx, id) };
}

/**
 * 重開: the waiting work is tried again — parked, or stopped with an error and nobody on it. Before
 * issue the buyer's choice may be corrected; after a lost allowance, staff found it did not happen.
 */
export async function retryInvoice(
  deps: InvoiceAdminDeps,
  id: number,
  reason: string,
  choice: InvoiceChoice | undefined,
  audit: Audit,
) {
  await deps.db.transaction(async (tx) => {
    const { inv, changes } = await locked(deps, tx, id);
    const waiting = inv.status === "pending" || changes.some((c) => c.status === "pending");
    if (!waiting) throw conflict("INVOICE_NOTHING_WAITING", "此發票沒有待處理的作業");
    if (!inv.parkedAt && inv.leaseUntil && inv.leaseUntil > deps.now())
      throw conflict("INVOICE_BEING_SENT", "此發票正在送出中，請稍後再看結果");
    if (choice && inv.status !== "pending")
      throw unprocessable("INVOICE_ALREADY_ISSUED", "發票已開立，無法更改載具或買方；請作廢後重新開立");
    if (choice && inv.attemptedAt)
      throw conflict("INVOICE_ISSUE_UNCERTAIN", "上次開立的結果尚未確認，暫時不能更改載具；請先按「重開」確認結果");
    await tx
      .update(invoices)
      .set({
        parkedAt: null,
        lastError: "",
        ...(choice ? { buyer: choice as Record<string, string> } : {}),
        updatedAt: deps.now(),
      })
      .where(eq(invoices.id, id));
    // Staff checked ECPay's back office: the allowance whose answer was lost did not happen.
    if (inv.lastError === LOST_ALLOWANCE)
      await tx
        .update(invoiceChanges)
        .set({ attempt: null, attemptedAt: null })
        .where(and(eq(invoiceChanges.invoiceId, id), eq(invoiceChanges.status, "pending")));
    await deps.enqueue(tx, id, `retry:${deps.now().getTime()}`);
    await audit(tx, {
      action: "invoice.retry",
      entityId: id,
      before: { buyer: inv.buyer, error: inv.lastError },
      after: { reason, buyer: choice ?? inv.buyer },
    });
  });
  return oneInvoice(deps, id);
}

/** 確認已折讓: staff found in ECPay's back office that the allowance whose answer was lost happened. */
export async function confirmAllowance(deps: InvoiceAdminDeps, id: number, allowanceNo: string, reason: string, audit: Audit) {
  await deps.db.transaction(async (tx) => {
    const { inv, changes } = await locked(deps, tx, id);
    const lost = changes.find((c) => c.status === "pending" && c.attempt === "allowance");
    if (inv.lastError !== LOST_ALLOWANCE || !lost) throw conflict("NO_LOST_ALLOWANCE", "此發票沒有結果未確認的折讓");
    await tx
      .update(invoiceChanges)
      .set({ status: "done", outcome: "allowance", allowanceNo, attempt: null, attemptedAt: null, doneAt: deps.now() })
      .where(eq(invoiceChanges.id, lost.id));
    await tx.update(invoices).set({ parkedAt: null, lastError: "", updatedAt: deps.now() }).where(eq(invoices.id, id));
    await deps.enqueue(tx, id, `confirmed:${lost.id}`);
    await audit(tx, {
      action: "invoice.allowance_confirmed",
      entityId: id,
      after: { allowance_no: allowanceNo, amount: lost.amount, reason },
    });
  });
  return oneInvoice(deps, id);
}

/** 作廢 by hand (a wrong invoice): the whole invoice, whatever the period — the provider may refuse. */
export async function voidByHand(deps: InvoiceAdminDeps, id: number, reason: string, audit: Audit) {
  await deps.db.transaction(async (tx) => {
    const { inv, changes } = await locked(deps, tx, id);
    const { allowed, pending } = deps.invoices.totals(inv, changes);
    if (inv.status !== "issued") throw conflict("INVOICE_NOT_ISSUED", "只有已開立的發票可以作廢");
    if (pending.length > 0 || allowed > 0) throw conflict("INVOICE_HAS_ALLOWANCES", "此發票已有折讓或待處理作業，無法作廢");
    await deps.invoices.addChange(tx, id, {
      mode: "void",
      whole: true,
      amount: 0,
      lines: [],
      reason,
      ref: `staff:void:${id}:${changes.length + 1}`,
    });
    await audit(tx, { action: "invoice.void", entityId: id, after: { reason } });
  });
  return oneInvoice(deps, id);
}

/** 折讓 by hand: part of the invoice off, beyond what refunds gave back. */
export async function allowByHand(deps: InvoiceAdminDeps, id: number, amount: number, reason: string, audit: Audit) {
  await deps.db.transaction(async (tx) => {
    const { inv, changes } = await locked(deps, tx, id);
    if (inv.status !== "issued") throw conflict("INVOICE_NOT_ISSUED", "只有已開立的發票可以折讓");
    const { left } = deps.invoices.totals(inv, changes);
    if (amount > left) throw unprocessable("ALLOWANCE_EXCEEDS_INVOICE", `折讓金額最多 ${formatMoney(left)}`);
    await deps.invoices.addChange(tx, id, {
      mode: "allowance",
      whole: false,
      amount,
      lines: [{ name: `折讓 ${reason}`.slice(0, 100), count: 1, word: "式", price: amount, amount }],
      reason,
      ref: `staff:allowance:${id}:${changes.length + 1}`,
    });
    await audit(tx, { action: "invoice.allowance", entityId: id, after: { amount, reason } });
  });
  return oneInvoice(deps, id);
}

/** A sale whose invoice staff voided by hand is issued again, under a new RelateNumber. */
export async function reissueInvoice(deps: InvoiceAdminDeps, id: number, reason: string, audit: Audit) {
  const created = await deps.db.transaction(async (tx) => {
    const { inv, changes } = await locked(deps, tx, id);
    const latest = await deps.invoices.latestFor(tx, inv.orderNo);
    if (inv.status !== "voided" || latest?.id !== inv.id || changes.some((c) => c.mode === "auto" && c.whole))
      throw conflict("INVOICE_NOT_REISSUABLE", "只有人工作廢、且訂單仍有效的最新一張發票可以重新開立");
    // Value given back since the void would be invoiced again at the old amount.
    if (changes.some((c) => c.outcome === "none" && c.amount > 0))
      throw conflict("INVOICE_REFUNDED_SINCE_VOID", "作廢後此訂單已有退款，金額已變動，請由會計人工開立");
    const n = (await tx.select({ n: count() }).from(invoices).where(eq(invoices.orderNo, inv.orderNo)))[0]?.n ?? 1;
    const at = deps.now();
    const [row] = await tx
      .insert(invoices)
      .values({
        orderNo: inv.orderNo,
        relateNumber: `${inv.orderNo}R${n + 1}`,
        shopId: inv.shopId,
        memberId: inv.memberId,
        status: "pending",
        buyer: inv.buyer,
        contact: inv.contact,
        lines: inv.lines,
        amount: inv.amount,
        period: periodOf(at),
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    if (!row) throw new Error("invoice insert returned nothing");
    await deps.enqueue(tx, row.id, "issue");
    await audit(tx, { action: "invoice.reissue", entityId: id, after: { reason, invoice_id: row.id } });
    return row;
  });
  return oneInvoice(deps, created.id);
}
