import { ORDER_STATUS_LABELS, type OrderStatus, PAYMENT_METHOD_LABELS } from "@shop/contract";
import { and, asc, eq, inArray, isNull, lt, ne, notInArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  orderAccessTokens,
  orderEvents,
  orderLines,
  orderRefunds,
  orders,
  payments,
  returnRequests,
} from "../../db/schema/index.js";
import { shipName } from "./views.js";

/** States an order never leaves: nothing more will be shipped, paid, credited or given back by itself. */
const FINAL: OrderStatus[] = ["completed", "cancelled", "refunded"];
/** What a masked name, store or address line reads (the guest view's mark, guest-access.ts). */
const MASK = "○○○";

/**
 * The orders module's part of a member's personal data (decision 78): every order with its lines,
 * history, payments, refunds and return requests for the export; whether any is still open (closing
 * waits for it); and the masking of an order's personal fields — receiver, phone, e-mail, address,
 * pick-up store, mobile barcode, note, the buyer's own words in its history — when the member closes
 * the account or a guest order passes the retention period. The order itself, its lines and amounts
 * stay: they are the shop's sales record (Taiwan's tax law keeps them).
 */
export function createOrderPersonalData(db: Db) {
  /** Masks the orders' personal fields; `buyer` is whose words in the history go ("member:12", "guest"). */
  async function mask(tx: Tx, ids: number[], buyer: string) {
    if (ids.length === 0) return;
    await tx
      .update(orders)
      .set({
        receiverName: MASK,
        receiverPhone: "",
        email: "",
        address: sql`case when ${orders.address} is null then null else jsonb_build_object(
          'zip', ${orders.address}->>'zip', 'county', ${orders.address}->>'county',
          'district', ${orders.address}->>'district', 'line', ${MASK}::text) end`,
        cvsStore: sql`case when ${orders.cvsStore} is null then null else jsonb_build_object(
          'type', ${orders.cvsStore}->>'type', 'id', '', 'name', '○○門市', 'address', ${MASK}::text) end`,
        invoice: sql`case when ${orders.invoice} ? 'carrier' then ${orders.invoice} || jsonb_build_object('carrier', ${MASK}::text) else ${orders.invoice} end`,
        note: "",
      })
      .where(inArray(orders.id, ids));
    await tx
      .update(orderEvents)
      .set({ reason: "" })
      .where(and(inArray(orderEvents.orderId, ids), eq(orderEvents.actor, buyer)));
    await tx.update(returnRequests).set({ note: "", refundAccount: null }).where(inArray(returnRequests.orderId, ids));
    await tx.delete(orderAccessTokens).where(inArray(orderAccessTokens.orderId, ids));
  }

  return {
    /** Every order of the member, oldest first, as the export shows it. */
    async exportOf(memberId: number) {
      const rows = await db.select().from(orders).where(eq(orders.memberId, memberId)).orderBy(asc(orders.id));
      const ids = rows.map((o) => o.id);
      if (ids.length === 0) return [];
      const [lines, events, refunds, pays, returns] = await Promise.all([
        db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
        db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(asc(orderEvents.id)),
        db.select().from(orderRefunds).where(inArray(orderRefunds.orderId, ids)).orderBy(asc(orderRefunds.id)),
        db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(asc(payments.id)),
        db.select().from(returnRequests).where(inArray(returnRequests.orderId, ids)).orderBy(asc(returnRequests.id)),
      ]);
      const of = <T extends { orderId: number }>(list: T[], id: number) => list.filter((r) => r.orderId === id);
      return rows.map((o) => ({
        order_no: o.orderNo,
        shop_id: o.shopId,
        status: ORDER_STATUS_LABELS[o.status],
        ship_method: shipName(o),
        payment_method: PAYMENT_METHOD_LABELS[o.paymentMethod],
        receiver_name: o.receiverName,
        receiver_phone: o.receiverPhone,
        email: o.email,
        address: o.address,
        cvs_store: o.cvsStore,
        invoice: o.invoice,
        note: o.note,
        goods_amount: o.goodsAmount,
        discount_total: o.discountTotal,
        shipping_fee: o.shippingFee,
        order_amount: o.orderAmount,
        points_used: o.pointsUsed,
        wallet_used: o.walletUsed,
        payable: o.payable,
        tracking_no: o.trackingNo,
        created_at: o.createdAt.toISOString(),
        paid_at: o.paidAt?.toISOString() ?? null,
        delivered_at: o.deliveredAt?.toISOString() ?? null,
        completed_at: o.completedAt?.toISOString() ?? null,
        lines: of(lines, o.id).map((l) => ({
          product_id: l.productId,
          name: l.name,
          variant: l.variantName,
          price: l.price,
          qty: l.qty,
          refunded_qty: l.refundedQty,
        })),
        history: of(events, o.id).map((e) => ({
          status: ORDER_STATUS_LABELS[e.toStatus as OrderStatus] ?? e.toStatus,
          reason: e.reason,
          at: e.createdAt.toISOString(),
        })),
        payments: of(pays, o.id).map((p) => ({
          method: PAYMENT_METHOD_LABELS[p.method],
          amount: p.amount,
          status: p.status,
          refunded: p.refunded,
          message: p.message,
          transfer_report: p.report,
          at: p.createdAt.toISOString(),
        })),
        refunds: of(refunds, o.id).map((r) => ({
          kind: r.kind,
          money: r.money,
          wallet: r.wallet,
          points: r.points,
          reason: r.reason,
          at: r.createdAt.toISOString(),
        })),
        return_requests: of(returns, o.id).map((r) => ({
          kind: r.kind,
          items: r.items,
          reason: r.reason,
          note: r.note,
          status: r.status,
          at: r.createdAt.toISOString(),
        })),
      }));
    },

    /** How many of the member's orders are not finished (paying, shipping, in the appraisal period). */
    async openCount(q: Db | Tx, memberId: number): Promise<number> {
      const [row] = await q
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(and(eq(orders.memberId, memberId), notInArray(orders.status, FINAL)));
      return Number(row?.n ?? 0);
    },

    /** Masks every order of a closing member; their order numbers (the invoices and messages of those go too). */
    async maskMember(tx: Tx, memberId: number): Promise<string[]> {
      const rows = await tx.select({ id: orders.id, no: orders.orderNo }).from(orders).where(eq(orders.memberId, memberId));
      await mask(
        tx,
        rows.map((r) => r.id),
        `member:${memberId}`,
      );
      return rows.map((r) => r.no);
    },

    /** Finished guest orders placed before `before` whose personal fields are still there, oldest first. */
    async guestOrdersDue(before: Date, limit: number) {
      return db
        .select({ id: orders.id, no: orders.orderNo })
        .from(orders)
        .where(
          and(isNull(orders.memberId), lt(orders.createdAt, before), ne(orders.receiverPhone, ""), inArray(orders.status, FINAL)),
        )
        .orderBy(asc(orders.id))
        .limit(limit);
    },

    /** The retention sweep's masking of guest orders (their ids), in the caller's transaction. */
    maskGuests: (tx: Tx, ids: number[]) => mask(tx, ids, "guest"),
  };
}
