import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { invoiceChanges, invoices } from "../../db/schema/index.js";
import type { EcpayInvoiceClient, InvoiceRecord, IssuedInvoice } from "../../integrations/ecpay/einvoice.js";
import { EcpayInvoiceError } from "../../integrations/ecpay/einvoice.js";
import { periodOf, samePeriod, taipeiInstant } from "./lines.js";
import type { Invoice, InvoiceChange, Invoices } from "./service.js";

/** Answers that may not mean "no": the request may have been carried out (asked about before any new call). */
const uncertain = (e: unknown) => !(e instanceof EcpayInvoiceError) || /^(network|http_|decrypt)/.test(e.code);
const messageOf = (e: unknown) => String((e as Error).message ?? e).slice(0, 300);

export const LOST_ALLOWANCE =
  "折讓結果未確認（綠界的回應未收到）：請先至綠界後台查詢此發票的折讓；確認未成立後再按「重開」，已成立則不需處理";

export interface InvoiceSyncDeps {
  db: Db;
  invoices: Invoices;
  provider: EcpayInvoiceClient;
  /** The invoice was issued: the buyer is told, in the transaction that records it. */
  onIssued: (tx: Tx, invoice: Invoice) => Promise<void>;
  leaseSeconds: number;
  now: () => Date;
}

/**
 * The provider's side of an invoice (decision 57), run from the job queue: issue, then each change
 * given back, in order — a void of the whole invoice or an allowance. One caller at a time per
 * invoice (a lease). A call whose answer was lost is never simply repeated: an issue or a void is
 * looked up first (GetIssue, by RelateNumber); a lost allowance waits for staff. A refusal parks the
 * invoice with the provider's message until staff act; the order itself is never held up.
 */
