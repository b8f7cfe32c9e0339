import type { StaffInvoice } from "@shop/contract/admin";
import { formatMoney } from "@shop/contract/format";
import type { EInvoiceStatus } from "@shop/contract/invoice";
import { E_INVOICE_STATUS_LABELS, formatInvoiceNo, invoiceText } from "@shop/contract/invoice";
import { and, count, desc, eq, gte, ilike, inArray, isNotNull, lt, or, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { invoiceChanges, invoices } from "../../db/schema/index.js";
import { csvDocument } from "../../lib/csv.js";
import { notFound } from "../../lib/errors.js";
import { likeEscape } from "../../lib/like.js";
import { periodRange } from "./lines.js";
import type { Invoice, InvoiceChange, Invoices } from "./service.js";
import { LOST_ALLOWANCE } from "./sync.js";

export interface InvoiceFilter {
  period?: string;
  status?: EInvoiceStatus;
  attention?: "1";
  q?: string;
}

/** What the back office's invoice reads and staff actions work with (admin.ts builds it). */
export interface InvoiceAdminDeps {
  db: Db;
  invoices: Invoices;
  enqueue: (q: Db | Tx, invoiceId: number, why: string) => Promise<unknown>;
  now: () => Date;
}

function waitingText(inv: Invoice, pending: InvoiceChange[]) {
  if (inv.status === "pending") return "待開立";
  if (pending.length === 0) return "";
  const sum = pending.reduce((s, c) => s + c.amount, 0);
  return pending.some((c) => c.mode !== "allowance") ? `待作廢或折讓 ${formatMoney(sum)}` : `待折讓 ${formatMoney(sum)}`;
}

function view(deps: Pick<InvoiceAdminDeps, "invoices">, inv: Invoice, changes: InvoiceChange[], latest: boolean): StaffInvoice {
  const { allowed, pending, left } = deps.invoices.totals(inv, changes);
  const issued = inv.status === "issued";
  const cancelledSale = changes.some((c) => c.mode === "auto" && c.whole);
  return {
    id: inv.id,
    order_no: inv.orderNo,
    relate_number: inv.relateNumber,
    status: inv.status,
    status_label: E_INVOICE_STATUS_LABELS[inv.status as EInvoiceStatus],
    invoice_no: inv.invoiceNo,
    invoice_date: inv.issuedAt?.toISOString() ?? null,
    random_number: inv.randomNumber,
    buyer: invoiceText(inv.buyer),
    tax_id: inv.buyer.tax_id ?? "",
    amount: inv.amount,
    allowance_total: allowed,
    allowances: changes.map((c) => ({
      seq: c.seq,
      amount: c.amount,
      status: c.status,
      outcome: c.outcome,
      allowance_no: c.allowanceNo,
      reason: c.reason,
      created_at: c.createdAt.toISOString(),
    })),
    waiting: waitingText(inv, pending),
    parked: inv.parkedAt !== null,
    last_error: inv.lastError,
    created_at: inv.createdAt.toISOString(),
    can_retry: inv.parkedAt !== null || (waitingText(inv, pending) !== "" && inv.lastError !== ""),
    can_void: issued && pending.length === 0 && allowed === 0,
    can_allow: issued && left > 0,
    can_reissue:
      inv.status === "voided" && latest && !cancelledSale && !changes.some((c) => c.outcome === "none" && c.amount > 0),
    can_confirm_allowance: inv.lastError === LOST_ALLOWANCE && pending.some((c) => c.attempt === "allowance"),
  };
}

async function views(deps: Pick<InvoiceAdminDeps, "db" | "invoices">, rows: Invoice[]): Promise<StaffInvoice[]> {
  if (rows.length === 0) return [];
  const changes = await deps.db
    .select()
    .from(invoiceChanges)
    .where(
      inArray(
        invoiceChanges.invoiceId,
        rows.map((r) => r.id),
      ),
    );
  const newest = await deps.db
    .select({ id: invoices.id, orderNo: invoices.orderNo })
    .from(invoices)
    .where(inArray(invoices.orderNo, [...new Set(rows.map((r) => r.orderNo))]))
    .orderBy(desc(invoices.id));
  const latestId = new Map<string, number>();
  for (const n of newest) if (!latestId.has(n.orderNo)) latestId.set(n.orderNo, n.id);
  return rows.map((r) =>
    view(
      deps,
      r,
      changes.filter((c) => c.invoiceId === r.id).sort((a, b) => a.seq - b.seq),
      latestId.get(r.orderNo) === r.id,
    ),
  );
}

function where(f: InvoiceFilter): SQL | undefined {
  const q = f.q ? `%${likeEscape(f.q)}%` : undefined;
  return and(
    f.period ? eq(invoices.period, f.period) : undefined,
    f.status ? eq(invoices.status, f.status) : undefined,
    f.attention ? isNotNull(invoices.parkedAt) : undefined,
    q ? or(ilike(invoices.orderNo, q), ilike(invoices.invoiceNo, q)) : undefined,
  );
}

/** One invoice as staff see it. */
export async function oneInvoice(deps: Pick<InvoiceAdminDeps, "db" | "invoices">, id: number) {
  const inv = await deps.invoices.get(id);
  if (!inv) throw notFound("INVOICE_NOT_FOUND", "找不到此發票");
  return (await views(deps, [inv]))[0] as StaffInvoice;
}

/** The back office's invoice list, newest first. */
export async function listInvoices(deps: InvoiceAdminDeps, f: InvoiceFilter, page: number, perPage: number) {
  const w = where(f);
  const [total] = await deps.db.select({ n: count() }).from(invoices).where(w);
  const rows = await deps.db
    .select()
    .from(invoices)
    .where(w)
    .orderBy(desc(invoices.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { total: total?.n ?? 0, items: await views(deps, rows) };
}

/**
 * The period's invoices and allowances for the accountant: invoices by the period they were issued
 * in, allowances by the period they were made in (a March allowance on a January invoice is
 * March's), each with its date.
 */
export async function invoicesCsv(deps: InvoiceAdminDeps, period: string) {
  const { db } = deps;
  const rows = await db.select().from(invoices).where(eq(invoices.period, period)).orderBy(invoices.id);
  const { from, to } = periodRange(period);
  const allowed = await db
    .select({ c: invoiceChanges, inv: invoices })
    .from(invoiceChanges)
    .innerJoin(invoices, eq(invoices.id, invoiceChanges.invoiceId))
    .where(and(eq(invoiceChanges.outcome, "allowance"), gte(invoiceChanges.doneAt, from), lt(invoiceChanges.doneAt, to)))
    .orderBy(invoiceChanges.doneAt);
  const head = ["類別", "發票號碼", "日期", "狀態", "訂單編號", "買方統編", "買方", "發票金額", "折讓單號", "折讓金額", "說明"];
  const date = (d: Date | null) => (d ? d.toLocaleString("sv-SE", { timeZone: "Asia/Taipei" }) : "");
  const no = (inv: Invoice) => (inv.invoiceNo ? formatInvoiceNo(inv.invoiceNo) : "");
  const waiting = new Map((await views(deps, rows)).map((v) => [v.id, v.waiting]));
  return csvDocument(head, [
    ...rows.map((inv) => [
      "發票",
      no(inv),
      date(inv.issuedAt),
      E_INVOICE_STATUS_LABELS[inv.status as EInvoiceStatus],
      inv.orderNo,
      inv.buyer.tax_id ?? "",
      invoiceText(inv.buyer),
      inv.amount,
      "",
      "",
      waiting.get(inv.id) ?? "",
    ]),
    ...allowed.map(({ c, inv }) => [
      "折讓",
      no(inv),
      date(c.doneAt),
      "",
      inv.orderNo,
      inv.buyer.tax_id ?? "",
      invoiceText(inv.buyer),
      "",
      c.allowanceNo ?? "",
      c.amount,
      c.reason,
    ]),
  ]);
}
