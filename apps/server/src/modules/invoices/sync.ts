import { randomUUID } from "node:crypto";
import { formatMoney } from "@shop/contract/format";
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
/**
 * An Issue whose answer was lost may still be completing at ECPay after our 20 s wait: "not found"
 * is only believed this long after it was sent, before a cancelled order is called never issued.
 */
const ISSUE_SETTLES_MS = 120_000;

export const LOST_ALLOWANCE =
  "折讓結果未確認（綠界的回應未收到）：請至綠界後台查詢此發票的折讓；未成立請按「重開」送出，已成立請按「確認已折讓」";

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
 * invoice (a lease, renewed before every call and checked on every write). A call whose answer was
 * lost is never simply repeated: an issue or a void is looked up first (GetIssue, by RelateNumber);
 * a lost allowance is settled by the amount ECPay says is left, else waits for staff. A refusal
 * parks the invoice with the provider's message until staff act; the order is never held up.
 */
export function createInvoiceSync(deps: InvoiceSyncDeps) {
  const { db, provider, now } = deps;
  const leaseEnd = () => new Date(now().getTime() + deps.leaseSeconds * 1000);

  /** Takes the invoice for this caller, or null when another holds it or staff must act first. */
  async function lease(id: number, token: string) {
    const at = now();
    const [row] = await db
      .update(invoices)
      .set({ leasedBy: token, leaseUntil: leaseEnd(), attempts: sql`${invoices.attempts} + 1` })
      .where(and(eq(invoices.id, id), isNull(invoices.parkedAt), or(isNull(invoices.leaseUntil), lt(invoices.leaseUntil, at))))
      .returning();
    return row ?? null;
  }
  const release = (id: number, token: string) =>
    db
      .update(invoices)
      .set({ leasedBy: null, leaseUntil: null })
      .where(and(eq(invoices.id, id), eq(invoices.leasedBy, token)));

  /** Writes to an invoice still held by this caller (renewing the lease); anything else means it was lost. */
  async function update(q: Db | Tx, inv: Invoice, token: string, values: Partial<Invoice>) {
    const [row] = await q
      .update(invoices)
      .set({ ...values, leaseUntil: leaseEnd(), updatedAt: now() })
      .where(and(eq(invoices.id, inv.id), eq(invoices.leasedBy, token)))
      .returning();
    if (!row) throw new Error(`invoice ${inv.id}: lease lost while talking to the provider`);
    return row;
  }
  /** A change's write, in one transaction with the renewal that proves the lease is still ours. */
  const setChange = (inv: Invoice, token: string, c: InvoiceChange, values: Partial<InvoiceChange>) =>
    db.transaction(async (tx) => {
      await update(tx, inv, token, {});
      await tx.update(invoiceChanges).set(values).where(eq(invoiceChanges.id, c.id));
    });
  const park = (inv: Invoice, token: string, message: string, extra: Partial<Invoice> = {}) =>
    update(db, inv, token, { parkedAt: now(), lastError: message, ...extra });

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

  /** What ECPay holds for the RelateNumber, recorded, unless it is not this sale (another amount). */
  async function adopt(inv: Invoice, token: string, found: InvoiceRecord, tell: boolean) {
    if (found.salesAmount !== inv.amount) {
      await park(
        inv,
        token,
        `綠界已有此訂單編號的發票 ${found.invoiceNo}，但金額不符（綠界 ${formatMoney(found.salesAmount)}，本店 ${formatMoney(inv.amount)}），請人工確認`,
      );
      return false;
    }
    await recordIssued(inv, token, found, tell);
    return true;
  }

  /** A pending invoice: issued, or — when everything went back before it was — never issued. */
  async function issueStep(inv: Invoice, token: string): Promise<boolean> {
    const pending = (await deps.invoices.changesOf(db, inv.id)).filter((c) => c.status === "pending");
    const cancelled = pending.some((c) => c.whole && c.mode === "auto");
    if (inv.attemptedAt) {
      await update(db, inv, token, {});
      const found = await provider.getIssue(inv.relateNumber);
      if (found) return adopt(inv, token, found, !cancelled);
      // ECPay may still be completing an Issue whose answer we lost: not yet "never issued".
      if (cancelled && now().getTime() - inv.attemptedAt.getTime() < ISSUE_SETTLES_MS)
        throw new Error(`invoice ${inv.id}: the last Issue may still be completing at ECPay`);
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
      let found: InvoiceRecord | null;
      try {
        found = await provider.getIssue(inv.relateNumber);
      } catch {
        // Unknown whether ECPay holds it: the mark stays, so the next run asks again.
        await park(inv, token, messageOf(error));
        return false;
      }
      if (found) return adopt(inv, token, found, true);
      await park(inv, token, messageOf(error), { attemptedAt: null });
      return false;
    }
  }

  const finish = (inv: Invoice, token: string, c: InvoiceChange, outcome: "allowance" | "void" | "none", extra = {}) =>
    setChange(inv, token, c, { status: "done", outcome, doneAt: now(), attempt: null, attemptedAt: null, ...extra });

  /** The next change given back on an issued invoice: the void of the whole, or an allowance. */
  async function changeStep(inv: Invoice, c: InvoiceChange, all: InvoiceChange[], token: string): Promise<boolean> {
    const invoiceNo = inv.invoiceNo ?? "";
    const invoiceDate = inv.invoiceDate ?? "";
    const allowed = all.filter((x) => x.outcome === "allowance").reduce((s, x) => s + x.amount, 0);
    if (c.attemptedAt) {
      await update(db, inv, token, {});
      const found = await provider.getIssue(inv.relateNumber);
      if (found?.voided) return recordVoid(inv, c, token);
      if (c.attempt === "allowance") {
        // ECPay's remainder tells whether the lost allowance happened: gone down by it, or not at all.
        const before = inv.amount - allowed;
        if (found?.remaining === before - c.amount) {
          await finish(inv, token, c, "allowance", { allowanceNo: "", allowanceDate: found.invoiceDate });
          return true;
        }
        if (found?.remaining !== before) {
          await park(inv, token, LOST_ALLOWANCE);
          return false;
        }
      }
      // The void or allowance did not happen: decide afresh.
      await setChange(inv, token, c, { attempt: null, attemptedAt: null });
    }
    // Voided only while nothing was allowed on it and its period is still open (decision 57).
    const untouched = all.every((x) => x.id === c.id || x.outcome === "none");
    const voidIt = c.mode === "void" || (c.mode === "auto" && c.whole && untouched && samePeriod(invoiceDate, now()));
    if (voidIt) {
      await setChange(inv, token, c, { attempt: "void", attemptedAt: now() });
      try {
        await provider.invalid(invoiceNo, invoiceDate, c.reason);
        return recordVoid(inv, c, token);
      } catch (error) {
        if (uncertain(error)) throw error;
        if ((await provider.getIssue(inv.relateNumber).catch(() => null))?.voided) return recordVoid(inv, c, token);
        await setChange(inv, token, c, { attempt: null, attemptedAt: null, ...(c.mode === "auto" ? { mode: "allowance" } : {}) });
        // Too late to void a whole give-back: the rest becomes an allowance instead.
        if (c.mode === "auto") return true;
        await park(inv, token, messageOf(error));
        return false;
      }
    }
    // Everything went back: the rest of the invoice, whatever an earlier allowance took.
    const amount = c.whole ? inv.amount - allowed : Math.min(c.amount, inv.amount - allowed);
    if (amount <= 0) {
      await finish(inv, token, c, "none");
      return true;
    }
    // The amount sent is kept with the mark: a lost answer is settled against exactly it.
    await setChange(inv, token, c, { attempt: "allowance", attemptedAt: now(), amount });
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
      await finish(inv, token, c, "allowance", { amount, allowanceNo: a.allowanceNo, allowanceDate: a.date });
      return true;
    } catch (error) {
      if (uncertain(error)) throw error; // the next run asks ECPay what is left before anything else
      await setChange(inv, token, c, { attempt: null, attemptedAt: null });
      await park(inv, token, messageOf(error));
      return false;
    }
  }

  async function recordVoid(inv: Invoice, c: InvoiceChange, token: string) {
    await db.transaction(async (tx) => {
      await update(tx, inv, token, { status: "voided", voidedAt: now(), lastError: "" });
      await tx
        .update(invoiceChanges)
        .set({ status: "done", outcome: "void", doneAt: now(), attempt: null, attemptedAt: null })
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
      await finish(inv, token, next, "none");
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
