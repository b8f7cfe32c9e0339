// One list of codes for the database and the API.
import { LANGS, ORDER_STATUS_CODES, PAYMENT_METHOD_CODES, SHIP_METHOD_CODES } from "@shop/contract/order";
import type { OrderParcel } from "@shop/contract/shipping";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export interface OrderDiscount {
  source: "promotion" | "tier" | "coupon";
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
    /** The storefront's language the order was placed in; its messages are written in it (decision 109). */
    lang: text("lang", { enum: LANGS }).notNull().default("zh-TW"),
    /** Home delivery: {zip, county, district, line}; store pickup: {type, id, name, address}. */
    address: jsonb("address").$type<Record<string, string> | null>(),
    cvsStore: jsonb("cvs_store").$type<Record<string, string> | null>(),
    /** What the shipping fee was priced as (size, weight, temperature, region, delivery slot); null before 0046. */
    parcel: jsonb("parcel").$type<OrderParcel>(),
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
    /** A coupon code typed at checkout (decision 92): its redemption row in loyalty's coupon_redemptions. */
    couponRedemptionId: integer("coupon_redemption_id"),
    /** The member's tier when ordered (decision 94): its points multiplier (100 = ×1) applies at completion. */
    tierId: integer("tier_id"),
    pointsMultiplier: integer("points_multiplier").notNull().default(100),
    /** Pre-order (decision 96): waiting for stock, released (stock came; it ships), or null (not a pre-order). */
    preorderState: text("preorder_state", { enum: ["waiting", "released"] }),
    /** The latest expected ship date of its pre-order lines (YYYY-MM-DD). */
    preorderShipOn: text("preorder_ship_on"),
    /** Unpaid orders are cancelled after this (transfer: 3 days; card: 1 hour). */
    payBy: timestamp("pay_by", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** When it was delivered: the appraisal period (鑑賞期) runs from here, then it completes by itself. */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    trackingNo: text("tracking_no"),
    /** Who delivers a seller's own delivery (as the seller typed it); null when the warehouse ships. */
    carrier: text("carrier"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    // Order no is looked up whole and searched by its start: one index for both, in byte order, as
    // the server's locale may not be C (every index here costs each order's insert; issue 51).
    uniqueIndex("orders_no_key").on(t.orderNo.op("text_pattern_ops")),
    index("orders_member_idx").on(t.memberId, t.id),
    index("orders_shop_idx").on(t.shopId, t.id),
    index("orders_unpaid_idx").on(t.status, t.payBy),
    // Only the orders each sweep looks at: a new order enters neither.
    index("orders_delivered_idx").on(t.deliveredAt).where(sql`${t.status} = 'delivered'`),
    // The pre-order queue, oldest first (decision 96).
    index("orders_preorder_idx").on(t.id).where(sql`${t.preorderState} = 'waiting'`),
    // The back office's list (newest first, by state and dates) and the dashboard's days: one seek
    // and an index-only count at 2,000,000 orders (issue 51).
    index("orders_status_created_idx").on(t.status, t.createdAt, t.id),
    index("orders_created_idx").on(t.createdAt, t.id),
    // The receiver's phone is searched by its start.
    index("orders_receiver_phone_prefix_idx").on(t.receiverPhone.op("text_pattern_ops")),
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
    /** Units given back so far (partial refunds); the rest are still the buyer's. */
    refundedQty: integer("refunded_qty").notNull().default(0),
    /** goods: from the cart; addon: a 加價購 deal's item at its deal price; gift: a 滿額贈 gift at NT$0 (decision 93). */
    kind: text("kind", { enum: ["goods", "addon", "gift"] })
      .notNull()
      .default("goods"),
    /** The add-on deal or gift rule (promotions) the line came from. */
    dealId: integer("deal_id"),
    /** Sold on pre-order: these units wait for stock (decision 96). */
    preorder: boolean("preorder").notNull().default(false),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId),
    check("order_lines_refunded_bounds", sql`${t.refundedQty} >= 0 and ${t.refundedQty} <= ${t.qty}`),
  ],
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
 * `awaiting_3ds`: TapPay answered a page the buyer must go through — the bank's 3-D Secure, or a
 * wallet's (LINE Pay, 街口, 悠遊付, Atome); its notify or the buyer's return settles it. A virtual
 * account waits as `pending` with its account number.
 */
export const PAYMENT_STATUSES = ["pending", "charging", "awaiting_3ds", "paid", "failed", "refunded"] as const;

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
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    /**
     * Who receives the money and so may confirm it: the company (staff confirm), or the sub-mall's
     * seller when the buyer paid into the shop's own account or the seller collected it on delivery.
     */
    payee: text("payee", { enum: ["company", "shop"] })
      .notNull()
      .default("company"),
    /** Money of this payment owed back to the buyer (refunds decided so far). */
    refunded: integer("refunded").notNull().default(0),
    /**
     * Of that, what has actually gone back (to the wallet at once; to a card once the provider
     * confirmed). refunded − refund_settled is a card refund still to run.
     */
    refundSettled: integer("refund_settled").notNull().default(0),
    /** One card refund call at a time per payment: whoever holds this lease is calling the provider. */
    refundLeaseUntil: timestamp("refund_lease_until", { withTimezone: true }),
    /** A refund call whose answer never came: TapPay's record is asked before calling again. */
    refundUncertainAt: timestamp("refund_uncertain_at", { withTimezone: true }),
    /** TapPay's rec_trade_id. */
    providerRef: text("provider_ref"),
    message: text("message").notNull().default(""),
    /** Card instalments (分期期數) this attempt was charged in; 0 paid at once. */
    instalment: integer("instalment").notNull().default(0),
    /** A virtual account's ATM details (TapPay), while the order waits for the buyer's transfer. */
    virtualAccount: jsonb("virtual_account").$type<{ bank_code: string; account: string; expires_at: string } | null>(),
    /** Transfer report: last five digits, amount and time the buyer says they paid. */
    report: jsonb("report").$type<{ last5: string; amount: number; paid_at: string } | null>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("payments_order_idx").on(t.orderId),
    // Payments still open (the dashboard's 待處理異常, reconciliation): a few among 2,000,000 (issue 51).
    index("payments_open_idx").on(t.status, t.updatedAt).where(sql`${t.status} in ('pending', 'charging', 'awaiting_3ds')`),
    uniqueIndex("payments_provider_ref_key").on(t.providerRef),
    // Card refunds still to run (the refund sweep every few seconds): none of 2,000,000 most of the time.
    index("payments_refund_open_idx").on(t.id).where(sql`${t.refunded} > ${t.refundSettled}`),
    check(
      "payments_refund_bounds",
      sql`${t.refundSettled} >= 0 and ${t.refundSettled} <= ${t.refunded} and ${t.refunded} <= ${t.amount}`,
    ),
  ],
);

