import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * A raffle campaign: each completed order whose goods were paid with at
 * least `minOrderAmount` of money earns `cardsPerOrder` scratch cards while the campaign runs.
 */
export const raffles = pgTable("raffles", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  /** NT$ of goods paid in money (after discounts, points and wallet) an order needs. */
  minOrderAmount: integer("min_order_amount").notNull(),
  cardsPerOrder: integer("cards_per_order").notNull().default(1),
  startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
  endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  active: boolean("active").notNull().default(true),
});

/**
 * A prize of a raffle. `stock` is how many are left (null: unlimited, for "nothing"); the draw
 * decrements it with a conditional update, so it never goes below zero. Goods prizes are set
 * aside from shop stock when the prize is created (decision 20).
 */
export const rafflePrizes = pgTable(
  "raffle_prizes",
  {
    id: serial("id").primaryKey(),
    raffleId: integer("raffle_id").notNull(),
    title: text("title").notNull(),
    kind: text("kind", { enum: ["points", "wallet", "coupon", "goods", "nothing"] }).notNull(),
    /** Points or NT$ for points/wallet; ignored otherwise. */
    amount: integer("amount").notNull().default(0),
    couponId: integer("coupon_id"),
    /** Days a won coupon stays valid. */
    couponDays: integer("coupon_days").notNull().default(30),
    variantId: integer("variant_id"),
    /** Relative chance among the prizes still in stock. */
    weight: integer("weight").notNull(),
    stock: integer("stock"),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [
    index("raffle_prizes_raffle_idx").on(t.raffleId),
    check("raffle_prizes_stock_nonnegative", sql`${t.stock} is null or ${t.stock} >= 0`),
    check("raffle_prizes_weight_positive", sql`${t.weight} > 0`),
  ],
);

/** A scratch card a member holds; scratched once (a conditional update from `new`). */
export const raffleTickets = pgTable(
  "raffle_tickets",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id").notNull(),
    raffleId: integer("raffle_id").notNull(),
    /** The order that earned it ("seed:…" for demo/staff grants). */
    source: text("source").notNull(),
    seq: integer("seq").notNull().default(1),
    status: text("status", { enum: ["new", "scratched", "void"] })
      .notNull()
      .default("new"),
    prizeId: integer("prize_id"),
    prizeTitle: text("prize_title"),
    prizeKind: text("prize_kind", { enum: ["points", "wallet", "coupon", "goods", "nothing"] }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    scratchedAt: timestamp("scratched_at", { withTimezone: true }),
  },
  (t) => [
    index("raffle_tickets_member_idx").on(t.memberId, t.id),
    // One grant per order and campaign, however often completion is retried.
    uniqueIndex("raffle_tickets_source_key").on(t.raffleId, t.source, t.seq),
  ],
);
