import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Goods members can redeem with points (rechange/company); redeemed goods go into the depot. */
export const exchangeItems = pgTable("exchange_items", {
  id: serial("id").primaryKey(),
  variantId: integer("variant_id").notNull(),
  title: text("title").notNull(),
  image: text("image").notNull().default(""),
  points: integer("points").notNull(),
  active: boolean("active").notNull().default(true),
});

/** An exchange request: points → wallet (self) or points → goods into the depot (company). */
export const exchanges = pgTable(
  "exchanges",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id").notNull(),
    kind: text("kind", { enum: ["self", "company"] }).notNull(),
    points: integer("points").notNull(),
    walletAmount: integer("wallet_amount").notNull().default(0),
    itemId: integer("item_id"),
    qty: integer("qty").notNull().default(0),
    status: text("status", { enum: ["completed"] }).notNull(),
    title: text("title").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("exchanges_member_idx").on(t.memberId, t.id)],
);
