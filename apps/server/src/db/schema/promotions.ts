import { index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";

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
