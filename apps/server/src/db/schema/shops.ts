import { integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** Shop 1 is the main mall; every other shop is a seller's sub-mall at /shop_{id}/. */
export const shops = pgTable(
  "shops",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    logo: text("logo").notNull().default(""),
    banner: text("banner").notNull().default(""),
    intro: text("intro").notNull().default(""),
    status: text("status", { enum: ["open", "suspended"] })
      .notNull()
      .default("open"),
    /** The seller (a member) who owns the sub-mall; null for the main mall. */
    ownerMemberId: integer("owner_member_id"),
    /** Commission on an order's goods amount, in basis points (100 = 1%). */
    commissionBp: integer("commission_bp").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // A seller runs one sub-mall.
  (t) => [uniqueIndex("shops_owner_key").on(t.ownerMemberId)],
);
