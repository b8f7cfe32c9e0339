import type { tierInput, tierSettingsInput } from "@shop/contract/admin";
import { asc, count, eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { memberTierStatus, memberTiers, tierSettings } from "../../db/schema/index.js";
import { type AuditHook, adminTable } from "../../lib/admin-table.js";
import { badRequest, conflict } from "../../lib/errors.js";
import { levelsOf, periodOf } from "./status.js";

type Input = z.infer<typeof tierInput>;
type Row = typeof memberTiers.$inferSelect;

/** A level whose rules break the ladder: one base (rank 0, from NT$0), ranks unique, thresholds rising. */
async function checkLadder(tx: Tx, input: Input, id: number | null) {
  const others = (await levelsOf(tx)).filter((l) => l.id !== id);
  const before = id === null ? undefined : (await levelsOf(tx)).find((l) => l.id === id);
  if (before?.rank === 0 && input.rank !== 0) throw badRequest("TIER_BASE_RANK", "基本等級的順序必須為 0");
  if (input.rank === 0 && input.threshold !== 0) throw badRequest("TIER_BASE_THRESHOLD", "基本等級的門檻必須為 NT$0");
  if (input.rank === 0 && !input.active) throw badRequest("TIER_BASE_ACTIVE", "基本等級不可停用");
  if (others.some((l) => l.rank === input.rank)) throw conflict("TIER_RANK_TAKEN", `等級順序 ${input.rank} 已被其他等級使用`);
  if (input.rank > 0 && input.threshold <= 0) throw badRequest("TIER_THRESHOLD", "門檻須大於 NT$0");
  if (!input.active) return;
  const active = others.filter((l) => l.active);
  const below = active.filter((l) => l.rank < input.rank).some((l) => l.threshold >= input.threshold);
  const above = active.filter((l) => l.rank > input.rank).some((l) => l.threshold <= input.threshold);
  if (below || above) throw badRequest("TIER_THRESHOLD_ORDER", "門檻須隨等級遞增：高等級的門檻必須高於低等級");
}

/** The back office's levels (list, create, edit, turn off) and the period setting, each write audited. */
export function createTierLevels(db: Db, now: () => Date) {
  const table = adminTable(db, {
    table: memberTiers,
    missing: "找不到此會員等級",
    view: async (l: Row, q: Db | Tx) => {
      const [n] = await q.select({ n: count() }).from(memberTierStatus).where(eq(memberTierStatus.tierId, l.id));
      return {
        id: l.id,
        name: l.name,
        rank: l.rank,
        threshold: l.threshold,
        discount_percent: l.discountPercent,
        points_multiplier: l.pointsMultiplier,
        free_shipping_threshold: l.freeShippingThreshold,
        birthday_reward: l.birthdayReward,
        active: l.active,
        members: n?.n ?? 0,
      };
    },
    columns: (i: Input) => ({
      name: i.name,
      rank: i.rank,
      threshold: i.threshold,
      discountPercent: i.discount_percent,
      pointsMultiplier: i.points_multiplier,
      freeShippingThreshold: i.free_shipping_threshold,
      active: i.active,
      updatedAt: now(),
    }),
    check: checkLadder,
    orderBy: [asc(memberTiers.rank)] as SQL[],
  });
  type View = Awaited<ReturnType<typeof table.get>>;
  return {
    listLevels: (page: number, perPage: number) => table.list(undefined, page, perPage),
    getLevel: table.get,
    createLevel: (input: Input, audit: AuditHook<View>) => table.create(input, audit),
    updateLevel: (id: number, input: Input, audit: AuditHook<View>) => table.update(id, input, audit),

    settings: async () => ({ period: await periodOf(db) }),
    /** Changes how spend is counted; members are evaluated on the new period from their next evaluation. */
    saveSettings: (input: z.infer<typeof tierSettingsInput>, audit: AuditHook<{ id: number; period: string }>) =>
      db.transaction(async (tx) => {
        const before = { id: 1, period: await periodOf(tx) };
        await tx
          .insert(tierSettings)
          .values({ id: 1, period: input.period, updatedAt: now() })
          .onConflictDoUpdate({ target: tierSettings.id, set: { period: input.period, updatedAt: now() } });
        await audit(tx, before, { id: 1, period: input.period });
        return { period: input.period };
      }),
  };
}
