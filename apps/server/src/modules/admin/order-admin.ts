import type { Db } from "../../db/client.js";
import { notFound } from "../../lib/errors.js";
import type { Payments } from "../orders/payments.js";
import type { OrderLifecycle } from "../orders/service.js";
import type { OrderViews, StaffOrderFilter } from "../orders/views.js";
import { type Actor, type StaffService, who } from "../staff/service.js";

/**
 * The back office's order queue and actions. Each change goes through the orders module's own
 * transaction (decision 30); the audit entry follows it with the status before and after.
 */
export function createOrderAdmin(d: {
  db: Db;
  orders: OrderLifecycle;
  payments: Payments;
  orderViews: OrderViews;
  record: StaffService["record"];
}) {
  async function orderOrThrow(orderNo: string) {
    const detail = await d.orderViews.staffDetail(orderNo);
    if (!detail) throw notFound("找不到此訂單");
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

  return {
    orders: (f: StaffOrderFilter, page: number, perPage: number) => d.orderViews.staffList(f, page, perPage),
    order: orderOrThrow,
    confirmPayment: (actor: Actor, orderNo: string) =>
      orderChange(actor, orderNo, "order.confirm_payment", () => d.payments.confirmOffline(orderNo, who(actor), "staff")),
    ship: (actor: Actor, orderNo: string, trackingNo: string) =>
      orderChange(actor, orderNo, "order.ship", () =>
        d.orders.advance(orderNo, "shipped", who(actor), { trackingNo, from: ["paid", "processing"] }),
      ),
    deliver: (actor: Actor, orderNo: string) =>
      orderChange(actor, orderNo, "order.deliver", () =>
        d.orders.advance(orderNo, "delivered", who(actor), { from: ["shipped"] }),
      ),
    complete: (actor: Actor, orderNo: string) =>
      orderChange(actor, orderNo, "order.complete", () =>
        d.orders.advance(orderNo, "completed", who(actor), { from: ["delivered"] }),
      ),
    cancel: (actor: Actor, orderNo: string, reason: string) =>
      orderChange(actor, orderNo, "order.cancel", () => d.orders.cancelByStaff(orderNo, who(actor), reason)),
    refund: (actor: Actor, orderNo: string, reason: string, items?: Array<{ variant_id: number; qty: number }>) =>
      orderChange(actor, orderNo, items ? "order.partial_refund" : "order.refund", () =>
        d.orders.refund(
          orderNo,
          who(actor),
          reason,
          items?.map((i) => ({ variantId: i.variant_id, qty: i.qty })),
        ),
      ),
    ordersCsv: async (f: StaffOrderFilter) => {
      const rows = await d.orderViews.staffExport(f);
      const head = [
        "訂單編號",
        "建立時間",
        "狀態",
        "收件人",
        "電話",
        "配送方式",
        "付款方式",
        "訂單金額",
        "應付金額",
        "物流單號",
        "商城",
      ];
      const cell = (v: unknown) => {
        const s = String(v ?? "");
        // Quotes doubled; a leading = + - @ neutralised so a spreadsheet never runs it as a formula.
        const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
        return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
      };
      const lines = rows.map((o) =>
        [
          o.order_no,
          new Date(o.created_at).toLocaleString("sv-SE", { timeZone: "Asia/Taipei" }).replaceAll("-", "/"),
          o.status_label,
          o.receiver_name,
          o.receiver_phone,
          o.ship_method_name,
          o.payment_method_name,
          o.order_amount,
          o.payable,
          o.tracking_no,
          o.shop_id,
        ]
          .map(cell)
          .join(","),
      );
      // A BOM so Excel opens the Chinese as UTF-8.
      return `\uFEFF${[head.join(","), ...lines].join("\r\n")}\r\n`;
    },
  };
}
