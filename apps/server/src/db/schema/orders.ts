// One list of codes for the database and the API.
import { ORDER_STATUS_CODES, PAYMENT_METHOD_CODES, SHIP_METHOD_CODES } from "@shop/contract/order";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export interface OrderDiscount {
  source: "promotion" | "coupon";
  id: number;
  label: string;
  amount: number;
}

/**
 * An order with every amount fixed at creation (the quote the buyer accepted). Amounts are whole
 * NT$: order_amount = goods_amount - discount_total + shipping_fee; payable = order_amount -
 * points_used - wallet_used.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    orderNo: text("order_no").notNull(),
    shopId: integer("shop_id").notNull(),
    /** Null for a guest order. */
    memberId: integer("member_id"),
    status: text("status", { enum: ORDER_STATUS_CODES }).notNull(),
    shipMethod: text("ship_method", { enum: SHIP_METHOD_CODES }).notNull(),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHOD_CODES }).notNull(),
    receiverName: text("receiver_name").notNull(),
    receiverPhone: text("receiver_phone").notNull(),
    email: text("email").notNull().default(""),
    /** Home delivery: {zip, county, district, line}; store pickup: {type, id, name, address}. */
    address: jsonb("address").$type<Record<string, string> | null>(),
    cvsStore: jsonb("cvs_store").$type<Record<string, string> | null>(),
    invoice: jsonb("invoice").$type<Record<string, string>>().notNull(),
    note: text("note").notNull().default(""),
    goodsAmount: integer("goods_amount").notNull(),
    discounts: jsonb("discounts").$type<OrderDiscount[]>().notNull(),
    discountTotal: integer("discount_total").notNull(),
    shippingFee: integer("shipping_fee").notNull(),
    orderAmount: integer("order_amount").notNull(),
    pointsUsed: integer("points_used").notNull(),
    walletUsed: integer("wallet_used").notNull(),
    payable: integer("payable").notNull(),
    /** The member coupon used, if any. */
    memberCouponId: integer("member_coupon_id"),
    /** Unpaid orders are cancelled after this (transfer: 3 days; card: 1 hour). */
    payBy: timestamp("pay_by", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    trackingNo: text("tracking_no"),
    /** Who delivers a seller's own delivery (as the seller typed it); null when the warehouse ships. */
    carrier: text("carrier"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("orders_no_key").on(t.orderNo),
    index("orders_member_idx").on(t.memberId, t.id),
    index("orders_shop_idx").on(t.shopId, t.id),
    index("orders_unpaid_idx").on(t.status, t.payBy),
  ],
);

/** What was bought, with the name and price as they were at purchase. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").notNull(),
    variantId: integer("variant_id").notNull(),
    productId: integer("product_id").notNull(),
    name: text("name").notNull(),
    variantName: text("variant_name").notNull(),
    image: text("image").notNull(),
    price: integer("price").notNull(),
    qty: integer("qty").notNull(),
    /** The product's point percent when bought: what completion credits. */
    pointPercent: integer("point_percent").notNull().default(0),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId)],
);

/** Every state change: who, when, why. The first row is the creation. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    /** "member:12", "guest", "seller:3", "staff:1", "system", "provider:tappay". */
    actor: text("actor").notNull(),
    reason: text("reason").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.id)],
);

/**
 * A payment attempt. A card order may have several (a declined card, then repayTappays); at most
 * one ever reaches "paid" (enforced by the order's own state change).
 */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").notNull(),
    method: text("method", { enum: PAYMENT_METHOD_CODES }).notNull(),
    provider: text("provider").notNull(),
    amount: integer("amount").notNull(),
    status: text("status", { enum: ["pending", "charging", "awaiting_3ds", "paid", "failed", "refunded"] }).notNull(),
    /** TapPay's rec_trade_id. */
    providerRef: text("provider_ref"),
    message: text("message").notNull().default(""),
    /** Transfer report: last five digits, amount and time the buyer says they paid. */
    report: jsonb("report").$type<{ last5: string; amount: number; paid_at: string } | null>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("payments_order_idx").on(t.orderId), uniqueIndex("payments_provider_ref_key").on(t.providerRef)],
);

/**
 * One row per Idempotency-Key and caller: the first request inserts it inside its order
 * transaction, so a concurrent twin waits on the unique index and then reads the same answer.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    id: serial("id").primaryKey(),
    /** "member:12" or "guest:<cart token hash or ip>" + the key. */
    scopeKey: text("scope_key").notNull(),
    requestHash: text("request_hash").notNull(),
    orderNo: text("order_no").notNull(),
    /** The response's data once the payment step finished; null while it runs. */
    response: jsonb("response"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("idempotency_scope_key").on(t.scopeKey)],
);
