import { SHIP_METHOD_CODES } from "@shop/contract/order";
import type { ShipRates } from "@shop/contract/shipping";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** Ship methods with their fee and free-shipping threshold, per shop (set in the back office). */
export const shipMethods = pgTable(
  "ship_methods",
  {
    id: serial("id").primaryKey(),
    shopId: integer("shop_id").notNull().default(1),
    code: text("code", { enum: SHIP_METHOD_CODES }).notNull(),
    name: text("name").notNull(),
    /** The smallest size to the main island; `rates` adds sizes, 離島 and 低溫 (null: this fee for every parcel). */
    fee: integer("fee").notNull(),
    rates: jsonb("rates").$type<ShipRates>(),
    /** Orders whose goods amount reaches this ship free; null = never free. */
    freeThreshold: integer("free_threshold"),
    enabled: boolean("enabled").notNull().default(true),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [uniqueIndex("ship_methods_shop_code").on(t.shopId, t.code)],
);

/**
 * A store-map session: mapCreateToken makes one, ECPay's browser return (which carries no MAC)
 * is accepted only for a live token, and the chosen store is kept here for the checkout page.
 */
export const cvsMapSessions = pgTable("cvs_map_sessions", {
  token: text("token").primaryKey(),
  cvsType: text("cvs_type").notNull(),
  store: jsonb("store").$type<{ type: string; id: string; name: string; address: string } | null>(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Tracking events of a shipment (HCT or a seller's own delivery). */
export const shipmentEvents = pgTable(
  "shipment_events",
  {
    id: serial("id").primaryKey(),
    orderNo: text("order_no").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    status: text("status").notNull(),
    location: text("location").notNull().default(""),
  },
  (t) => [
    index("shipment_events_order_idx").on(t.orderNo, t.at),
    // A carrier resending the same event adds nothing.
    uniqueIndex("shipment_events_once").on(t.orderNo, t.at, t.status),
  ],
);

/**
 * The shipment ECPay made for an order (one per order): a store shipment (C2C or B2C) or, despite
 * the table's older name, a 黑貓 / 郵局 home delivery. `creating` claims the order while the
 * request is out, so two staff pressing the button create one; `failed` keeps the provider's
 * reason and may be tried again (the attempt goes into MerchantTradeNo).
 */
export const cvsShipments = pgTable(
  "cvs_shipments",
  {
    orderNo: text("order_no").primaryKey(),
    status: text("status", { enum: ["creating", "created", "failed"] }).notNull(),
    attempt: integer("attempt").notNull().default(1),
    /** ECPay's LogisticsSubType it was made as (UNIMARTC2C, FAMI, TCAT, POST…); "" before migration 0046. */
    subType: text("sub_type").notNull().default(""),
    logisticsId: text("logistics_id"),
    paymentNo: text("payment_no"),
    validationNo: text("validation_no"),
    /** Home delivery: the carrier's consignment number (ECPay's BookingNote / ShipmentNo). */
    bookingNote: text("booking_note").notNull().default(""),
    /** The last status code heard (push or query) and when ECPay was last asked (the polling job). */
    lastCode: text("last_code").notNull().default(""),
    askedAt: timestamp("asked_at", { withTimezone: true }),
    error: text("error").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("cvs_shipments_logistics_id").on(t.logisticsId), index("cvs_shipments_poll_idx").on(t.status, t.askedAt)],
);

/**
 * Status codes whose effect ran for a shipment or a return parcel (`subject`: an AllPayLogisticsID or
 * `return:<id>`): a push replayed, or a push racing the polling job, inserts once, and only the
 * inserter moves the order.
 */
export const carrierCodesApplied = pgTable(
  "carrier_codes_applied",
  {
    subject: text("subject").notNull(),
    code: text("code").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.code] })],
);

/**
 * 新竹物流託運單: the consignment numbers the shop printed from the block HCT assigned to its
 * contract, one per shipped thing (`order:<no>` or `takeout:<id>`). `seq` is the number itself;
 * both it and the subject are unique, so a number is never printed twice and a subject never gets two.
 */
export const hctConsignments = pgTable("hct_consignments", {
  subject: text("subject").primaryKey(),
  seq: bigint("seq", { mode: "number" }).notNull().unique(),
  trackingNo: text("tracking_no").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});
