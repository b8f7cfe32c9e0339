import type { Address, CvsStore, OrderStatus, OrderSummary, OrderView, Paged, ShipMethodCode } from "@shop/contract";
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from "@shop/contract";
import { type EInvoiceView, isTapPayMethod } from "@shop/contract/order";
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { orderLines } from "../../db/schema/index.js";
import type { LogisticsService } from "../logistics/service.js";
import type { PaymentRow, Payments } from "./payments.js";
import type { OrderQueries } from "./queries.js";
import type { Returns } from "./returns.js";
import { BUYER_CANCELLABLE } from "./state.js";
import type { Order, OrderLifecycle } from "./types.js";

/** What the order views read from (views.ts builds it once). */
export interface ViewDeps {
  db: Db;
  orders: OrderQueries;
  payments: Payments;
  logistics: LogisticsService;
  /** The latest return request and the appraisal period in days (returns.ts); the order's e-invoice. */
  returns: {
    latestFor: Returns["latestFor"];
    appraisalDays: () => Promise<number>;
    invoiceOf: (orderNo: string) => Promise<EInvoiceView | null>;
    /** What refunding these units would give back now (NT$), or null (the lifecycle's). */
    refundable: OrderLifecycle["refundable"];
    now: () => Date;
  };
}

const SHIP_NAMES: Record<ShipMethodCode, string> = {
  hct: "新竹物流宅配",
  tcat: "黑貓宅急便",
  post: "中華郵政宅配",
  cvs_711: "7-ELEVEN 超商取貨",
  cvs_family: "全家超商取貨",
  cvs_hilife: "萊爾富超商取貨",
  cvs_ok: "OK 超商取貨",
  depot: "雲端庫存（暫不出貨）",
  self: "賣家自行配送",
};

/** The ship method, with the seller's carrier for their own delivery. */
export const shipName = (o: Order) => (o.carrier ? `${SHIP_NAMES.self}（${o.carrier}）` : SHIP_NAMES[o.shipMethod]);

export function summary(o: Order, lines: Array<{ name: string; image: string; qty: number }>): OrderSummary {
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
    line_count: lines.length,
    first_item: lines[0] ? { name: lines[0].name, image: lines[0].image } : null,
    preorder: o.preorderState ? { state: o.preorderState, ship_on: o.preorderShipOn } : null,
  };
}

/** Summaries of a page of orders, their lines read in one query. */
export async function summaries(deps: ViewDeps, rows: Order[]): Promise<OrderSummary[]> {
  const lines = rows.length
    ? await deps.db
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

/** A page of the member's orders. */
export async function memberOrders(
  deps: ViewDeps,
  memberId: number,
  status: OrderStatus | undefined,
  page: number,
  perPage: number,
): Promise<Paged<OrderSummary>> {
  const { rows, total } = await deps.orders.listForMember(memberId, status, page, perPage);
  return { list: await summaries(deps, rows), total, page, per_page: perPage };
}

/** The order's own ATM account while it waits for payment into it (decision 88). */
function virtualAccountView(o: Order, p: PaymentRow | undefined): OrderView["virtual_account"] {
  const va = p?.virtualAccount;
  if (o.status !== "pending_payment" || o.paymentMethod !== "atm" || p?.status !== "pending" || !va) return null;
  return { bank_code: va.bank_code, account: va.account, amount: p.amount, deadline: va.expires_at };
}

/** An order as its buyer reads it, with what they may do next. */
export async function orderDetail(deps: ViewDeps, o: Order): Promise<OrderView> {
  const { returns } = deps;
  const [lines, pays, events, returnRequest, days, eInvoice, payOptions, instalments] = await Promise.all([
    deps.orders.linesOf(o.id),
    deps.payments.paymentsOf(o.id),
    deps.orders.eventsOf(o.id),
    returns.latestFor(o.id),
    returns.appraisalDays(),
    returns.invoiceOf(o.orderNo),
    deps.payments.payOptions(o),
    o.status === "pending_payment" ? deps.payments.instalmentsFor(o) : [],
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
      kind: l.kind,
      ...(l.preorder && o.preorderShipOn ? { preorder_ship_on: o.preorderShipOn } : {}),
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
          instalment: shown.instalment,
        }
      : null,
    virtual_account: virtualAccountView(o, last),
    transfer: o.paymentMethod === "transfer" ? await deps.payments.transferAccount(o.shopId) : null,
    history: events.map((e) => ({
      from_status: (e.fromStatus as OrderStatus | null) ?? null,
      to_status: e.toStatus as OrderStatus,
      label: ORDER_STATUS_LABELS[e.toStatus as OrderStatus],
      reason: e.reason,
      at: e.createdAt.toISOString(),
    })),
    can_cancel: BUYER_CANCELLABLE.includes(o.status) && !(o.memberId === null && !pending && !isTapPayMethod(o.paymentMethod)),
    // Paying again: a declined card, or another way the order allows (decision 82); not while a card is in flight.
    can_repay:
      pending &&
      o.paymentMethod !== "cod" &&
      payOptions.some((p) => p.available) &&
      !transferPayment?.report &&
      !pays.some((p) => p.status === "charging"),
    pay_options: payOptions,
    instalments: payOptions.some((p) => p.code === "card" && p.available) ? instalments : [],
    can_report_transfer: pending && o.paymentMethod === "transfer",
    masked: false,
    card: deps.payments.cardConfig(),
    can_request_return: o.status === "delivered" && inAppraisal && !returnOpen && lines.some((l) => l.qty > l.refundedQty),
    return_request: returnRequest,
    return_needs_account: o.paymentMethod === "transfer" || o.paymentMethod === "cod" || o.paymentMethod === "atm",
  };
}

/** Where the parcel is: the carrier's events. */
export async function orderTracking(deps: ViewDeps, o: Order) {
  const events = await deps.logistics.events(o.orderNo);
  return {
    order_no: o.orderNo,
    tracking_no: o.trackingNo,
    carrier: shipName(o),
    status: o.status,
    status_label: ORDER_STATUS_LABELS[o.status],
    events: events.map((e) => ({ at: e.at.toISOString(), status: e.status, location: e.location })),
  };
}
