import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** A reward given by a birthday or on registration (decision 95): points, 購物金 (wallet NT$) or a coupon. */
export type Reward =
  | { kind: "none" }
  | { kind: "points"; amount: number }
  | { kind: "wallet"; amount: number }
  | { kind: "coupon"; couponId: number; validDays: number };

/**
 * Member levels (一般 / VIP / VVIP, decision 94): reached by spending `threshold` NT$ within the
 * period; rank 0 is the level every member starts at (threshold 0).
 */
export const memberTiers = pgTable(
  "member_tiers",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    rank: integer("rank").notNull(),
    threshold: integer("threshold").notNull(),
    /** Percent off goods (after promotions, before a coupon), 0–50. */
    discountPercent: integer("discount_percent").notNull().default(0),
    /** Points earned × this / 100 (100 = ×1). */
    pointsMultiplier: integer("points_multiplier").notNull().default(100),
    /** Free shipping from this amount (null: the method's own threshold only). */
    freeShippingThreshold: integer("free_shipping_threshold"),
    birthdayReward: jsonb("birthday_reward").$type<Reward>().notNull().default({ kind: "none" }),
    active: boolean("active").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("member_tiers_rank_key").on(t.rank)],
);

/** A member's current level and until when it holds (renewed or lowered at that date). No row: the base level. */
export const memberTierStatus = pgTable("member_tier_status", {
  memberId: integer("member_id").primaryKey(),
  tierId: integer("tier_id").notNull(),
  since: timestamp("since", { withTimezone: true }).notNull(),
  /** The end of the period the level was earned for; evaluated then (renewal or downgrade). */
  validUntil: timestamp("valid_until", { withTimezone: true }).notNull(),
  evaluatedAt: timestamp("evaluated_at", { withTimezone: true }).notNull(),
});

/** Every change of a member's level: upgrade (at once on payment), renewal or downgrade (at period end). */
export const memberTierHistory = pgTable(
  "member_tier_history",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id").notNull(),
    fromTierId: integer("from_tier_id"),
    toTierId: integer("to_tier_id").notNull(),
    reason: text("reason", { enum: ["upgrade", "renewal", "downgrade", "staff"] }).notNull(),
    /** What the member had spent in the period when it was decided. */
    spend: integer("spend").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("member_tier_history_member_idx").on(t.memberId, t.id)],
);

/** Birthday and welcome rewards given, once each: (member, kind, period) is unique — a birthday per year. */
export const rewardGrants = pgTable(
  "reward_grants",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id").notNull(),
    kind: text("kind", { enum: ["birthday", "welcome"] }).notNull(),
    /** "2026" for a birthday; "once" for the welcome gift. */
    period: text("period").notNull(),
    reward: jsonb("reward").$type<Reward>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("reward_grants_key").on(t.memberId, t.kind, t.period)],
);

/** The programme's settings (one row, id 1): how spend is counted and the welcome gift. */
export const tierSettings = pgTable("tier_settings", {
  id: integer("id").primaryKey(),
  /** rolling12: the last 12 months; calendar: this calendar year (Asia/Taipei). */
  period: text("period", { enum: ["rolling12", "calendar"] })
    .notNull()
    .default("rolling12"),
  welcomeReward: jsonb("welcome_reward").$type<Reward>().notNull().default({ kind: "none" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
