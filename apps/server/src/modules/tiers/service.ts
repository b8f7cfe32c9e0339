import { desc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { memberTierHistory, memberTierStatus } from "../../db/schema/index.js";
import type { TierPerk } from "../pricing/pricing.js";
import { currentWindow, nextLevel } from "./evaluation.js";
import { createTierLevels } from "./levels.js";
import {
  dueMembers,
  effectiveLevel,
  evaluateMember,
  levelsOf,
  periodOf,
  revisitAfterCancel,
  type TierDeps,
  type TierRow,
} from "./status.js";

const perkView = (l: TierRow) => ({
  id: l.id,
  name: l.name,
  rank: l.rank,
  threshold: l.threshold,
  discount_percent: l.discountPercent,
  points_multiplier: l.pointsMultiplier,
  free_shipping_threshold: l.freeShippingThreshold,
  birthday_reward: l.birthdayReward,
});

/**
 * Member tiers (一般 / VIP / VVIP, decision 94): levels reached by spending over a period, raised
 * at once on payment, renewed or lowered at period end by the job queue, every change in the
 * history; the level's perks priced at checkout.
 */
export function createTiersService(d: TierDeps) {
  const { db } = d;
  async function statusOf(memberId: number) {
    const [status] = await db.select().from(memberTierStatus).where(eq(memberTierStatus.memberId, memberId));
    return status;
  }
  return {
    ...createTierLevels(db, d.now),

    /** The member's level and its perks at checkout; undefined: no active level at all. */
    async tierPerk(memberId: number): Promise<TierPerk | undefined> {
      const level = effectiveLevel(await levelsOf(db), await statusOf(memberId));
      if (!level) return undefined;
      return {
        tierId: level.id,
        name: level.name,
        discountPercent: level.discountPercent,
        freeShippingThreshold: level.freeShippingThreshold,
        pointsMultiplier: level.pointsMultiplier,
      };
    },

    /** An order was paid (or collected on delivery): the member goes up at once if the spend reaches a higher level. */
    onPaid: (tx: Tx, memberId: number) => evaluateMember(d, tx, memberId, false),
    /** An order cancelled or wholly refunded: an upgrade it paid for does not outlive it. */
    onCancelled: (tx: Tx, memberId: number) => revisitAfterCancel(d, tx, memberId),

    /** Period end (the job): every member whose level's period ended is renewed, raised or lowered. */
    async evaluateDue(batch = 200) {
      let done = 0;
      for (;;) {
        const ids = await dueMembers(db, d.now(), batch);
        for (const id of ids) await db.transaction((tx) => evaluateMember(d, tx, id, true));
        done += ids.length;
        if (ids.length < batch) return { evaluated: done };
      }
    },

    /** What the member sees on /member/level: the level, its perks, the spend counted, the next level. */
    async memberView(memberId: number) {
      const levels = await levelsOf(db);
      const status = await statusOf(memberId);
      const level = effectiveLevel(levels, status);
      const period = await periodOf(db);
      const at = d.now();
      const w = currentWindow(period, at);
      const spend = await d.spendOf(db, memberId, w.from, w.to);
      const held = level && level.rank > 0 && status ? status : undefined;
      const next = nextLevel(levels, level?.rank ?? 0);
      // The day the next level must be reached by: this year's last day (calendar), else the end of
      // the level held (or 12 months from now for the base level), the last day before it.
      const by = new Date((period === "calendar" ? yearStartAfter(w.from) : (held?.validUntil ?? w.validUntil)).getTime() - 1);
      return {
        level: level ? perkView(level) : null,
        since: held ? held.since.toISOString() : null,
        valid_until: held ? held.validUntil.toISOString() : null,
        period,
        counted_from: w.from.toISOString(),
        spend,
        next: next
          ? {
              ...perkView(next),
              remaining: Math.max(0, next.threshold - spend),
              by: by.toISOString(),
            }
          : null,
        levels: levels.filter((l) => l.active).map(perkView),
      };
    },

    /** A member's level and history for the back office. */
    async adminMember(memberId: number) {
      const levels = await levelsOf(db);
      const status = await statusOf(memberId);
      const level = effectiveLevel(levels, status);
      const history = await db
        .select()
        .from(memberTierHistory)
        .where(eq(memberTierHistory.memberId, memberId))
        .orderBy(desc(memberTierHistory.id))
        .limit(50);
      const nameOf = (id: number | null) => levels.find((l) => l.id === id)?.name ?? null;
      return {
        level: level ? perkView(level) : null,
        valid_until: level && level.rank > 0 && status ? status.validUntil.toISOString() : null,
        history: history.map((h) => ({
          id: h.id,
          from: nameOf(h.fromTierId),
          to: nameOf(h.toTierId) ?? "",
          reason: h.reason,
          spend: h.spend,
          created_at: h.createdAt.toISOString(),
        })),
      };
    },
  };
}

/** The start of the calendar year after the one that starts at `start`. */
function yearStartAfter(start: Date): Date {
  const next = new Date(start);
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

export type TiersService = ReturnType<typeof createTiersService>;