/**
 * One row per Idempotency-Key (or cart content) and caller: the first request claims it before it
 * does anything, so a concurrent twin finds the claim and waits for the same answer. A claim whose
 * holder failed is deleted; one whose holder died is taken over after a lease.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    id: serial("id").primaryKey(),
    /** "member:12" or "guest:<cart token hash or ip>" + the key. */
    scopeKey: text("scope_key").notNull(),
    requestHash: text("request_hash").notNull(),
    /** Set in the transaction that creates the order; null while the claim's holder is still working. */
    orderNo: text("order_no"),
    /** The response's data once the payment step finished; null while it runs. */
    response: jsonb("response"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("idempotency_scope_key").on(t.scopeKey)],
);

/**
 * Everything given back on one order at one time: a cancellation, a full refund or a partial one.
 * The items' units come back (stock, seller stock or depot), and the value goes back by source.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").notNull(),
    /** 1, 2, … per order: part of every ledger ref this refund writes. */
    seq: integer("seq").notNull(),
    kind: text("kind", { enum: ["cancel", "refund", "partial"] }).notNull(),
    items: jsonb("items").$type<Array<{ line_id: number; variant_id: number; qty: number }>>().notNull(),
    /** The items' share of the goods after discounts. */
    goodsValue: integer("goods_value").notNull(),
    /** Money (card, transfer, cash on delivery) given back. */
    money: integer("money").notNull(),
    wallet: integer("wallet").notNull(),
    points: integer("points").notNull(),
    /** What staff kept back of each source (a refund of less than the units were worth; decision 83). */
    keptMoney: integer("kept_money").notNull().default(0),
    keptWallet: integer("kept_wallet").notNull().default(0),
    keptPoints: integer("kept_points").notNull().default(0),
    actor: text("actor").notNull(),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("order_refunds_seq_key").on(t.orderId, t.seq)],
);

