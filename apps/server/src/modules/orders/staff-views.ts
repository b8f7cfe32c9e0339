import type { Address, CvsStore, OrderStatus, OrderSummary } from "@shop/contract";
import { PAYMENT_METHOD_LABELS } from "@shop/contract";
import { invoiceText } from "@shop/contract/invoice";
import { and, count, desc, eq, gte, inArray, lt, or, sql, sum } from "drizzle-orm";
import { orderLines, orders, payments } from "../../db/schema/index.js";
import { byOrder, orderDetail, shipName, summaries, type ViewDeps } from "./buyer-views.js";
import { PREORDER_WAITING } from "./preorders.js";
import { orderKeyword } from "./queries.js";
import { REFUNDABLE, STAFF_CANCELLABLE, shipsUnpaid } from "./state.js";
import type { Order } from "./types.js";

export interface StaffOrderFilter {
  status?: OrderStatus;
  queue?: "to_ship" | "transfer_reported" | "preorder_waiting";
  shop_id?: number;
  payment_method?: Order["paymentMethod"];
  from?: string;
  to?: string;
  q?: string;
}

/** The back office's filters: state, shop, payment, Taipei dates, and order no / phone / name. */
function staffWhere(f: StaffOrderFilter) {
  const q = f.q;
  return and(
    f.status ? eq(orders.status, f.status) : undefined,
    // 待出貨: paid or in preparation, and cash on delivery not yet shipped (it ships unpaid);
    // a pre-order still waiting for stock is not shippable (decision 96).
    f.queue === "to_ship"
      ? and(
          or(
            inArray(orders.status, ["paid", "processing"]),
            and(eq(orders.status, "pending_payment"), eq(orders.paymentMethod, "cod")),
          ),
          sql`${orders.preorderState} is distinct from 'waiting'`,
        )
      : undefined,
    // 預購待出貨: pre-orders waiting for stock, paid or not yet (decision 96).
    f.queue === "preorder_waiting" ? and(PREORDER_WAITING, inArray(orders.status, ["pending_payment", "paid"])) : undefined,
    // 已回報匯款: unpaid transfers whose buyer reported the payment (what the dashboard counts).
    f.queue === "transfer_reported"
      ? and(
          eq(orders.status, "pending_payment"),
          eq(orders.paymentMethod, "transfer"),
          sql`exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.method} = 'transfer' and ${payments.report} is not null)`,
        )
      : undefined,
    f.shop_id ? eq(orders.shopId, f.shop_id) : undefined,
    f.payment_method ? eq(orders.paymentMethod, f.payment_method) : undefined,
    f.from ? gte(orders.createdAt, new Date(`${f.from}T00:00:00+08:00`)) : undefined,
    f.to ? lt(orders.createdAt, new Date(new Date(`${f.to}T00:00:00+08:00`).getTime() + 86_400_000)) : undefined,
    orderKeyword(q),
  );
}

type TransferReport = { last5: string; amount: number; paid_at: string };

const staffRow = (o: Order, s: OrderSummary, report: TransferReport | null) => ({
  ...s,
  id: o.orderNo,
  shop_id: o.shopId,
  member_id: o.memberId,
  receiver_name: o.receiverName,
  receiver_phone: o.receiverPhone,
  email: o.email,
  ship_method_name: shipName(o),
  payment_method_name: PAYMENT_METHOD_LABELS[o.paymentMethod],
  tracking_no: o.trackingNo,
  transfer_report: report,
});

/** The transfer reports of these orders, by order id (one read for a page of the list). */
async function reportsOf(deps: ViewDeps, rows: Order[]) {
  const transfers = rows.filter((o) => o.paymentMethod === "transfer").map((o) => o.id);
  const found = transfers.length
    ? await deps.db
        .select({ orderId: payments.orderId, report: payments.report })
        .from(payments)
        .where(and(inArray(payments.orderId, transfers), eq(payments.method, "transfer"), sql`${payments.report} is not null`))
    : [];
  return new Map(found.map((p) => [p.orderId, p.report as TransferReport]));
}

