import { boolean, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";

/** Listed dealers (directory). Outlets and carried products arrive with the dealers issue. */
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
