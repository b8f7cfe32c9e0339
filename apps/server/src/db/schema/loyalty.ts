import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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
export const coupons = pgTable(
  "coupons",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    kind: text("kind", { enum: ["amount", "percent"] }).notNull(),
    /** NT$ off, or percent off (1–99). */
    value: integer("value").notNull(),
    minSpend: integer("min_spend").notNull().default(0),
    /** Empty arrays = every product. */
    productIds: jsonb("product_ids").$type<number[]>().notNull().default([]),
    categoryIds: jsonb("category_ids").$type<number[]>().notNull().default([]),
    /**
     * How a shopper gets it (decision 92): issued = given to members (member_coupons); shared = one
     * code typed by anyone (`code`, e.g. SPRING100); single = generated single-use codes (coupon_codes).
     */
    issue: text("issue", { enum: ["issued", "shared", "single"] })
      .notNull()
      .default("issued"),
    /** The shared code, upper-case; unique among coupons. */
    code: text("code"),
    /** When a code may be used (null: no bound). Issued coupons keep their member's own expiry. */
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Orders that may use it in all (null: no limit), and per member. */
    totalLimit: integer("total_limit"),
    perMemberLimit: integer("per_member_limit").notNull().default(1),
    /** Switched off by staff: no new use. */
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("coupons_code_key").on(t.code)],
);

/** Generated single-use codes of a `single` coupon (exported as CSV); each is used by one order. */
export const couponCodes = pgTable(
  "coupon_codes",
  {
    id: serial("id").primaryKey(),
    couponId: integer("coupon_id").notNull(),
    code: text("code").notNull(),
    /** The order holding it; null while unused (set by a conditional update, cleared when the order is cancelled). */
    usedOrderNo: text("used_order_no"),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("coupon_codes_code_key").on(t.code), index("coupon_codes_coupon_idx").on(t.couponId, t.id)],
);

/**
 * Each order that used a typed code (shared or single): what the total and per-member limits
 * count. Placing an order locks the coupon row, counts, then inserts; cancelling sets released_at.
 */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: serial("id").primaryKey(),
    couponId: integer("coupon_id").notNull(),
    memberId: integer("member_id").notNull(),
    orderNo: text("order_no").notNull(),
    /** The single-use code, for a `single` coupon. */
    codeId: integer("code_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("coupon_redemptions_order_key").on(t.orderNo),
    index("coupon_redemptions_coupon_idx").on(t.couponId, t.memberId),
  ],
);

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