/** A page of the back office's order list. */
export async function staffList(deps: ViewDeps, f: StaffOrderFilter, page: number, perPage: number) {
  const { rows, total } = await deps.orders.pageOf(staffWhere(f), page, perPage, f.queue === "preorder_waiting");
  const [list, reports] = await Promise.all([summaries(deps, rows), reportsOf(deps, rows)]);
  return { total, items: rows.map((o, i) => staffRow(o, list[i] as OrderSummary, reports.get(o.id) ?? null)) };
}

/**
 * Orders the CSV export reads at a time: one batch's rows and lines are all it holds. Small, so a
 * batch dies young: at 1,000 each batch outlived a collection and old space piled up (RSS +256–274 MB
 * over 200,000 orders); at 250 +63–67 MB; at 100 +14 MB, and faster (bench/export-memory.ts, issue 51).
 */
const EXPORT_BATCH = 100;

/**
 * Every matching order for the CSV export, newest first, a batch at a time: each batch seeks past
 * the last id of the one before (no offset, no cap), so 2,000,000 orders stream in the memory of
 * 100 (issue 51).
 */
export async function* staffExport(deps: ViewDeps, f: StaffOrderFilter, batch = EXPORT_BATCH) {
  const { db } = deps;
  let before: number | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(orders)
      .where(and(staffWhere(f), before === undefined ? undefined : lt(orders.id, before)))
      .orderBy(desc(orders.id))
      .limit(batch);
    if (rows.length === 0) return;
    yield await exportRows(deps, rows);
    if (rows.length < batch) return;
    before = rows[rows.length - 1]?.id;
  }
}

/** One batch of export rows: its summaries, transfer reports and every line, read once each. */
async function exportRows(deps: ViewDeps, rows: Order[]) {
  const [list, reports, lines] = await Promise.all([
    summaries(deps, rows),
    reportsOf(deps, rows),
    deps.db
      .select()
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderId,
          rows.map((o) => o.id),
        ),
      )
      .orderBy(orderLines.id),
  ]);
  const linesOf = byOrder(lines);
  return rows.map((o, i) => {
    const a = o.address as Address | null;
    const store = o.cvsStore as CvsStore | null;
    return {
      ...staffRow(o, list[i] as OrderSummary, reports.get(o.id) ?? null),
      address_text: store
        ? `${store.name}（${store.id}）${store.address}`
        : a
          ? `${a.zip} ${a.county}${a.district}${a.line}`
          : "",
      items_text: (linesOf.get(o.id) ?? []).map((l) => `${l.name}（${l.variantName}）× ${l.qty}`).join("；"),
      invoice_text: invoiceText(o.invoice as Record<string, string>),
    };
  });
}