export function createInvoiceSync(deps: InvoiceSyncDeps) {
  const { db, provider, now } = deps;

  /** Takes the invoice for this caller, or null when another holds it or staff must act first. */
  async function lease(id: number, token: string) {
    const at = now();
    const [row] = await db
      .update(invoices)
      .set({
        leasedBy: token,
        leaseUntil: new Date(at.getTime() + deps.leaseSeconds * 1000),
        attempts: sql`${invoices.attempts} + 1`,
      })
      .where(and(eq(invoices.id, id), isNull(invoices.parkedAt), or(isNull(invoices.leaseUntil), lt(invoices.leaseUntil, at))))
      .returning();
    return row ?? null;
  }
  const release = (id: number, token: string) =>
    db
      .update(invoices)
      .set({ leasedBy: null, leaseUntil: null })
      .where(and(eq(invoices.id, id), eq(invoices.leasedBy, token)));

  /** Writes to an invoice still held by this caller; anything else means the lease was lost mid-call. */
  async function update(q: Db | Tx, inv: Invoice, token: string, values: Partial<Invoice>) {
    const [row] = await q
      .update(invoices)
      .set({ ...values, updatedAt: now() })
      .where(and(eq(invoices.id, inv.id), eq(invoices.leasedBy, token)))
      .returning();
    if (!row) throw new Error(`invoice ${inv.id}: lease lost while talking to the provider`);
    return row;
  }
  const setChange = (c: InvoiceChange, values: Partial<InvoiceChange>) =>
    db.update(invoiceChanges).set(values).where(eq(invoiceChanges.id, c.id));
  const park = (inv: Invoice, token: string, message: string) =>
    update(db, inv, token, { parkedAt: now(), lastError: message, attemptedAt: null });

  async function recordIssued(inv: Invoice, token: string, found: IssuedInvoice & { voided?: boolean }, tell: boolean) {
    const issuedAt = taipeiInstant(found.invoiceDate);
    await db.transaction(async (tx) => {
      const row = await update(tx, inv, token, {
        status: found.voided ? "voided" : "issued",
        invoiceNo: found.invoiceNo,
        invoiceDate: found.invoiceDate,
        randomNumber: found.randomNumber,
        issuedAt,
        voidedAt: found.voided ? now() : null,
        period: periodOf(issuedAt),
        attemptedAt: null,
        lastError: "",
      });
      if (tell && !found.voided) await deps.onIssued(tx, row);
    });
  }

  /** A pending invoice: issued, or — when everything went back before it was — never issued. */
  async function issueStep(inv: Invoice, token: string): Promise<boolean> {
    const pending = (await deps.invoices.changesOf(db, inv.id)).filter((c) => c.status === "pending");
    const cancelled = pending.some((c) => c.whole && c.mode === "auto");
    if (inv.attemptedAt) {
      const found: InvoiceRecord | null = await provider.getIssue(inv.relateNumber);
      if (found) {
        await recordIssued(inv, token, found, !cancelled);
        return true;
      }
    }
    if (cancelled) {
      await db.transaction(async (tx) => {
        await update(tx, inv, token, { status: "not_issued", attemptedAt: null, lastError: "" });
        await tx
          .update(invoiceChanges)
          .set({ status: "done", outcome: "none", doneAt: now() })
          .where(and(eq(invoiceChanges.invoiceId, inv.id), eq(invoiceChanges.status, "pending")));
      });
      return false;
    }
    await update(db, inv, token, { attemptedAt: now() });
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
      await recordIssued(inv, token, issued, true);
      return true;
    } catch (error) {
      if (uncertain(error)) {
        await update(db, inv, token, { lastError: messageOf(error) });
        throw error;
      }
      // Refused — perhaps because it exists already (an earlier answer lost, a twin caller).
      const found = await provider.getIssue(inv.relateNumber).catch(() => null);
      if (found) {
        await recordIssued(inv, token, found, true);
        return true;
      }
      await park(inv, token, messageOf(error));
      return false;
    }
  }

  async function finish(c: InvoiceChange, outcome: "allowance" | "void" | "none", extra: Partial<InvoiceChange> = {}) {
    await setChange(c, { status: "done", outcome, doneAt: now(), attemptedAt: null, ...extra });
  }

  /** The next change given back on an issued invoice: the void of the whole, or an allowance. */
  async function changeStep(inv: Invoice, c: InvoiceChange, all: InvoiceChange[], token: string): Promise<boolean> {
    const invoiceNo = inv.invoiceNo ?? "";
    const invoiceDate = inv.invoiceDate ?? "";
    // Voided only while nothing was allowed on it and its period is still open (decision 57).
    const untouched = all.every((x) => x.id === c.id || x.outcome === "none");
    const voidIt = c.mode === "void" || (c.mode === "auto" && c.whole && untouched && samePeriod(invoiceDate, now()));
    if (voidIt) {
      if (c.attemptedAt && (await provider.getIssue(inv.relateNumber))?.voided) return recordVoid(inv, c, token);
      await setChange(c, { attemptedAt: now() });
      try {
        await provider.invalid(invoiceNo, invoiceDate, c.reason);
        return recordVoid(inv, c, token);
      } catch (error) {
        if (uncertain(error)) throw error;
        if ((await provider.getIssue(inv.relateNumber).catch(() => null))?.voided) return recordVoid(inv, c, token);
        await setChange(c, { attemptedAt: null, ...(c.mode === "auto" ? { mode: "allowance" } : {}) });
        // Too late to void a whole give-back: the rest becomes an allowance instead.
        if (c.mode === "auto") return true;
        await park(inv, token, messageOf(error));
        return false;
      }
    }
    const allowed = all.filter((x) => x.outcome === "allowance").reduce((s, x) => s + x.amount, 0);
    const amount = Math.min(c.amount, inv.amount - allowed);
    if (amount <= 0) {
      await finish(c, "none");
      return true;
    }
    if (c.attemptedAt) {
      await park(inv, token, LOST_ALLOWANCE);
      return false;
    }
    await setChange(c, { attemptedAt: now() });
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
      await finish(c, "allowance", { amount, allowanceNo: a.allowanceNo, allowanceDate: a.date });
      return true;
    } catch (error) {
      if (uncertain(error)) throw error; // the next run parks it: asking again could allow twice
      await setChange(c, { attemptedAt: null });
      await park(inv, token, messageOf(error));
      return false;
    }
  }

  async function recordVoid(inv: Invoice, c: InvoiceChange, token: string) {
    await db.transaction(async (tx) => {
      await update(tx, inv, token, { status: "voided", voidedAt: now(), lastError: "" });
      await tx
        .update(invoiceChanges)
        .set({ status: "done", outcome: "void", doneAt: now(), attemptedAt: null })
        .where(eq(invoiceChanges.id, c.id));
    });
    return true;
  }

  /** One provider step; true when there may be more to do. */
  async function step(inv: Invoice, token: string): Promise<boolean> {
    if (inv.status === "pending") return issueStep(inv, token);
    const all = await db
      .select()
      .from(invoiceChanges)
      .where(eq(invoiceChanges.invoiceId, inv.id))
      .orderBy(asc(invoiceChanges.seq));
    const next = all.find((c) => c.status === "pending");
    if (!next) return false;
    // A voided (or never issued) invoice has nothing left to give back.
    if (inv.status !== "issued") {
      await finish(next, "none");
      return true;
    }
    return changeStep(inv, next, all, token);
  }

  return {
    /** Everything waiting on one invoice, in order (the job handler). Throws to be retried later. */
    async sync(id: number): Promise<void> {
      for (let round = 0; round < 20; round++) {
        const token = randomUUID();
        const inv = await lease(id, token);
        if (!inv) {
          const held = await deps.invoices.get(id);
          // Another caller is on it: the job must come back, not count as done.
          if (held && !held.parkedAt && held.leaseUntil && held.leaseUntil > now())
            throw new Error(`invoice ${id} is being sent elsewhere`);
          return;
        }
        let more: boolean;
        try {
          more = await step(inv, token);
        } finally {
          await release(id, token);
        }
        if (!more) return;
      }
    },
  };
}
