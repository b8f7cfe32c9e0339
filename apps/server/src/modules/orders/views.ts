import type { Address, CvsStore, OrderStatus, OrderSummary, OrderView, Paged, ShipMethodCode } from "@shop/contract";
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from "@shop/contract";
import { invoiceText } from "@shop/contract/invoice";
import type { EInvoiceView } from "@shop/contract/order";
import { and, count, desc, eq, gte, inArray, lt, or, sql, sum } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { orderLines, orders, payments } from "../../db/schema/index.js";
import type { LogisticsService } from "../logistics/service.js";
import type { Payments } from "./payments.js";
import { type OrderQueries, orderKeyword } from "./queries.js";
import type { Returns } from "./returns.js";
import type { Order } from "./service.js";
import { BUYER_CANCELLABLE, REFUNDABLE, STAFF_CANCELLABLE, shipsUnpaid } from "./state.js";

const SHIP_NAMES: Record<ShipMethodCode, string> = {
  hct: "新竹物流宅配",
  cvs_711: "7-ELEVEN 超商取貨",
  cvs_family: "全家超商取貨",
  cvs_hilife: "萊爾富超商取貨",
  cvs_ok: "OK 超商取貨",
  depot: "雲端庫存（暫不出貨）",
  self: "賣家自行配送",
};

/** The ship method, with the seller's carrier for their own delivery. */
export const shipName = (o: Order) => (o.carrier ? `${SHIP_NAMES.self}（${o.carrier}）` : SHIP_NAMES[o.shipMethod]);

