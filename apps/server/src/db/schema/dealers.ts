import { boolean, index, integer, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";

/** Regional dealers (the public directory), each with outlets and products carried. */
export const dealers = pgTable(
  "dealers",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    county: text("county").notNull(),
    district: text("district").notNull().default(""),
    address: text("address").notNull().default(""),
    phone: text("phone").notNull().default(""),
    image: text("image").notNull().default(""),
    intro: text("intro").notNull().default(""),
    featured: boolean("featured").notNull().default(false),
    status: text("status", { enum: ["active", "hidden"] })
      .notNull()
      .default("active"),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("dealers_county_idx").on(t.county, t.sort)],
);

/** A dealer's branch outlets (門市據點): where to buy in person. */
export const dealerOutlets = pgTable(
  "dealer_outlets",
  {
    id: serial("id").primaryKey(),
    dealerId: integer("dealer_id").notNull(),
    name: text("name").notNull(),
    county: text("county").notNull(),
    district: text("district").notNull().default(""),
    address: text("address").notNull(),
    phone: text("phone").notNull().default(""),
    /** Opening hours as shown, e.g. 「每日 10:00–21:00」. */
    hours: text("hours").notNull().default(""),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("dealer_outlets_dealer_idx").on(t.dealerId, t.sort)],
);

/** Which catalogue products a dealer carries. */
export const dealerProducts = pgTable(
  "dealer_products",
  {
    dealerId: integer("dealer_id").notNull(),
    productId: integer("product_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.productId] })],
);
