import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * A buyer's review of one order line (decision 98): 1–5 stars, text, up to 3 photos (upload URLs).
 * Shown once staff approve it; staff may hide it again or reply.
 */
export const productReviews = pgTable(
  "product_reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id").notNull(),
    variantId: integer("variant_id").notNull(),
    orderLineId: integer("order_line_id").notNull(),
    orderNo: text("order_no").notNull(),
    memberId: integer("member_id").notNull(),
    /** The name shown, masked (王**). */
    authorName: text("author_name").notNull(),
    rating: integer("rating").notNull(),
    body: text("body").notNull().default(""),
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    status: text("status", { enum: ["pending", "approved", "hidden"] })
      .notNull()
      .default("pending"),
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("product_reviews_line_key").on(t.orderLineId),
    index("product_reviews_product_idx").on(t.productId, t.status, t.id),
    index("product_reviews_status_idx").on(t.status, t.id),
  ],
);
