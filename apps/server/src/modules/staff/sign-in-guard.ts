import { and, eq, isNull, sql } from "drizzle-orm";
import { type Db, single } from "../../db/client.js";
import { staffSignInGuards } from "../../db/schema/index.js";
import { tooManyRequests } from "../../lib/errors.js";

export type Guard = typeof staffSignInGuards.$inferSelect;

/** Per-username sign-in lock (decision 79): the fifth failure in a row locks for 15 min, each lock after it twice as long, up to a day. */
export const MAX_FAILURES = 5;
const FIRST_LOCK_MINUTES = 15;
const MAX_LOCK_MINUTES = 24 * 60;
/** A run of failures is forgotten after a day without attempts (and no lock running). */
const GUARD_QUIET_MS = 24 * 3_600_000;

/** A lock running now, or none. */
export const activeLock = (g: { lockedUntil: Date | null } | null | undefined, at: Date) =>
  g?.lockedUntil && g.lockedUntil > at ? g.lockedUntil : null;
/** Failures of the run still counting (zero once a lock ran out or after a quiet day). */
export function liveFailures(g: Guard | null | undefined, at: Date): number {
  if (!g) return 0;
  if (activeLock(g, at)) return g.failures;
  if (g.lockedUntil) return 0;
  return g.updatedAt.getTime() > at.getTime() - GUARD_QUIET_MS ? g.failures : 0;
}

/** The refusal while a name is locked: the same whatever the password, and for names that are no account. */
export function lockedOut(lockedUntil: Date | null, at: Date) {
  const minutes = lockedUntil ? Math.max(1, Math.ceil((lockedUntil.getTime() - at.getTime()) / 60_000)) : FIRST_LOCK_MINUTES;
  const wait = minutes < 60 ? `${minutes} 分鐘` : `${Math.ceil(minutes / 60)} 小時`;
  return tooManyRequests(
    "STAFF_SIGN_IN_LOCKED",
    `登入失敗次數過多，此帳號已暫停登入，請於 ${wait}後再試；如需立即使用，請洽擁有者解除鎖定`,
    minutes * 60,
  );
}

/** The sign-in attempts counted per username, whatever address they come from (decision 79). */
export function createSignInGuard(db: Db) {
  const g = staffSignInGuards;
  return {
    guardOf: async (username: string) =>
      (await db.select().from(staffSignInGuards).where(eq(staffSignInGuards.username, username)))[0] ?? null,

    /**
     * Counts an attempt before anything is checked, in one upsert (its row lock orders attempts made
     * at once): a run starts again after a lock ran out, and from nothing after a quiet day.
     */
    async claimAttempt(username: string, at: Date) {
      const quiet = new Date(at.getTime() - GUARD_QUIET_MS);
      const ranOut = sql`${g.lockedUntil} <= ${at}::timestamptz`;
      const forgotten = sql`(${g.updatedAt} < ${quiet}::timestamptz and (${g.lockedUntil} is null or ${ranOut}))`;
      return single(
        await db
          .insert(g)
          .values({ username, failures: 1, locks: 0, updatedAt: at })
          .onConflictDoUpdate({
            target: g.username,
            set: {
              failures: sql`case when ${ranOut} or ${forgotten} then 1 else ${g.failures} + 1 end`,
              locks: sql`case when ${forgotten} then 0 else ${g.locks} end`,
              lockedUntil: sql`case when ${ranOut} then null else ${g.lockedUntil} end`,
              updatedAt: at,
            },
          })
          .returning({ failures: g.failures, lockedUntil: g.lockedUntil }),
      );
    },
    /** A failed attempt: once the run reaches the limit, the name locks (one of the failures at once sets it). */
    async failed(username: string, at: Date) {
      await db
        .update(g)
        .set({
          lockedUntil: sql`${at}::timestamptz + make_interval(mins => least(${FIRST_LOCK_MINUTES}::int * power(2, least(${g.locks}, 10)), ${MAX_LOCK_MINUTES}::int)::int)`,
          locks: sql`${g.locks} + 1`,
        })
        .where(and(eq(g.username, username), sql`${g.failures} >= ${MAX_FAILURES}`, isNull(g.lockedUntil)));
    },
    /** Takes back the attempt counted for one that was not a failure. */
    async uncount(username: string) {
      await db
        .update(g)
        .set({ failures: sql`greatest(${g.failures} - 1, 0)` })
        .where(eq(g.username, username));
    },
    /** A full sign-in clears the name's run of failures. */
    async clear(username: string) {
      await db.delete(g).where(eq(g.username, username));
    },
  };
}
