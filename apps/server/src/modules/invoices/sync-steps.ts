import { randomUUID } from "node:crypto";
import { formatMoney } from "@shop/contract/format";
import { and, asc, eq } from "drizzle-orm";
import { invoiceChanges } from "../../db/schema/index.js";
import type { InvoiceRecord } from "../../integrations/ecpay/einvoice.js";
import { EcpayInvoiceError } from "../../integrations/ecpay/einvoice.js";
import { samePeriod } from "./lines.js";
import type { Invoice, InvoiceChange } from "./service.js";
import {
  finishChange,
  type InvoiceSyncDeps,
  leaseInvoice,
  park,
  recordIssued,
  recordVoid,
  releaseInvoice,
  setChange,
  updateLeased,
} from "./sync-writes.js";

/** Answers that may not mean "no": the request may have been carried out (asked about before any new call). */
const uncertain = (e: unknown) => !(e instanceof EcpayInvoiceError) || /^(network|http_|decrypt)/.test(e.code);
const messageOf = (e: unknown) => String((e as Error).message ?? e).slice(0, 300);
/**
 * An Issue whose answer was lost may still be completing at ECPay after our 20 s wait: "not found"
 * is only believed this long after it was sent, before a cancelled order is called never issued.
 */
const ISSUE_SETTLES_MS = 120_000;

export const LOST_ALLOWANCE =
  "折讓結果未確認（綠界的回應未收到）：請至綠界後台查詢此發票的折讓；未成立請按「重開」送出，已成立請按「確認已折讓」";

/** What ECPay holds for the RelateNumber, recorded, unless it is not this sale (another amount). */
async function adopt(deps: InvoiceSyncDeps, inv: Invoice, token: string, found: InvoiceRecord, tell: boolean) {
  if (found.salesAmount !== inv.amount) {
    await park(
      deps,
      inv,
      token,
      `綠界已有此訂單編號的發票 ${found.invoiceNo}，但金額不符（綠界 ${formatMoney(found.salesAmount)}，本店 ${formatMoney(inv.amount)}），請人工確認`,
    );
    return false;
  }
  await recordIssued(deps, inv, token, found, tell);
  return true;
}

/** A pending invoice: issued, or — when everything went back before it was — never issued. */
async function issueStep(deps: InvoiceSyncDeps, inv: Invoice, token: string): Promise<boolean> {
  const { db, provider, now } = deps;
  const pending = (await deps.invoices.changesOf(db, inv.id)).filter((c) => c.status === "pending");
  const cancelled = pending.some((c) => c.whole && c.mode === "auto");
  if (inv.attemptedAt) {
    await updateLeased(deps, db, inv, token, {});
    const found = await provider.getIssue(inv.relateNumber);
    if (found) return adopt(deps, inv, token, found, !cancelled);
    // ECPay may still be completing an Issue whose answer we lost: not yet "never issued".
    if (cancelled && now().getTime() - inv.attemptedAt.getTime() < ISSUE_SETTLES_MS)
      throw new Error(`invoice ${inv.id}: the last Issue may still be completing at ECPay`);
  }
  if (cancelled) {
    await db.transaction(async (tx) => {
      await updateLeased(deps, tx, inv, token, { status: "not_issued", attemptedAt: null, lastError: "" });
      await tx
        .update(invoiceChanges)
        .set({ status: "done", outcome: "none", doneAt: now() })
        .where(and(eq(invoiceChanges.invoiceId, inv.id), eq(invoiceChanges.status, "pending")));
    });
    return false;
  }
  await updateLeased(deps, db, inv, token, { attemptedAt: now() });
  try {
    const b = inv.buyer;
    const issued = await provider.issue({
      relateNumber: inv.relateNumber,
      buyer:
        b.type === "mobile"
          ? { kind: "mobile", barcode: b.carrier ?? "" }
          : b.type === "donation"
            ? { kind: "donation", loveCode: b.donation_code ?? "" }
            : b.type === "company"
              ? { kind: "company", taxId: b.tax_id ?? "", title: b.title ?? "" }
              : { kind: "member", customerId: inv.memberId !== null ? `M${inv.memberId}` : "" },
      name: inv.contact.name,
      email: inv.contact.email,
      phone: inv.contact.phone,
      address: inv.contact.address,
      lines: inv.lines,
    });
    await recordIssued(deps, inv, token, issued, true);
    return true;
  } catch (error) {
    if (uncertain(error)) {
      await updateLeased(deps, db, inv, token, { lastError: messageOf(error) });
      throw error;
    }
    // Refused — perhaps because it exists already (an earlier answer lost, a twin caller).
    let found: InvoiceRecord | null;
    try {
      found = await provider.getIssue(inv.relateNumber);
    } catch {
      // Unknown whether ECPay holds it: the mark stays, so the next run asks again.
      await park(deps, inv, token, messageOf(error));
      return false;
    }
    if (found) return adopt(deps, inv, token, found, true);
    await park(deps, inv, token, messageOf(error), { attemptedAt: null });
    return false;
  }
}

