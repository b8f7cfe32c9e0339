import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Messages to a member (order changes, …), read on /member/notice. */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id").notNull(),
    kind: text("kind", { enum: ["order", "system", "prize"] }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    /** In-app path the notice opens, e.g. /member/order_detail?order_no=… */
    link: text("link").notNull().default(""),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("notifications_member_idx").on(t.memberId, t.id)],
);
