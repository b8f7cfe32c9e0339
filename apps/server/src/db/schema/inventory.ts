import { LANGS } from "@shop/contract/order";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Every change to a variant's stock, with why and what caused it. `variants.stock` is the running
 * balance, changed only together with a movement in one transaction, so
 * stock = sum(delta) over a variant's movements, always.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: serial("id").primaryKey(),
    variantId: integer("variant_id").notNull(),
    delta: integer("delta").notNull(),
    reason: text("reason", { enum: ["initial", "restock", "adjust", "reserve", "release"] }).notNull(),
    /** What caused it, e.g. "order:20261122123456". */
    ref: text("ref").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stock_movements_variant_idx").on(t.variantId, t.id), index("stock_movements_ref_idx").on(t.ref)],
);

/**
 * Stock a seller holds for their own delivery, per shop and variant. `qty` moves
 * only together with a movement, in one transaction, and never below zero.
 */
export const shopStock = pgTable(
  "shop_stock",
  {
    shopId: integer("shop_id").notNull(),
    variantId: integer("variant_id").notNull(),
    qty: integer("qty").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.variantId] }), check("shop_stock_qty_non_negative", sql`${t.qty} >= 0`)],
);

export const shopStockMovements = pgTable(
  "shop_stock_movements",
  {
    id: serial("id").primaryKey(),
    shopId: integer("shop_id").notNull(),
    variantId: integer("variant_id").notNull(),
    delta: integer("delta").notNull(),
    /** staff: moved in by the warehouse; depot: from the seller's cloud depot; order: a self-delivered order; return: it came back. */
    reason: text("reason", { enum: ["staff", "depot", "order", "return"] }).notNull(),
    /** What caused it, e.g. "order:20261122123456"; one movement per shop, variant and cause. */
    ref: text("ref").notNull(),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("shop_stock_movements_shop_idx").on(t.shopId, t.id),
    uniqueIndex("shop_stock_movements_once").on(t.shopId, t.variantId, t.ref),
  ],
);

/**
 * 到貨通知: someone asked to hear when a sold-out variant is back. `contact` is who ("m:<member
 * id>", "e:<e-mail>" or "p:<phone>"); one waiting request per variant and contact. `notified_at`
 * is set in the transaction that queues the message, so each request is told once.
 */
export const restockRequests = pgTable(
  "restock_requests",
  {
    id: serial("id").primaryKey(),
    variantId: integer("variant_id").notNull(),
    /** The mall it was asked in: the message links to the product there. */
    shopId: integer("shop_id").notNull().default(1),
    contact: text("contact").notNull(),
    memberId: integer("member_id"),
    email: text("email"),
    phone: text("phone"),
    /** The storefront language it was asked in: the message is written in it (decision 109). */
    lang: text("lang", { enum: LANGS }).notNull().default("zh-TW"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("restock_requests_waiting_idx").on(t.variantId, t.contact).where(sql`${t.notifiedAt} is null`),
    index("restock_requests_due_idx").on(t.variantId).where(sql`${t.notifiedAt} is null`),
  ],
);

/**
 * Returned units staff wrote off as faulty (瑕疵品): they came back but never into sellable stock.
 * `shopId` is the seller's for their own delivery's units, null for the warehouse's.
 */
export const stockWriteOffs = pgTable(
  "stock_write_offs",
  {
    id: serial("id").primaryKey(),
    variantId: integer("variant_id").notNull(),
    shopId: integer("shop_id"),
    qty: integer("qty").notNull(),
    /** What caused it, e.g. "order:20261122123456:return:2"; one per variant and cause. */
    ref: text("ref").notNull(),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("stock_write_offs_ref_key").on(t.ref, t.variantId),
    check("stock_write_offs_qty_positive", sql`${t.qty} > 0`),
  ],
);
