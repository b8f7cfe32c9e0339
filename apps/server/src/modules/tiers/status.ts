import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { memberTierHistory, memberTierStatus, memberTiers, tierSettings } from "../../db/schema/index.js";
import { closingWindow, currentWindow, decide, reachedLevel, type TierPeriod, type Window } from "./evaluation.js";
import { levelChangeWords, levelTakenBackWords, type TierNoticeWords } from "./notice-words.js";

export type TierRow = typeof memberTiers.$inferSelect;
type StatusRow = typeof memberTierStatus.$inferSelect;

/** What a member spent in [from, to): given by the orders module (decision 94). */
type SpendOf = (q: Db | Tx, memberId: number, from: Date, to: Date) => Promise<number>;
/** The member's on-site notice (and LINE / e-mail) in the caller's transaction, in the member's language. */
type TierNotice = (tx: Tx, memberId: number, n: TierNoticeWords & { key: string }) => Promise<void>;

export interface TierDeps {
  db: Db;
  spendOf: SpendOf;
  notify: TierNotice;
  now: () => Date;
}

export const levelsOf = (q: Db | Tx): Promise<TierRow[]> => q.select().from(memberTiers).orderBy(asc(memberTiers.rank));

export async function periodOf(q: Db | Tx): Promise<TierPeriod> {
  const [row] = await q.select({ period: tierSettings.period }).from(tierSettings).where(eq(tierSettings.id, 1));
  return row?.period ?? "rolling12";
}

/** The level a status row stands for: its own if active, else the highest active one below it; no row: the base. */
export function effectiveLevel(levels: TierRow[], status: StatusRow | undefined): TierRow | undefined {
  const rank = levels.find((l) => l.id === status?.tierId)?.rank ?? 0;
  return levels.filter((l) => l.active && l.rank <= rank).sort((a, b) => b.rank - a.rank)[0];
}

/**
 * Locks the member's status row for the rest of the transaction: an upsert makes sure there is a
 * row to lock (a base-level placeholder, due at once, that the period-end job clears), then
 * SELECT … FOR UPDATE. Concurrent payments of one member are evaluated one after the other, each
 * seeing the ones before it.
 */
async function lockStatus(tx: Tx, memberId: number, base: TierRow, at: Date): Promise<StatusRow> {
  await tx
    .insert(memberTierStatus)
    .values({ memberId, tierId: base.id, since: at, validUntil: at, evaluatedAt: at })
    .onConflictDoNothing();
  const [row] = await tx.select().from(memberTierStatus).where(eq(memberTierStatus.memberId, memberId)).for("update");
  if (!row) throw new Error(`member_tier_status ${memberId} vanished under its lock`);
  return row;
}

/**
 * Re-evaluates one member inside `tx`: on payment (only ever up, on the window so far) or at the
 * end of the level's period (renewal, upgrade or downgrade on the closing window). Writes the
 * status, a history row and the member's notice; returns what was decided.
 */
export async function evaluateMember(d: TierDeps, tx: Tx, memberId: number, atPeriodEnd: boolean) {
  const at = d.now();
  const levels = await levelsOf(tx);
  const base = levels.find((l) => l.rank === 0) ?? levels[0];
  if (!base) return { kind: "none" as const };
  const status = await lockStatus(tx, memberId, base, at);
  if (atPeriodEnd && status.validUntil > at) return { kind: "none" as const };
  const period = await periodOf(tx);
  const w: Window = atPeriodEnd ? closingWindow(period, at) : currentWindow(period, at);
  const spend = await d.spendOf(tx, memberId, w.from, w.to);
  const holding = levels.find((l) => l.id === status.tierId);
  const decision = decide(levels, holding, spend, atPeriodEnd);
  if (decision.kind === "none") return decision;
  const to = decision.to;
  if (to.rank === 0 && (holding?.rank ?? 0) === 0) {
    // The placeholder of a base member: nothing changed, nothing to tell.
    await tx.delete(memberTierStatus).where(eq(memberTierStatus.memberId, memberId));
    return { kind: "none" as const };
  }
  if (to.rank === 0) await tx.delete(memberTierStatus).where(eq(memberTierStatus.memberId, memberId));
  else
    await tx
      .update(memberTierStatus)
      .set({
        tierId: to.id,
        since: decision.kind === "renewal" ? status.since : at,
        validUntil: w.validUntil,
        evaluatedAt: at,
      })
      .where(eq(memberTierStatus.memberId, memberId));
  const [h] = await tx
    .insert(memberTierHistory)
    .values({ memberId, fromTierId: holding?.id ?? null, toTierId: to.id, reason: decision.kind, spend, createdAt: at })
    .returning({ id: memberTierHistory.id });
  const until = to.rank === 0 ? undefined : new Date(w.validUntil.getTime() - 1);
  await d.notify(tx, memberId, { ...levelChangeWords(decision.kind, to.name, spend, until), key: `tier:${h?.id}` });
  return { kind: decision.kind, to: to.name };
}

/**
 * An order was cancelled or wholly refunded (review of issue 50): a level reached by an upgrade on
 * payment in this window must still be held by what is left of the spend; if not, the member goes
 * back to the level they had before that upgrade, or the one the spend still reaches if higher.
 * Levels earned at a period end are not touched (they were earned on a window already closed).
 */
export async function revisitAfterCancel(d: TierDeps, tx: Tx, memberId: number) {
  const [status] = await tx.select().from(memberTierStatus).where(eq(memberTierStatus.memberId, memberId)).for("update");
  if (!status) return { kind: "none" as const };
  const [upgrade] = await tx
    .select()
    .from(memberTierHistory)
    .where(and(eq(memberTierHistory.memberId, memberId), eq(memberTierHistory.toTierId, status.tierId)))
    .orderBy(desc(memberTierHistory.id))
    .limit(1);
  if (upgrade?.reason !== "upgrade" || upgrade.createdAt.getTime() !== status.since.getTime()) return { kind: "none" as const };
  const levels = await levelsOf(tx);
  const holding = levels.find((l) => l.id === status.tierId);
  const w = currentWindow(await periodOf(tx), d.now());
  const spend = await d.spendOf(tx, memberId, w.from, w.to);
  if (!holding || spend >= holding.threshold) return { kind: "none" as const };
  const before = levels.find((l) => l.id === upgrade.fromTierId);
  const reached = reachedLevel(levels, spend);
  const to = [before, reached].filter((l) => l !== undefined).sort((a, b) => b.rank - a.rank)[0];
  if (!to || to.id === holding.id) return { kind: "none" as const };
  const at = d.now();
  if (to.rank === 0) await tx.delete(memberTierStatus).where(eq(memberTierStatus.memberId, memberId));
  else
    await tx
      .update(memberTierStatus)
      .set({ tierId: to.id, since: at, evaluatedAt: at })
      .where(eq(memberTierStatus.memberId, memberId));
  const [h] = await tx
    .insert(memberTierHistory)
    .values({ memberId, fromTierId: holding.id, toTierId: to.id, reason: "downgrade", spend, createdAt: at })
    .returning({ id: memberTierHistory.id });
  await d.notify(tx, memberId, { ...levelTakenBackWords(to.name, spend), key: `tier:${h?.id}` });
  return { kind: "downgrade" as const, to: to.name };
}

/** Members whose level's period has ended (oldest first, a batch at a time). */
export async function dueMembers(db: Db, at: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: memberTierStatus.memberId })
    .from(memberTierStatus)
    .where(sql`${memberTierStatus.validUntil} <= ${at}`)
    .orderBy(asc(memberTierStatus.validUntil))
    .limit(limit);
  return rows.map((r) => r.id);
}
