import type { ShopChangeSet, ShopChangeStatus } from "@shop/contract/seller-shop";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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

/**
 * A seller's requested change to their shop's name, banner or delivery options, applied when staff
 * approve it (decision 46). One pending request per shop: a new one withdraws the last.
 */
export const shopChangeRequests = pgTable(
  "shop_change_requests",
  {
    id: serial("id").primaryKey(),
    shopId: integer("shop_id").notNull(),
    memberId: integer("member_id").notNull(),
    changes: jsonb("changes").$type<ShopChangeSet>().notNull(),
    /** What those fields were when the seller asked: approval is refused if they have moved since. */
    before: jsonb("before").$type<ShopChangeSet>().notNull(),
    status: text("status").$type<ShopChangeStatus>().notNull().default("pending"),
    /** Why staff turned it down (shown to the seller). */
    reason: text("reason").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by"),
  },
  (t) => [
    index("shop_change_requests_shop_idx").on(t.shopId, t.id),
    uniqueIndex("shop_change_requests_one_pending").on(t.shopId).where(sql`status = 'pending'`),
  ],
);
