import type { RewardView } from "@shop/contract/admin";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { memberTierStatus, memberTiers, type Reward, rewardGrants, tierSettings } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import { effectiveLevel, levelsOf } from "./status.js";

// The flow names a reward from here (flows own no table).
export type { Reward };

/** A reward as the API shows and takes it (snake case). */
export const rewardView = (r: Reward): RewardView =>
  r.kind === "coupon" ? { kind: "coupon", coupon_id: r.couponId, valid_days: r.validDays } : r;
export const rewardOf = (v: RewardView): Reward =>
  v.kind === "coupon" ? { kind: "coupon", couponId: v.coupon_id, validDays: v.valid_days } : v;

/**
 * The tiers module's rewards (decision 95): the welcome gift and each level's birthday gift as
 * staff set them, and the grants — one row per member, kind and period, inserted in the same
 * transaction as the reward itself, so a reward is given once whichever instance runs the job.
 */
export function createTierRewards(db: Db, now: () => Date) {
  async function settingsRow(q: Db | Tx) {
    const [row] = await q.select().from(tierSettings).where(eq(tierSettings.id, 1));
    return row;
  }

  return {
    async welcomeReward(q: Db | Tx = db): Promise<Reward> {
      return (await settingsRow(q))?.welcomeReward ?? { kind: "none" };
    },

    /** Sets the welcome gift, locking the settings row; returns the reward before and after (for the audit log). */
    async setWelcomeReward(tx: Tx, reward: Reward) {
      await tx.insert(tierSettings).values({ id: 1 }).onConflictDoNothing();
      const [before] = await tx.select().from(tierSettings).where(eq(tierSettings.id, 1)).for("update");
      await tx.update(tierSettings).set({ welcomeReward: reward, updatedAt: now() }).where(eq(tierSettings.id, 1));
      return { before: before?.welcomeReward ?? ({ kind: "none" } as Reward), after: reward };
    },

    /** Every level (active or not) with its birthday gift, lowest first. */
    async levelRewards() {
      const rows = await db.select().from(memberTiers).orderBy(asc(memberTiers.rank));
      return rows.map((t) => ({ id: t.id, name: t.name, active: t.active, birthdayReward: t.birthdayReward }));
    },

    async setBirthdayReward(tx: Tx, tierId: number, reward: Reward) {
      const [before] = await tx.select().from(memberTiers).where(eq(memberTiers.id, tierId)).for("update");
      if (!before) throw notFound("TIER_NOT_FOUND", "找不到此會員等級");
      await tx.update(memberTiers).set({ birthdayReward: reward, updatedAt: now() }).where(eq(memberTiers.id, tierId));
      return { name: before.name, before: before.birthdayReward, after: reward };
    },

    /** The member's level now, as checkout sees it: their status row's if active, else the highest active below; no row: the base. */
    async levelOf(memberId: number, q: Db | Tx = db) {
      const [status] = await q.select().from(memberTierStatus).where(eq(memberTierStatus.memberId, memberId));
      return effectiveLevel(await levelsOf(q), status);
    },

    /** Claims a reward for a member once: true when this call made the grant (the caller gives the reward in the same transaction). */
    async claim(tx: Tx, memberId: number, kind: "birthday" | "welcome", period: string, reward: Reward) {
      const rows = await tx
        .insert(rewardGrants)
        .values({ memberId, kind, period, reward, createdAt: now() })
        .onConflictDoNothing()
        .returning({ id: rewardGrants.id });
      return rows.length > 0;
    },

    /** Which of these members already had the reward for the period (the job skips them before locking anything). */
    async granted(kind: "birthday" | "welcome", period: string, memberIds: number[]) {
      if (memberIds.length === 0) return new Set<number>();
      const rows = await db
        .select({ memberId: rewardGrants.memberId })
        .from(rewardGrants)
        .where(and(eq(rewardGrants.kind, kind), eq(rewardGrants.period, period), inArray(rewardGrants.memberId, memberIds)));
      return new Set(rows.map((r) => r.memberId));
    },
  };
}

export type TierRewards = ReturnType<typeof createTierRewards>;