/** The next change given back on an issued invoice: the void of the whole, or an allowance. */
async function changeStep(
  deps: InvoiceSyncDeps,
  inv: Invoice,
  c: InvoiceChange,
  all: InvoiceChange[],
  token: string,
): Promise<boolean> {
  const { db, provider, now } = deps;
  const invoiceNo = inv.invoiceNo ?? "";
  const invoiceDate = inv.invoiceDate ?? "";
  const allowed = all.filter((x) => x.outcome === "allowance").reduce((s, x) => s + x.amount, 0);
  if (c.attemptedAt) {
    await updateLeased(deps, db, inv, token, {});
    const found = await provider.getIssue(inv.relateNumber);
    if (found?.voided) return recordVoid(deps, inv, c, token);
    if (c.attempt === "allowance") {
      // ECPay's remainder tells whether the lost allowance happened: gone down by it, or not at all.
      const before = inv.amount - allowed;
      if (found?.remaining === before - c.amount) {
        await finishChange(deps, inv, token, c, "allowance", { allowanceNo: "", allowanceDate: found.invoiceDate });
        return true;
      }
      if (found?.remaining !== before) {
        await park(deps, inv, token, LOST_ALLOWANCE);
        return false;
      }
    }
    // The void or allowance did not happen: decide afresh.
    await setChange(deps, inv, token, c, { attempt: null, attemptedAt: null });
  }
  // Voided only while nothing was allowed on it and its period is still open (decision 57).
  const untouched = all.every((x) => x.id === c.id || x.outcome === "none");
  const voidIt = c.mode === "void" || (c.mode === "auto" && c.whole && untouched && samePeriod(invoiceDate, now()));
  if (voidIt) {
    await setChange(deps, inv, token, c, { attempt: "void", attemptedAt: now() });
    try {
      await provider.invalid(invoiceNo, invoiceDate, c.reason);
      return recordVoid(deps, inv, c, token);
    } catch (error) {
      if (uncertain(error)) throw error;
      if ((await provider.getIssue(inv.relateNumber).catch(() => null))?.voided) return recordVoid(deps, inv, c, token);
      await setChange(deps, inv, token, c, {
        attempt: null,
        attemptedAt: null,
        ...(c.mode === "auto" ? { mode: "allowance" } : {}),
      });
      // Too late to void a whole give-back: the rest becomes an allowance instead.
      if (c.mode === "auto") return true;
      await park(deps, inv, token, messageOf(error));
      return false;
    }
  }
  // Everything went back: the rest of the invoice, whatever an earlier allowance took.
  const amount = c.whole ? inv.amount - allowed : Math.min(c.amount, inv.amount - allowed);
  if (amount <= 0) {
    await finishChange(deps, inv, token, c, "none");
    return true;
  }
  // The amount sent is kept with the mark: a lost answer is settled against exactly it.
  await setChange(deps, inv, token, c, { attempt: "allowance", attemptedAt: now(), amount });
  const lines =
    amount === c.amount && c.lines.length > 0 ? c.lines : [{ name: "折讓", count: 1, word: "式", price: amount, amount }];
  try {
    const a = await provider.allowance({
      invoiceNo,
      invoiceDate,
      customerName: inv.buyer.type === "company" ? (inv.buyer.title ?? "") : inv.contact.name,
      email: inv.contact.email,
      lines,
    });
    await finishChange(deps, inv, token, c, "allowance", { amount, allowanceNo: a.allowanceNo, allowanceDate: a.date });
    return true;
  } catch (error) {
    if (uncertain(error)) throw error; // the next run asks ECPay what is left before anything else
    await setChange(deps, inv, token, c, { attempt: null, attemptedAt: null });
    await park(deps, inv, token, messageOf(error));
    return false;
  }
}

/** One provider step; true when there may be more to do. */
async function syncStep(deps: InvoiceSyncDeps, inv: Invoice, token: string): Promise<boolean> {
  if (inv.status === "pending") return issueStep(deps, inv, token);
  const all = await deps.db
    .select()
    .from(invoiceChanges)
    .where(eq(invoiceChanges.invoiceId, inv.id))
    .orderBy(asc(invoiceChanges.seq));
  const next = all.find((c) => c.status === "pending");
  if (!next) return false;
  // A voided (or never issued) invoice has nothing left to give back.
  if (inv.status !== "issued") {
    await finishChange(deps, inv, token, next, "none");
    return true;
  }
  return changeStep(deps, inv, next, all, token);
}

/** Everything waiting on one invoice, in order (the job handler). Throws to be retried later. */
export async function syncInvoice(deps: InvoiceSyncDeps, id: number): Promise<void> {
  for (let round = 0; round < 20; round++) {
    const token = randomUUID();
    const inv = await leaseInvoice(deps, id, token);
    if (!inv) {
      const held = await deps.invoices.get(id);
      // Another caller is on it: the job must come back, not count as done.
      if (held && !held.parkedAt && held.leaseUntil && held.leaseUntil > deps.now())
        throw new Error(`invoice ${id} is being sent elsewhere`);
      return;
    }
    let more: boolean;
    try {
      more = await syncStep(deps, inv, token);
    } finally {
      await releaseInvoice(deps, id, token);
    }
    if (!more) return;
  }
}
