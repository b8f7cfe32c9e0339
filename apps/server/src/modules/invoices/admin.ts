import type { StaffInvoice } from "@shop/contract/admin";
import { formatMoney } from "@shop/contract/format";
import type { EInvoiceStatus, Invoice as InvoiceChoice } from "@shop/contract/invoice";
import { E_INVOICE_STATUS_LABELS, formatInvoiceNo, invoiceText } from "@shop/contract/invoice";
import { and, count, desc, eq, gte, ilike, inArray, isNotNull, lt, or, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { invoiceChanges, invoices } from "../../db/schema/index.js";
import { csvDocument } from "../../lib/csv.js";
import { conflict, notFound, unprocessable } from "../../lib/errors.js";
import { likeEscape } from "../../lib/like.js";
import { periodOf, periodRange } from "./lines.js";
import type { Invoice, InvoiceChange, Invoices } from "./service.js";
import { LOST_ALLOWANCE } from "./sync.js";

export interface InvoiceFilter {
  period?: string;
  status?: EInvoiceStatus;
  attention?: "1";
  q?: string;
}

/** Records a staff action in the audit log, inside its transaction. */
type Audit = (tx: Tx, change: { action: string; entityId: number; before?: unknown; after?: unknown }) => Promise<unknown>;

/**
 * The back office's side of e-invoices (decision 57): the list per period, the accountant's CSV,
 * and what staff do by hand — 重開 (try the waiting work again, the buyer's choice corrected if it
 * was refused), 作廢, 折讓, and issuing a voided sale again.
 */
export function createInvoiceAdmin(deps: {
  db: Db;
  invoices: Invoices;
  enqueue: (q: Db | Tx, invoiceId: number, why: string) => Promise<unknown>;
  now: () => Date;
}) {
  const { db, invoices: records } = deps;

  function waitingText(inv: Invoice, pending: InvoiceChange[]) {
    if (inv.status === "pending") return "待開立";
    if (pending.length === 0) return "";
    const sum = pending.reduce((s, c) => s + c.amount, 0);
    return pending.some((c) => c.mode !== "allowance") ? `待作廢或折讓 ${formatMoney(sum)}` : `待折讓 ${formatMoney(sum)}`;
  }

  function view(inv: Invoice, changes: InvoiceChange[], latest: boolean): StaffInvoice {
    const { allowed, pending, left } = records.totals(inv, changes);
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

  async function views(rows: Invoice[]): Promise<StaffInvoice[]> {
    if (rows.length === 0) return [];
    const changes = await db
      .select()
      .from(invoiceChanges)
      .where(
        inArray(
          invoiceChanges.invoiceId,
          rows.map((r) => r.id),
        ),
      );
    const newest = await db
      .select({ id: invoices.id, orderNo: invoices.orderNo })
      .from(invoices)
      .where(inArray(invoices.orderNo, [...new Set(rows.map((r) => r.orderNo))]))
      .orderBy(desc(invoices.id));
    const latestId = new Map<string, number>();
    for (const n of newest) if (!latestId.has(n.orderNo)) latestId.set(n.orderNo, n.id);
    return rows.map((r) =>
      view(
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

  /** An invoice locked for a staff change, with its changes. */
  async function locked(tx: Tx, id: number) {
    const [inv] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
    if (!inv) throw notFound("INVOICE_NOT_FOUND", "找不到此發票");
    return { inv, changes: await records.changesOf(tx, id) };
  }

  async function one(id: number) {
    const inv = await records.get(id);
    if (!inv) throw notFound("INVOICE_NOT_FOUND", "找不到此發票");
    return (await views([inv]))[0] as StaffInvoice;
  }

  return {
    one,
    async list(f: InvoiceFilter, page: number, perPage: number) {
      const w = where(f);
      const [total] = await db.select({ n: count() }).from(invoices).where(w);
      const rows = await db
        .select()
        .from(invoices)
        .where(w)
        .orderBy(desc(invoices.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { total: total?.n ?? 0, items: await views(rows) };
    },

    /**
     * The period's invoices and allowances for the accountant: invoices by the period they were issued
     * in, allowances by the period they were made in (a March allowance on a January invoice is
     * March's), each with its date.
     */
    async csv(period: string) {
      const rows = await db.select().from(invoices).where(eq(invoices.period, period)).orderBy(invoices.id);
      const { from, to } = periodRange(period);
      const allowed = await db
        .select({ c: invoiceChanges, inv: invoices })
        .from(invoiceChanges)
        .innerJoin(invoices, eq(invoices.id, invoiceChanges.invoiceId))
        .where(and(eq(invoiceChanges.outcome, "allowance"), gte(invoiceChanges.doneAt, from), lt(invoiceChanges.doneAt, to)))
        .orderBy(invoiceChanges.doneAt);
      const head = [
        "類別",
        "發票號碼",
        "日期",
        "狀態",
        "訂單編號",
        "買方統編",
        "買方",
        "發票金額",
        "折讓單號",
        "折讓金額",
        "說明",
      ];
      const date = (d: Date | null) => (d ? d.toLocaleString("sv-SE", { timeZone: "Asia/Taipei" }) : "");
      const no = (inv: Invoice) => (inv.invoiceNo ? formatInvoiceNo(inv.invoiceNo) : "");
      const waiting = new Map((await views(rows)).map((v) => [v.id, v.waiting]));
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
    },

    /**
     * 重開: the waiting work is tried again — parked, or stopped with an error and nobody on it. Before
     * issue the buyer's choice may be corrected; after a lost allowance, staff found it did not happen.
     */
    async retry(id: number, reason: string, choice: InvoiceChoice | undefined, audit: Audit) {
      await db.transaction(async (tx) => {
        const { inv, changes } = await locked(tx, id);
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
      return one(id);
    },

    /** 確認已折讓: staff found in ECPay's back office that the allowance whose answer was lost happened. */
    async confirmAllowance(id: number, allowanceNo: string, reason: string, audit: Audit) {
      await db.transaction(async (tx) => {
        const { inv, changes } = await locked(tx, id);
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
      return one(id);
    },

    /** 作廢 by hand (a wrong invoice): the whole invoice, whatever the period — the provider may refuse. */
    async voidByHand(id: number, reason: string, audit: Audit) {
      await db.transaction(async (tx) => {
        const { inv, changes } = await locked(tx, id);
        const { allowed, pending } = records.totals(inv, changes);
        if (inv.status !== "issued") throw conflict("INVOICE_NOT_ISSUED", "只有已開立的發票可以作廢");
        if (pending.length > 0 || allowed > 0) throw conflict("INVOICE_HAS_ALLOWANCES", "此發票已有折讓或待處理作業，無法作廢");
        await records.addChange(tx, id, {
          mode: "void",
          whole: true,
          amount: 0,
          lines: [],
          reason,
          ref: `staff:void:${id}:${changes.length + 1}`,
        });
        await audit(tx, { action: "invoice.void", entityId: id, after: { reason } });
      });
      return one(id);
    },

    /** 折讓 by hand: part of the invoice off, beyond what refunds gave back. */
    async allowByHand(id: number, amount: number, reason: string, audit: Audit) {
      await db.transaction(async (tx) => {
        const { inv, changes } = await locked(tx, id);
        if (inv.status !== "issued") throw conflict("INVOICE_NOT_ISSUED", "只有已開立的發票可以折讓");
        const { left } = records.totals(inv, changes);
        if (amount > left) throw unprocessable("ALLOWANCE_EXCEEDS_INVOICE", `折讓金額最多 ${formatMoney(left)}`);
        await records.addChange(tx, id, {
          mode: "allowance",
          whole: false,
          amount,
          lines: [{ name: `折讓 ${reason}`.slice(0, 100), count: 1, word: "式", price: amount, amount }],
          reason,
          ref: `staff:allowance:${id}:${changes.length + 1}`,
        });
        await audit(tx, { action: "invoice.allowance", entityId: id, after: { amount, reason } });
      });
      return one(id);
    },

    /** A sale whose invoice staff voided by hand is issued again, under a new RelateNumber. */
    async reissue(id: number, reason: string, audit: Audit) {
      const created = await db.transaction(async (tx) => {
        const { inv, changes } = await locked(tx, id);
        const latest = await records.latestFor(tx, inv.orderNo);
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
      return one(created.id);
    },
  };
}
