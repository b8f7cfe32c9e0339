import { E_INVOICE_STATUSES } from "@shop/contract/invoice";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** One line of an invoice or allowance, tax included, whole NT$ (ECPay's Items). */
export interface InvoiceLineRow {
  name: string;
  count: number;
  word: string;
  price: number;
  amount: number;
}

/** Who an invoice is issued to (the order's receiver and e-mail, the address for a printed one). */
export interface InvoiceContact {
  name: string;
  email: string;
  phone: string;
  address: string;
}

/**
 * A Taiwan e-invoice issued (or to be issued) for an order through the provider (decision 57).
 * Its lines and amount are fixed when the order became due one; the provider's work on it (issue,
 * void, allowances) is done by the job queue under a lease, never inside an order's transaction.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    orderNo: text("order_no").notNull(),
    /** ECPay keeps one invoice per RelateNumber: the order number (+ R2… when staff issue it again). */
    relateNumber: text("relate_number").notNull(),
    shopId: integer("shop_id").notNull(),
    memberId: integer("member_id"),
    status: text("status", { enum: E_INVOICE_STATUSES }).notNull(),
    /** The buyer's choice at checkout ({type: member | mobile | donation | company, …}). */
    buyer: jsonb("buyer").$type<Record<string, string>>().notNull(),
    contact: jsonb("contact").$type<InvoiceContact>().notNull(),
    lines: jsonb("lines").$type<InvoiceLineRow[]>().notNull(),
    amount: integer("amount").notNull(),
    /** The invoice period (期別) it belongs to, as its first month: "2026-11" is 115 年 11–12 月. */
    period: text("period").notNull(),
    invoiceNo: text("invoice_no"),
    /** As the provider wrote it: yyyy-MM-dd HH:mm:ss in Asia/Taipei. */
    invoiceDate: text("invoice_date"),
    randomNumber: text("random_number"),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    /** An Issue call went out and its answer was not recorded: the provider is asked (GetIssue) first. */
    attemptedAt: timestamp("attempted_at", { withTimezone: true }),
    /** Whoever holds the lease is talking to the provider about this invoice. */
    leasedBy: text("leased_by"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** The provider refused (or an answer was lost where asking again could double it): staff decide. */
    parkedAt: timestamp("parked_at", { withTimezone: true }),
    lastError: text("last_error").notNull().default(""),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("invoices_relate_number_key").on(t.relateNumber),
    index("invoices_order_idx").on(t.orderNo, t.id),
    index("invoices_period_idx").on(t.period, t.id),
    index("invoices_open_idx").on(t.status).where(sql`${t.status} = 'pending'`),
    check("invoices_amount_positive", sql`${t.amount} > 0`),
  ],
);

/**
 * What was given back on an invoiced order, one row per cause (a cancellation, a refund, a partial
 * refund, or staff by hand): it becomes the void of the whole invoice or an allowance (折讓) when
 * the provider is asked.
 */
export const invoiceChanges = pgTable(
  "invoice_changes",
  {
    id: serial("id").primaryKey(),
    invoiceId: integer("invoice_id").notNull(),
    /** 1, 2, … per invoice, the order they are sent in. */
    seq: integer("seq").notNull(),
    /**
     * auto: everything the buyer kept went back — void when still in the invoice's period and nothing
     * was allowed before, else an allowance of the rest; void / allowance: that, whatever else.
     */
    mode: text("mode", { enum: ["auto", "void", "allowance"] }).notNull(),
    /** Everything left went back (cancelled or fully refunded). */
    whole: boolean("whole").notNull(),
    amount: integer("amount").notNull(),
    lines: jsonb("lines").$type<InvoiceLineRow[]>().notNull(),
    reason: text("reason").notNull(),
    /** One change per cause: `order:<no>:refund:<seq>` or `staff:…`. */
    ref: text("ref").notNull(),
    status: text("status", { enum: ["pending", "done"] }).notNull(),
    outcome: text("outcome", { enum: ["allowance", "void", "none"] }),
    allowanceNo: text("allowance_no"),
    allowanceDate: text("allowance_date"),
    /** A call went out and its answer was not recorded: which (a void or an allowance), and when. */
    attempt: text("attempt", { enum: ["void", "allowance"] }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("invoice_changes_seq_key").on(t.invoiceId, t.seq),
    uniqueIndex("invoice_changes_ref_key").on(t.ref),
    index("invoice_changes_pending_idx").on(t.invoiceId).where(sql`${t.status} = 'pending'`),
    check("invoice_changes_amount_bounds", sql`${t.amount} >= 0`),
  ],
);
