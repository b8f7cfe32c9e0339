import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** A member's delivery addresses (address book), checked against the postal reference data. */
export const memberAddresses = pgTable(
  "member_addresses",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id").notNull(),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    zip: text("zip").notNull(),
    county: text("county").notNull(),
    district: text("district").notNull(),
    line: text("line").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("member_addresses_member_idx").on(t.memberId)],
);
