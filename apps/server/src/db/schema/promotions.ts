import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Automatic promotion rules, shown publicly as activities (/activity). */
export const promotions = pgTable(
  "promotions",
  {
    id: serial("id").primaryKey(),
    shopId: integer("shop_id").notNull().default(1),
    title: text("title").notNull(),
    kind: text("kind", { enum: ["amount_off", "percent_off", "bundle_price"] }).notNull(),
    /** Spend threshold in NT$ (amount_off, percent_off). */
    threshold: integer("threshold").notNull().default(0),
    /** NT$ off (amount_off) or percent off (percent_off). */
    value: integer("value").notNull().default(0),
    /** Buy bundle_qty of the set for bundle_price (bundle_price). */
    bundleQty: integer("bundle_qty"),
    bundlePrice: integer("bundle_price"),
    summary: text("summary").notNull().default(""),
    /** Sanitised HTML. */
    description: text("description").notNull().default(""),
    image: text("image").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("promotions_shop_idx").on(t.shopId, t.startsAt)],
);

export const promotionProducts = pgTable(
  "promotion_products",
  {
    promotionId: integer("promotion_id").notNull(),
    productId: integer("product_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.productId] })],
);

/**
 * 加價購 (decision 93): with a trigger product in the cart, or goods reaching an amount, the shopper
 * may add this variant at the deal price, at most `perOrderCap` units per order.
 */
export const addonDeals = pgTable(
  "addon_deals",
  {
    id: serial("id").primaryKey(),
    shopId: integer("shop_id").notNull().default(1),
    title: text("title").notNull(),
    variantId: integer("variant_id").notNull(),
    price: integer("price").notNull(),
    perOrderCap: integer("per_order_cap").notNull().default(1),
    /** Any of these products in the cart triggers it (empty: only the amount). */
    triggerProductIds: jsonb("trigger_product_ids").$type<number[]>().notNull().default([]),
    /** Goods after discounts reaching this triggers it (0 with products: the products alone). */
    triggerAmount: integer("trigger_amount").notNull().default(0),
    active: boolean("active").notNull().default(true),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("addon_deals_shop_idx").on(t.shopId, t.startsAt)],
);

/**
 * 滿額贈 (decision 93): goods after discounts reaching `threshold` earn `qty` of one gift, chosen
 * by the shopper among `variantIds` when several; gifts are stock like any goods (never oversold).
 */
export const giftRules = pgTable(
  "gift_rules",
  {
    id: serial("id").primaryKey(),
    shopId: integer("shop_id").notNull().default(1),
    title: text("title").notNull(),
    threshold: integer("threshold").notNull(),
    variantIds: jsonb("variant_ids").$type<number[]>().notNull(),
    qty: integer("qty").notNull().default(1),
    active: boolean("active").notNull().default(true),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("gift_rules_shop_idx").on(t.shopId, t.startsAt)],
);
