import { integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";

/** A member's liked products. */
export const favorites = pgTable(
  "favorites",
  {
    memberId: integer("member_id").notNull(),
    productId: integer("product_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.productId] })],
);
