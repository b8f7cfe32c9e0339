import { boolean, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";

/** Ship methods with their fee and free-shipping threshold, per shop (set in the back office). */
export const shipMethods = pgTable(
  "ship_methods",
  {
    id: serial("id").primaryKey(),
    shopId: integer("shop_id").notNull().default(1),
    code: text("code", {
      enum: ["hct", "cvs_711", "cvs_family", "cvs_hilife", "cvs_ok", "depot", "self"],
    }).notNull(),
    name: text("name").notNull(),
    fee: integer("fee").notNull(),
    /** Orders whose goods amount reaches this ship free; null = never free. */
    freeThreshold: integer("free_threshold"),
    enabled: boolean("enabled").notNull().default(true),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [uniqueIndex("ship_methods_shop_code").on(t.shopId, t.code)],
);
