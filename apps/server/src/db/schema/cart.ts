import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** A shopping cart: a member's (member_id) or a visitor's (found by the hash of its cart token). */
export const carts = pgTable(
  "carts",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id"),
    tokenHash: text("token_hash"),
    shopId: integer("shop_id").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("carts_member_key").on(t.memberId), uniqueIndex("carts_token_key").on(t.tokenHash)],
);

export const cartLines = pgTable(
  "cart_lines",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id").notNull(),
    variantId: integer("variant_id").notNull(),
    qty: integer("qty").notNull(),
    /** Chosen for checkout on /select_cart. */
    selected: boolean("selected").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("cart_lines_variant_key").on(t.cartId, t.variantId), index("cart_lines_cart_idx").on(t.cartId)],
);

/**
 * Abandoned-cart reminders sent (decision 97): one per cart content — keyed by the cart and the
 * time it was last changed, so a cart changed again may be reminded of once more, never twice as it is.
 */
export const cartReminders = pgTable(
  "cart_reminders",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id").notNull(),
    memberId: integer("member_id").notNull(),
    cartChangedAt: timestamp("cart_changed_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("cart_reminders_cart_key").on(t.cartId, t.cartChangedAt)],
);
