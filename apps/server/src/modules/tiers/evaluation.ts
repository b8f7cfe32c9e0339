/**
 * The pure rules of member tiers (decision 94): which window of spending counts, until when a
 * level holds, and which level a spend reaches. Dates are in Asia/Taipei (UTC+8, no summer time).
 */
export type TierPeriod = "rolling12" | "calendar";

export interface Level {
  id: number;
  name: string;
  rank: number;
  threshold: number;
  active: boolean;
}

const TAIPEI_MS = 8 * 3600_000;

/** The Taipei calendar year of a moment. */
export function taipeiYear(at: Date): number {
  return new Date(at.getTime() + TAIPEI_MS).getUTCFullYear();
}

/** 00:00 on 1 January of `year` in Taipei. */
export function yearStart(year: number): Date {
  return new Date(Date.UTC(year, 0, 1) - TAIPEI_MS);
}

/** The same moment `months` calendar months later (Taipei calendar; the day clamped to the month's end). */
export function addMonths(at: Date, months: number): Date {
  const t = new Date(at.getTime() + TAIPEI_MS);
  const day = t.getUTCDate();
  t.setUTCDate(1);
  t.setUTCMonth(t.getUTCMonth() + months);
  const last = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)).getUTCDate();
  t.setUTCDate(Math.min(day, last));
  return new Date(t.getTime() - TAIPEI_MS);
}

export interface Window {
  /** Spending counted in [from, to). */
  from: Date;
  to: Date;
  /** Until when a level decided on this window holds. */
  validUntil: Date;
}

/**
 * The window counted now, for an upgrade on payment: the last 12 months (the level then holds 12
 * months), or this calendar year so far (the level then holds to the end of next year).
 */
export function currentWindow(period: TierPeriod, at: Date): Window {
  const to = new Date(at.getTime() + 1);
  if (period === "rolling12") return { from: addMonths(at, -12), to, validUntil: addMonths(at, 12) };
  const y = taipeiYear(at);
  return { from: yearStart(y), to, validUntil: yearStart(y + 2) };
}

/**
 * The window counted at period end (renewal or downgrade): the last 12 months (held 12 more), or
 * the calendar year just ended (held to the end of this year).
 */
export function closingWindow(period: TierPeriod, at: Date): Window {
  if (period === "rolling12") return currentWindow(period, at);
  const y = taipeiYear(at);
  return { from: yearStart(y - 1), to: yearStart(y), validUntil: yearStart(y + 1) };
}

/** The highest active level the spend reaches (rank 0, threshold 0, is always reached); undefined: no active level. */
export function reachedLevel<L extends Level>(levels: L[], spend: number): L | undefined {
  return levels.filter((l) => l.active && (l.threshold <= spend || l.rank === 0)).sort((a, b) => b.rank - a.rank)[0];
}

/** The next active level above `rank`, if any. */
export function nextLevel<L extends Level>(levels: L[], rank: number): L | undefined {
  return levels.filter((l) => l.active && l.rank > rank).sort((a, b) => a.rank - b.rank)[0];
}

export type Decision = { kind: "none" } | { kind: "upgrade" | "renewal" | "downgrade"; to: Level };

/**
 * On payment: only ever up. At period end: the level the closing window's spend reaches — the
 * same (renewal), higher (upgrade) or lower (downgrade).
 */
export function decide(levels: Level[], current: Level | undefined, spend: number, atPeriodEnd: boolean): Decision {
  const reached = reachedLevel(levels, spend);
  if (!reached) return { kind: "none" };
  const rank = current?.rank ?? 0;
  if (reached.rank > rank) return { kind: "upgrade", to: reached };
  if (!atPeriodEnd) return { kind: "none" };
  return reached.rank === rank ? { kind: "renewal", to: reached } : { kind: "downgrade", to: reached };
}
