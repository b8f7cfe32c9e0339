import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * A member's points and wallet balances. The database holds the invariants (migration 0015, SQL
 * only): a ledger entry's insert trigger moves the balance, any other change of a balance is
 * refused, balances are CHECKed non-negative, and entries are append-only.
 */
export const loyaltyAccounts = pgTable("loyalty_accounts", {
  memberId: integer("member_id").primaryKey(),
  points: integer("points").notNull().default(0),
  /** NT$. */
  wallet: integer("wallet").notNull().default(0),
});

const ledgerColumns = {
  id: serial("id").primaryKey(),
  memberId: integer("member_id").notNull(),
  delta: integer("delta").notNull(),
  /** Why, in words the member reads on their ledger page. */
  reason: text("reason").notNull(),
  /** What caused it, e.g. "order:20261122123456:use"; unique per member so a retry cannot apply twice. */
  ref: text("ref").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
};

export const pointEntries = pgTable("point_entries", ledgerColumns, (t) => [
  index("point_entries_member_idx").on(t.memberId, t.id),
  uniqueIndex("point_entries_ref_key").on(t.memberId, t.ref),
]);

export const walletEntries = pgTable("wallet_entries", ledgerColumns, (t) => [
  index("wallet_entries_member_idx").on(t.memberId, t.id),
  uniqueIndex("wallet_entries_ref_key").on(t.memberId, t.ref),
]);

/** A coupon definition (issued to members as member_coupons). */
export const coupons = pgTable("coupons", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  kind: text("kind", { enum: ["amount", "percent"] }).notNull(),
  /** NT$ off, or percent off (1–99). */
  value: integer("value").notNull(),
  minSpend: integer("min_spend").notNull().default(0),
  /** Empty arrays = every product. */
  productIds: jsonb("product_ids").$type<number[]>().notNull().default([]),
  categoryIds: jsonb("category_ids").$type<number[]>().notNull().default([]),
});

export const memberCoupons = pgTable(
  "member_coupons",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id").notNull(),
    couponId: integer("coupon_id").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The order that used it; null while available. Set by a conditional update (used once). */
    usedOrderNo: text("used_order_no"),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("member_coupons_member_idx").on(t.memberId)],
);

/**
 * The cloud depot (雲端庫存): goods a member bought with the depot ship method and has not picked
 * up yet, as a ledger per variant (balance = sum of qty).
 */
export const depotEntries = pgTable(
  "depot_entries",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id").notNull(),
    variantId: integer("variant_id").notNull(),
    qty: integer("qty").notNull(),
    reason: text("reason").notNull(),
    ref: text("ref").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("depot_entries_member_idx").on(t.memberId, t.variantId)],
);

/** Completed purchases per member and calendar month (Asia/Taipei): the monthly-member qualification. */
export const monthlySpend = pgTable(
  "monthly_spend",
  {
    memberId: integer("member_id").notNull(),
    /** "2026-11" */
    month: text("month").notNull(),
    amount: integer("amount").notNull().default(0),
  },
  (t) => [uniqueIndex("monthly_spend_key").on(t.memberId, t.month)],
);

/** A pick-up from the cloud depot, shipped by HCT to an address-book address. */
export const depotTakeouts = pgTable(
  "depot_takeouts",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id").notNull(),
    items: jsonb("items").$type<Array<{ variant_id: number; qty: number; name: string }>>().notNull(),
    address: jsonb("address")
      .$type<{ name: string; phone: string; zip: string; county: string; district: string; line: string }>()
      .notNull(),
    fee: integer("fee").notNull(),
    status: text("status", { enum: ["requested", "shipped", "delivered"] }).notNull(),
    trackingNo: text("tracking_no"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("depot_takeouts_member_idx").on(t.memberId, t.id)],
);

/**
 * Each completed order's qualifying amount, in the month it completed: what monthly spend is
 * made of, so a return takes exactly its amount off that month, and the month-end settlement can
 * find the orders whose uplines qualified only later in the month.
 */
export const monthPurchases = pgTable(
  "month_purchases",
  {
    orderNo: text("order_no").primaryKey(),
    memberId: integer("member_id").notNull(),
    /** "2026-11" (Asia/Taipei). */
    month: text("month").notNull(),
    amount: integer("amount").notNull(),
    /** How much of the amount refunds took back off the month (partial refunds take a share). */
    returned: integer("returned").notNull().default(0),
    returnedAt: timestamp("returned_at", { withTimezone: true }),
  },
  (t) => [index("month_purchases_month_idx").on(t.month)],
);

/** One row per settled month (the settlement may run again; it only adds what is missing). */
export const monthSettlements = pgTable("month_settlements", {
  month: text("month").primaryKey(),
  qualifiedMembers: integer("qualified_members").notNull(),
  /** Team points credited by settlement runs for this month (not those credited at completion). */
  teamPointsCredited: integer("team_points_credited").notNull(),
  settledAt: timestamp("settled_at", { withTimezone: true }).notNull(),
});
