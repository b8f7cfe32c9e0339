import { date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * Storefront traffic per shop and Taipei day, counted in memory and added here in batches
 * (decision 47), so a page view never costs a database write: `visit` rows are keyed by source
 * (line, google, direct…), `product_view` rows by product id.
 */
export const shopTraffic = pgTable(
  "shop_traffic",
  {
    shopId: integer("shop_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind", { enum: ["visit", "product_view"] }).notNull(),
    key: text("key").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day, t.kind, t.key] })],
);
