import { orderNoSchema } from "@shop/contract";
import { shipInput } from "@shop/contract/admin";
import type { Db } from "../../db/client.js";
import { csvStream } from "../../lib/csv.js";
import { DomainError, notFound } from "../../lib/errors.js";
import type { Payments } from "../orders/payments.js";
import type { OrderLifecycle } from "../orders/service.js";
import type { OrderViews, StaffOrderFilter } from "../orders/views.js";
import { type Actor, type StaffService, who } from "../staff/service.js";

/**
 * The back office's order queue and actions. Each change goes through the orders module's own
 * transaction (decision 30); the audit entry follows it with the status before and after.
 */
type ExportRow = Awaited<ReturnType<OrderViews["staffExport"]> extends AsyncGenerator<infer B> ? B : never>[number];

/** Each batch of export rows as CSV cells. */
async function* batches(source: AsyncIterable<ExportRow[]>, toLine: (o: ExportRow) => unknown[]) {
  for await (const rows of source) yield rows.map(toLine);
}

export function createOrderAdmin(d: {
  db: Db;
  orders: OrderLifecycle;
  payments: Payments;
  orderViews: OrderViews;
  record: StaffService["record"];
}) {
  async function orderOrThrow(orderNo: string) {
    const detail = await d.orderViews.staffDetail(orderNo);
    if (!detail) throw notFound("ORDER_NOT_FOUND", "找不到此訂單");
    return detail;
  }
  async function orderChange(actor: Actor, orderNo: string, action: string, change: () => Promise<unknown>) {
    const before = await orderOrThrow(orderNo);
    await change();
    const after = await orderOrThrow(orderNo);
    await d.record(d.db, actor, {
      action,
      entity: "order",
      entityId: orderNo,
      before: { status: before.status, tracking_no: before.tracking_no },
      after: { status: after.status, tracking_no: after.tracking_no },
    });
    return after;
  }

  const ship = (actor: Actor, orderNo: string, trackingNo: string) =>
    orderChange(actor, orderNo, "order.ship", () =>
      d.orders.advance(orderNo, "shipped", who(actor), { trackingNo, from: ["pending_payment", "paid", "processing"] }),
    );

  return {
    orders: (f: StaffOrderFilter, page: number, perPage: number) => d.orderViews.staffList(f, page, perPage),
    order: orderOrThrow,
    confirmPayment: (actor: Actor, orderNo: string) =>
      orderChange(actor, orderNo, "order.confirm_payment", () => d.payments.confirmOffline(orderNo, who(actor), "staff")),
    ship,
    deliver: (actor: Actor, orderNo: string) =>
      orderChange(actor, orderNo, "order.deliver", () =>
        d.orders.advance(orderNo, "delivered", who(actor), { from: ["shipped"] }),
      ),
    complete: (actor: Actor, orderNo: string) =>
      orderChange(actor, orderNo, "order.complete", () =>
        d.orders.advance(orderNo, "completed", who(actor), { from: ["delivered"] }),
      ),
    /**
     * 批次出貨: each row is checked and shipped on its own (its own transaction and audit entry), so
     * the valid rows ship and each invalid one comes back with its reason; none is half-applied.
     */
    async bulkShip(actor: Actor, rows: Array<{ order_no: string; tracking_no: string }>) {
      const shipped: Array<{ order_no: string; tracking_no: string }> = [];
      const failed: Array<{ order_no: string; tracking_no: string; reason: string }> = [];
      const seen = new Set<string>();
      for (const row of rows) {
        const no = orderNoSchema.safeParse(row.order_no.trim());
        const tracking = shipInput.safeParse({ tracking_no: row.tracking_no });
        if (!no.success || !tracking.success || seen.has(no.data)) {
          const reason = !no.success
            ? "訂單編號格式不正確"
            : !tracking.success
              ? (tracking.error.issues[0]?.message ?? "物流單號格式不正確")
              : "訂單編號重複";
          failed.push({ ...row, reason });
          continue;
        }
        seen.add(no.data);
        try {
          await ship(actor, no.data, tracking.data.tracking_no);
          shipped.push({ order_no: no.data, tracking_no: tracking.data.tracking_no });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          failed.push({ order_no: no.data, tracking_no: tracking.data.tracking_no, reason: error.message });
        }
      }
      return { shipped, failed };
    },
    cancel: (actor: Actor, orderNo: string, reason: string) =>
      orderChange(actor, orderNo, "order.cancel", () => d.orders.cancelByStaff(orderNo, who(actor), reason)),
    refund: (
      actor: Actor,
      orderNo: string,
      reason: string,
      items?: Array<{ variant_id: number; qty: number }>,
      amount?: number,
    ) =>
      orderChange(actor, orderNo, items ? "order.partial_refund" : "order.refund", () =>
        d.orders.refund(
          orderNo,
          who(actor),
          reason,
          items?.map((i) => ({ variantId: i.variant_id, qty: i.qty })),
          amount === undefined ? {} : { amount },
        ),
      ),
    /** The matching orders as a CSV, streamed a batch at a time, all of them (issue 51). */
    ordersCsv: (f: StaffOrderFilter, batch?: number) => {
      const head = [
        "訂單編號",
        "建立時間",
        "狀態",
        "收件人",
        "電話",
        "電子郵件",
        "收件地址／取貨門市",
        "品項",
        "發票",
        "配送方式",
        "付款方式",
        "訂單金額",
        "應付金額",
        "物流單號",
        "商城",
      ];
      const toLine = (o: ExportRow) => [
        o.order_no,
        // Taipei is UTC+8 all year: arithmetic, not a locale formatter per row of 2,000,000.
        new Date(Date.parse(o.created_at) + 8 * 3_600_000).toISOString().slice(0, 19).replace("T", " ").replaceAll("-", "/"),
        o.status_label,
        o.receiver_name,
        o.receiver_phone,
        o.email,
        o.address_text,
        o.items_text,
        o.invoice_text,
        o.ship_method_name,
        o.payment_method_name,
        o.order_amount,
        o.payable,
        o.tracking_no,
        o.shop_id,
      ];
      return csvStream(head, batches(d.orderViews.staffExport(f, batch), toLine));
    },
  };
}