/** An order as staff read it: the buyer's view, its payments, refunds and what staff may do. */
export async function staffDetail(deps: ViewDeps, orderNo: string) {
  const o = await deps.orders.byNo(orderNo);
  if (!o) return undefined;
  const [view, pays, refunds, lines, cvs] = await Promise.all([
    orderDetail(deps, o),
    deps.payments.paymentsOf(o.id),
    deps.orders.refundsOf(o.id),
    deps.orders.linesOf(o.id),
    deps.logistics.cvsShipment(o.orderNo),
  ]);
  const report = (pays.find((p) => p.method === "transfer")?.report ?? null) as TransferReport | null;
  return {
    ...view,
    ...staffRow(o, view, report),
    // Cash on delivery can be marked collected until the parcel is delivered (which collects it).
    can_confirm_payment:
      (o.status === "pending_payment" && (o.paymentMethod === "transfer" || o.paymentMethod === "cod")) ||
      (o.paymentMethod === "cod" &&
        (o.status === "processing" || o.status === "shipped") &&
        pays.some((p) => p.method === "cod" && p.status === "pending")),
    can_ship:
      (o.status === "paid" || o.status === "processing" || shipsUnpaid(o)) && o.shipMethod !== "self" && o.shipMethod !== "depot",
    can_staff_cancel: STAFF_CANCELLABLE.includes(o.status),
    can_deliver: o.status === "shipped",
    can_complete: o.status === "delivered",
    can_refund: REFUNDABLE.includes(o.status),
    delivered_at: o.deliveredAt?.toISOString() ?? null,
    cvs_shipment: cvs && {
      status: cvs.status,
      logistics_id: cvs.logisticsId,
      payment_no: cvs.paymentNo,
      validation_no: cvs.validationNo,
      sub_type: cvs.subType,
      booking_note: cvs.bookingNote,
      last_code: cvs.lastCode,
      error: cvs.error,
    },
    refundable_amount: REFUNDABLE.includes(o.status)
      ? await deps.returns.refundable(
          o.id,
          lines.filter((l) => l.qty > l.refundedQty).map((l) => ({ variantId: l.variantId, qty: l.qty - l.refundedQty })),
        )
      : null,
    /** What may still be refunded, line by line (a partial refund picks from these). */
    refundable: lines.map((l) => ({
      variant_id: l.variantId,
      name: `${l.name}（${l.variantName}）`,
      qty: l.qty - l.refundedQty,
    })),
    refunds: refunds.map((r) => ({
      seq: r.seq,
      kind: r.kind,
      money: r.money,
      wallet: r.wallet,
      points: r.points,
      reason: r.reason,
      at: r.createdAt.toISOString(),
    })),
  };
}

/** Today's figures (Asia/Taipei) and a daily sales series for the dashboard. */
export async function dashboard(deps: ViewDeps, now: Date, days: number) {
  const { db } = deps;
  const dayOf = sql<string>`to_char(${orders.createdAt} at time zone 'Asia/Taipei', 'YYYY-MM-DD')`;
  const taipeiToday = new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  const since = new Date(new Date(`${taipeiToday}T00:00:00+08:00`).getTime() - (days - 1) * 86_400_000);
  const counted = sql`${orders.status} not in ('cancelled', 'pending_payment')`;
  const series = await db
    .select({ day: dayOf, orders: count(), sales: sum(orders.orderAmount) })
    .from(orders)
    .where(and(gte(orders.createdAt, since), counted))
    .groupBy(dayOf)
    .orderBy(dayOf);
  const waiting = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(inArray(orders.status, ["pending_payment", "paid", "processing"]))
    .groupBy(orders.status);
  // Cash on delivery waits for shipping, not for a payment.
  const [codWaiting] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.status, "pending_payment"), eq(orders.paymentMethod, "cod")));
  const reported = await db
    .select({ n: count() })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(orders.status, "pending_payment"), eq(payments.method, "transfer"), sql`${payments.report} is not null`));
  const byDay = new Map(series.map((r) => [r.day, { orders: r.orders, sales: Number(r.sales ?? 0) }]));
  const out: Array<{ day: string; orders: number; sales: number }> = [];
  for (let i = 0; i < days; i++) {
    const day = new Date(since.getTime() + i * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
    out.push({ day, ...(byDay.get(day) ?? { orders: 0, sales: 0 }) });
  }
  const today = out.at(-1) ?? { orders: 0, sales: 0 };
  const w = Object.fromEntries(waiting.map((r) => [r.status, r.n]));
  return {
    today_orders: today.orders,
    today_sales: today.sales,
    waiting: {
      transfer_reported: reported[0]?.n ?? 0,
      pending_payment: (w.pending_payment ?? 0) - (codWaiting?.n ?? 0),
      to_ship: (w.paid ?? 0) + (w.processing ?? 0) + (codWaiting?.n ?? 0),
    },
    series: out,
  };
}