/** Orders as the buyer reads them (lists, details, tracking). */
export function createOrderViews(
  db: Db,
  orders_: OrderQueries,
  payments_: Payments,
  logistics: LogisticsService,
  /** The latest return request and the appraisal period in days (returns.ts); the order's e-invoice. */
  returns: {
    latestFor: Returns["latestFor"];
    appraisalDays: () => Promise<number>;
    invoiceOf: (orderNo: string) => Promise<EInvoiceView | null>;
    now: () => Date;
  },
) {
  function summary(o: Order, lines: Array<{ name: string; image: string; qty: number }>): OrderSummary {
    return {
      order_no: o.orderNo,
      status: o.status,
      status_label: ORDER_STATUS_LABELS[o.status],
      created_at: o.createdAt.toISOString(),
      order_amount: o.orderAmount,
      payable: o.payable,
      payment_method: o.paymentMethod,
      ship_method: o.shipMethod,
      item_count: lines.reduce((s, l) => s + l.qty, 0),
      first_item: lines[0] ? { name: lines[0].name, image: lines[0].image } : null,
    };
  }

  /** Summaries of a page of orders, their lines read in one query. */
  async function summaries(rows: Order[]): Promise<OrderSummary[]> {
    const lines = rows.length
      ? await db
          .select()
          .from(orderLines)
          .where(
            inArray(
              orderLines.orderId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(orderLines.id)
      : [];
    return rows.map((o) =>
      summary(
        o,
        lines.filter((l) => l.orderId === o.id),
      ),
    );
  }

  /** The back office's filters: state, shop, payment, Taipei dates, and order no / phone / name. */
  function staffWhere(f: StaffOrderFilter) {
    const q = f.q;
    return and(
      f.status ? eq(orders.status, f.status) : undefined,
      // 待出貨: paid or in preparation, and cash on delivery not yet shipped (it ships unpaid).
      f.queue === "to_ship"
        ? or(
            inArray(orders.status, ["paid", "processing"]),
            and(eq(orders.status, "pending_payment"), eq(orders.paymentMethod, "cod")),
          )
        : undefined,
      f.shop_id ? eq(orders.shopId, f.shop_id) : undefined,
      f.payment_method ? eq(orders.paymentMethod, f.payment_method) : undefined,
      f.from ? gte(orders.createdAt, new Date(`${f.from}T00:00:00+08:00`)) : undefined,
      f.to ? lt(orders.createdAt, new Date(new Date(`${f.to}T00:00:00+08:00`).getTime() + 86_400_000)) : undefined,
      orderKeyword(q),
    );
  }
  const staffRow = (o: Order, s: OrderSummary) => ({
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
  });

  return {
    summaries,
    async staffList(f: StaffOrderFilter, page: number, perPage: number) {
      const { rows, total } = await orders_.pageOf(staffWhere(f), page, perPage);
      const list = await summaries(rows);
      return { total, items: rows.map((o, i) => staffRow(o, list[i] as OrderSummary)) };
    },
    /** Every matching order for the CSV export, at most 10,000 (newest first). */
    async staffExport(f: StaffOrderFilter) {
      const rows = await db.select().from(orders).where(staffWhere(f)).orderBy(desc(orders.id)).limit(10_000);
      const list = await summaries(rows);
      // Every line of every order, read once, for the 品項 column.
      const lines = rows.length
        ? await db
            .select()
            .from(orderLines)
            .where(
              inArray(
                orderLines.orderId,
                rows.map((o) => o.id),
              ),
            )
            .orderBy(orderLines.id)
        : [];
      return rows.map((o, i) => {
        const a = o.address as Address | null;
        const store = o.cvsStore as CvsStore | null;
        return {
          ...staffRow(o, list[i] as OrderSummary),
          address_text: store
            ? `${store.name}（${store.id}）${store.address}`
            : a
              ? `${a.zip} ${a.county}${a.district}${a.line}`
              : "",
          items_text: lines
            .filter((l) => l.orderId === o.id)
            .map((l) => `${l.name}（${l.variantName}）× ${l.qty}`)
            .join("；"),
          invoice_text: invoiceText(o.invoice as Record<string, string>),
        };
      });
    },
    async staffDetail(orderNo: string) {
      const o = await orders_.byNo(orderNo);
      if (!o) return undefined;
      const [view, pays, refunds, lines, cvs] = await Promise.all([
        this.detail(o),
        payments_.paymentsOf(o.id),
        orders_.refundsOf(o.id),
        orders_.linesOf(o.id),
        logistics.cvsShipment(o.orderNo),
      ]);
      const report = pays.find((p) => p.method === "transfer")?.report ?? null;
      return {
        ...view,
        ...staffRow(o, view),
        transfer_report: report as { last5: string; amount: number; paid_at: string } | null,
        // Cash on delivery can be marked collected until the parcel is delivered (which collects it).
        can_confirm_payment:
          (o.status === "pending_payment" && (o.paymentMethod === "transfer" || o.paymentMethod === "cod")) ||
          (o.paymentMethod === "cod" &&
            (o.status === "processing" || o.status === "shipped") &&
            pays.some((p) => p.method === "cod" && p.status === "pending")),
        can_ship:
          (o.status === "paid" || o.status === "processing" || shipsUnpaid(o)) &&
          o.shipMethod !== "self" &&
          o.shipMethod !== "depot",
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
          error: cvs.error,
        },
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
    },
    /** Today's figures (Asia/Taipei) and a daily sales series for the dashboard. */
    async dashboard(now: Date, days: number) {
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
    },
    async list(memberId: number, status: OrderStatus | undefined, page: number, perPage: number): Promise<Paged<OrderSummary>> {
      const { rows, total } = await orders_.listForMember(memberId, status, page, perPage);
      return { list: await summaries(rows), total, page, per_page: perPage };
    },

    async detail(o: Order): Promise<OrderView> {
      const [lines, pays, events, returnRequest, days, eInvoice] = await Promise.all([
        orders_.linesOf(o.id),
        payments_.paymentsOf(o.id),
        orders_.eventsOf(o.id),
        returns.latestFor(o.id),
        returns.appraisalDays(),
        returns.invoiceOf(o.orderNo),
      ]);
      const returnOpen = returnRequest !== null && ["requested", "approved", "received"].includes(returnRequest.status);
      const inAppraisal = o.deliveredAt !== null && o.deliveredAt.getTime() + days * 86_400_000 >= returns.now().getTime();
      const last = pays.at(-1);
      const paid = pays.find((p) => p.status === "paid");
      const shown = paid ?? last;
      const transferPayment = pays.find((p) => p.method === "transfer");
      const pending = o.status === "pending_payment";
      return {
        ...summary(o, lines),
        shop_id: o.shopId,
        lines: lines.map((l) => ({
          variant_id: l.variantId,
          product_id: l.productId,
          name: l.name,
          variant_name: l.variantName,
          image: l.image,
          price: l.price,
          qty: l.qty,
          subtotal: l.price * l.qty,
        })),
        goods_amount: o.goodsAmount,
        discounts: o.discounts,
        discount_total: o.discountTotal,
        shipping_fee: o.shippingFee,
        points_used: o.pointsUsed,
        wallet_used: o.walletUsed,
        ship_method_name: shipName(o),
        payment_method_name: PAYMENT_METHOD_LABELS[o.paymentMethod],
        receiver: { name: o.receiverName, phone: o.receiverPhone },
        address: (o.address as Address | null) ?? null,
        cvs_store: (o.cvsStore as CvsStore | null) ?? null,
        invoice: o.invoice,
        e_invoice: eInvoice,
        note: o.note,
        pay_by: o.payBy?.toISOString() ?? null,
        paid_at: o.paidAt?.toISOString() ?? null,
        tracking_no: o.trackingNo,
        payment: shown
          ? {
              status: shown.status,
              message: shown.message,
              card_last4: /末四碼 (\d{4})/.exec(shown.message)?.[1] ?? null,
              transfer_reported: Boolean(transferPayment?.report),
            }
          : null,
        transfer: o.paymentMethod === "transfer" ? await payments_.transferAccount(o.shopId) : null,
        history: events.map((e) => ({
          from_status: (e.fromStatus as OrderStatus | null) ?? null,
          to_status: e.toStatus as OrderStatus,
          label: ORDER_STATUS_LABELS[e.toStatus as OrderStatus],
          reason: e.reason,
          at: e.createdAt.toISOString(),
        })),
        can_cancel: BUYER_CANCELLABLE.includes(o.status) && !(o.memberId === null && !pending && o.paymentMethod !== "card"),
        can_repay: pending && o.paymentMethod === "card" && payments_.cardOffered() && !pays.some((p) => p.status === "charging"),
        can_report_transfer: pending && o.paymentMethod === "transfer",
        masked: false,
        card: payments_.cardConfig(),
        can_request_return:
          o.memberId !== null &&
          o.status === "delivered" &&
          inAppraisal &&
          !returnOpen &&
          lines.some((l) => l.qty > l.refundedQty),
        return_request: returnRequest,
      };
    },

    async tracking(o: Order) {
      const events = await logistics.events(o.orderNo);
      return {
        order_no: o.orderNo,
        tracking_no: o.trackingNo,
        carrier: shipName(o),
        status: o.status,
        status_label: ORDER_STATUS_LABELS[o.status],
        events: events.map((e) => ({ at: e.at.toISOString(), status: e.status, location: e.location })),
      };
    },
  };
}
export type OrderViews = ReturnType<typeof createOrderViews>;
export interface StaffOrderFilter {
  status?: OrderStatus;
  queue?: "to_ship";
  shop_id?: number;
  payment_method?: Order["paymentMethod"];
  from?: string;
  to?: string;
  q?: string;
}
