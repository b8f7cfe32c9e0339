import { z } from "../zod.js";
import { adminPage } from "./envelope.js";

/** Member tiers (decision 94): a level's perks, the member's level page, the back office's views. */
const int = z.number().int();

const reward = z.union([
  z.object({ kind: z.literal("none") }),
  z.object({ kind: z.literal("points"), amount: int }),
  z.object({ kind: z.literal("wallet"), amount: int }),
  z.object({ kind: z.literal("coupon"), couponId: int, validDays: int }),
]);

export const tierPerks = z.object({
  id: int,
  name: z.string(),
  rank: int,
  threshold: int,
  discount_percent: int,
  /** Points × this / 100. */
  points_multiplier: int,
  free_shipping_threshold: int.nullable(),
  birthday_reward: reward,
});

/** /api/member/tier: the member's level, what it gives, the spend counted and the next level. */
export const memberTierView = z.object({
  level: tierPerks.nullable(),
  since: z.string().nullable(),
  valid_until: z.string().nullable(),
  period: z.enum(["rolling12", "calendar"]),
  counted_from: z.string(),
  spend: int,
  next: tierPerks.extend({ remaining: int, by: z.string() }).nullable(),
  levels: z.array(tierPerks),
});

export const adminTier = tierPerks.extend({ active: z.boolean(), members: int });
export const adminTierPage = adminPage(adminTier);
export const tierSettingsView = z.object({ period: z.enum(["rolling12", "calendar"]) });

export const adminMemberTier = z.object({
  level: tierPerks.nullable(),
  valid_until: z.string().nullable(),
  history: z.array(
    z.object({
      id: int,
      from: z.string().nullable(),
      to: z.string(),
      reason: z.enum(["upgrade", "renewal", "downgrade", "staff"]),
      spend: int,
      created_at: z.string(),
    }),
  ),
});

/** /api/point/team: the referral percentages and the team points the member earned by them. */
export const teamPointsView = z.object({ level1: int, level2: int, earned1: int, earned2: int });