/**
 * A guest's proof of the phone on an order (a one-time SMS code, or the browser that placed the
 * order): lets them see the order unmasked and cancel it for a while.
 */
export const orderAccessTokens = pgTable(
  "order_access_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    orderId: integer("order_id").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("order_access_tokens_order_idx").on(t.orderId)],
);

/**
 * A buyer's return (退貨) or exchange (換貨) request within the appraisal period after delivery:
 * staff approve or reject it, receive the goods, and either refund them through the order's
 * refund (which restocks the units and gives the money back the way it was paid) or, for an
 * exchange, send the same items again. One open request per order.
 */
export const returnRequests = pgTable(
  "return_requests",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").notNull(),
    memberId: integer("member_id"),
    kind: text("kind", { enum: ["return", "exchange"] })
      .notNull()
      .default("return"),
    items: jsonb("items").$type<Array<{ variant_id: number; qty: number; name: string }>>().notNull(),
    reason: text("reason").notNull(),
    note: text("note").notNull().default(""),
    status: text("status", { enum: ["requested", "approved", "rejected", "received", "refunded", "reshipped"] }).notNull(),
    /** Why staff rejected it, or their note on receiving. */
    staffNote: text("staff_note").notNull().default(""),
    /** The replacement parcel's tracking number (exchanges). */
    reshipTrackingNo: text("reship_tracking_no").notNull().default(""),
    /** A convenience-store return code staff give on approval (超商退貨寄件代碼), "" when none. */
    storeReturnCode: text("store_return_code").notNull().default(""),
    /** How the parcel comes back through ECPay (逆物流): a store chain or a 黑貓 pick-up; null when the buyer arranges it. */
    returnCarrier: text("return_carrier", { enum: ["cvs_711", "cvs_family", "cvs_hilife", "tcat"] }),
    /** ECPay's number for the return parcel (RtnMerchantTradeNo / AllPayLogisticsID) and its progress. */
    returnLogisticsId: text("return_logistics_id").notNull().default(""),
    returnParcelStatus: text("return_parcel_status", { enum: ["", "booked", "in_transit", "back"] })
      .notNull()
      .default(""),
    /** Chosen by staff on receipt: the units go back into sellable stock, or are written off as faulty. */
    disposition: text("disposition", { enum: ["restock", "write_off"] }),
    /** What staff refunded (NT$, at most the units' refundable value), once refunded. */
    refundAmount: integer("refund_amount"),
    /** The buyer's own bank account for a refund of offline money (asked on the form; decision 83). */
    refundAccount: jsonb("refund_account").$type<{ bank_code: string; branch_code: string; account: string; name: string }>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("return_requests_status_idx").on(t.status, t.id),
    // At most one open request per order.
    uniqueIndex("return_requests_open_key").on(t.orderId).where(sql`${t.status} in ('requested', 'approved', 'received')`),
  ],
);
