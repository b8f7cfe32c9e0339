import { E_INVOICE_STATUS_LABELS, type EInvoiceStatus, invoiceText } from "@shop/contract/invoice";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { type InvoiceContact, invoiceChanges, invoices } from "../../db/schema/index.js";
import type { InvoiceLine } from "./lines.js";
import { periodOf } from "./lines.js";

export type Invoice = typeof invoices.$inferSelect;
export type InvoiceChange = typeof invoiceChanges.$inferSelect;

/** What an order is invoiced for, fixed when it becomes due one (order-invoices.ts builds it). */
export interface InvoiceDraft {
  orderNo: string;
  shopId: number;
  memberId: number | null;
  buyer: Record<string, string>;
  contact: InvoiceContact;
  lines: InvoiceLine[];
  amount: number;
}

/** What went back to the buyer on an invoiced order (a cancellation, a refund, part of one). */
export interface GivenBackValue {
  /** One per cause: a second call with the same ref changes nothing. */
  ref: string;
  /** Everything the buyer kept went back. */
  whole: boolean;
  /** Money and wallet given back: what the invoice is reduced by (points were never invoiced). */
  amount: number;
  lines: InvoiceLine[];
  reason: string;
}

export interface InvoicesDeps {
  db: Db;
  /** Queues the provider work for an invoice, inside the caller's transaction. */
  enqueue: (q: Db | Tx, invoiceId: number, why: string) => Promise<unknown>;
  now: () => Date;
}

/**
 * The e-invoice module's records (decision 57): an invoice per order (and per re-issue), and the
 * changes given back on it. Orders call `open` and `giveBack` inside their own transaction; the
 * provider is only ever called by sync.ts, from the job queue.
 */
export function createInvoices(deps: InvoicesDeps) {
  const { db, now } = deps;

  const latestFor = async (q: Db | Tx, orderNo: string) =>
    (await q.select().from(invoices).where(eq(invoices.orderNo, orderNo)).orderBy(desc(invoices.id)).limit(1))[0];

  const changesOf = (q: Db | Tx, invoiceId: number) =>
    q.select().from(invoiceChanges).where(eq(invoiceChanges.invoiceId, invoiceId)).orderBy(asc(invoiceChanges.seq));

  /** A change's row, numbered after the invoice's others (the order's lock, or staff's, keeps it single). */
  async function addChange(
    q: Db | Tx,
    invoiceId: number,
    c: Omit<typeof invoiceChanges.$inferInsert, "invoiceId" | "seq" | "status" | "createdAt">,
  ) {
    const [next] = await q
      .select({ seq: sql<number>`coalesce(max(${invoiceChanges.seq}), 0)::int + 1` })
      .from(invoiceChanges)
      .where(eq(invoiceChanges.invoiceId, invoiceId));
    const [row] = await q
      .insert(invoiceChanges)
      .values({ ...c, invoiceId, seq: next?.seq ?? 1, status: "pending", createdAt: now() })
      .onConflictDoNothing({ target: invoiceChanges.ref })
      .returning();
    if (row) await deps.enqueue(q, invoiceId, `change:${row.id}`);
    return row ?? null;
  }

  /** Done allowances, and pending changes that will be allowances or the void of the rest. */
  function totals(inv: Invoice, changes: InvoiceChange[]) {
    const allowed = changes.filter((c) => c.outcome === "allowance").reduce((s, c) => s + c.amount, 0);
    const pending = changes.filter((c) => c.status === "pending");
    return { allowed, pending, left: inv.amount - allowed - pending.reduce((s, c) => s + c.amount, 0) };
  }

  return {
    latestFor,
    changesOf,
    addChange,
    totals,
    get: async (id: number, q: Db | Tx = db) => (await q.select().from(invoices).where(eq(invoices.id, id)))[0],

    /**
     * The order became due its invoice (paid, shipped, or cash on delivery delivered): recorded
     * once per order inside the order's transaction, with its provider work queued beside it.
     */
    async open(tx: Tx, d: InvoiceDraft) {
      if (d.amount <= 0) return null; // paid wholly in points: nothing was sold for money
      const at = now();
      const [row] = await tx
        .insert(invoices)
        .values({ ...d, relateNumber: d.orderNo, status: "pending", period: periodOf(at), createdAt: at, updatedAt: at })
        .onConflictDoNothing({ target: invoices.relateNumber })
        .returning();
      if (row) await deps.enqueue(tx, row.id, "issue");
      return row ?? null;
    },

    /**
     * Value went back to the buyer of an invoiced order: a change on its latest invoice, which the
     * provider work turns into a void or an allowance. Nothing when the order was never invoiced.
     */
    async giveBack(tx: Tx, orderNo: string, back: GivenBackValue) {
      // Locked, as staff's changes lock it: two changes never see the invoice without each other.
      // The latest is read again once locked: an invoice issued anew meanwhile is the one to change.
      let inv: Invoice | undefined;
      for (let tries = 0; tries < 3; tries++) {
        const latest = await latestFor(tx, orderNo);
        if (!latest) break;
        [inv] = await tx.select().from(invoices).where(eq(invoices.id, latest.id)).for("update");
        if ((await latestFor(tx, orderNo))?.id === latest.id) break;
      }
      if (!inv || (back.amount <= 0 && !back.whole)) return null;
      return addChange(tx, inv.id, {
        mode: back.whole ? "auto" : "allowance",
        whole: back.whole,
        amount: Math.max(0, back.amount),
        lines: back.lines,
        reason: back.reason,
        ref: back.ref,
      });
    },

    /** An order's invoice as its buyer sees it, or null when it has none. */
    async viewFor(orderNo: string) {
      const inv = await latestFor(db, orderNo);
      if (!inv) return null;
      const { allowed } = totals(inv, await changesOf(db, inv.id));
      return {
        status: inv.status,
        status_label: E_INVOICE_STATUS_LABELS[inv.status as EInvoiceStatus],
        invoice_no: inv.invoiceNo,
        invoice_date: inv.issuedAt?.toISOString() ?? null,
        random_number: inv.randomNumber,
        carrier: invoiceText(inv.buyer),
        amount: inv.amount,
        allowance_total: allowed,
        printable: inv.buyer.type === "company" && inv.status === "issued",
      };
    },

    /** Invoices with provider work to do and nobody on it (the periodic sweep). */
    async due(limit = 50): Promise<number[]> {
      const at = now();
      const rows = await db.execute(sql`
        select i.id from ${invoices} i
        where i.parked_at is null and (i.lease_until is null or i.lease_until < ${at})
          and (i.status = 'pending' or exists (
            select 1 from ${invoiceChanges} c where c.invoice_id = i.id and c.status = 'pending'))
        order by i.id limit ${limit}`);
      return (rows as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
    },

    /** How many invoices wait for staff (the back office's queue count). */
    async parkedCount(): Promise<number> {
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(invoices)
        .where(and(sql`${invoices.parkedAt} is not null`));
      return r?.n ?? 0;
    },
  };
}

export type Invoices = ReturnType<typeof createInvoices>;
