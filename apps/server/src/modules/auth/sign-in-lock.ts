import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { memberSignInLocks } from "../../db/schema/index.js";

/** Every this many failures in a row the account locks. */
const FAILURES_PER_LOCK = 5;
/** The first lock; each next one doubles, up to a day. */
const FIRST_LOCK_MINUTES = 15;
const LONGEST_LOCK_MINUTES = 24 * 60;
/** Failures older than this are forgotten: a mistyped password last week does not count today. */
const FORGET_AFTER_HOURS = 24;

export interface SignInClaim {
  /** False: the account is locked; nothing was checked. */
  allowed: boolean;
  lockedUntil: Date | null;
  /** This attempt is the one that locks the account if it fails (tell the member then). */
  locksOnFailure: boolean;
}

/**
 * Per-account sign-in limits (decision 77), behind the per-address ones: an attempt is counted
 * before the password is checked, in one conditional upsert, so guesses from many addresses at
 * once are counted one by one and no more than five are ever checked before the lock holds.
 */
export function createSignInLock(db: Db, now: () => Date = () => new Date()) {
  const t = memberSignInLocks;
  return {
    async claim(memberId: number): Promise<SignInClaim> {
      const at = now();
      const forgetBefore = new Date(at.getTime() - FORGET_AFTER_HOURS * 3_600_000);
      const failures = sql`case when ${t.lastFailureAt} < ${forgetBefore} then 1 else ${t.failures} + 1 end`;
      const [row] = await db
        .insert(t)
        .values({ memberId, failures: 1, lastFailureAt: at })
        .onConflictDoUpdate({
          target: t.memberId,
          set: {
            failures,
            lastFailureAt: at,
            lockedUntil: sql`case when (${failures}) % ${FAILURES_PER_LOCK} = 0
              then ${at}::timestamptz + make_interval(mins => least(${LONGEST_LOCK_MINUTES}, ${FIRST_LOCK_MINUTES} * power(2, (${failures}) / ${FAILURES_PER_LOCK} - 1)::int))
              else null end`,
          },
          // A locked account is not counted again: the attempt is refused before any check.
          setWhere: sql`${t.lockedUntil} is null or ${t.lockedUntil} <= ${at}`,
        })
        .returning({ failures: t.failures, lockedUntil: t.lockedUntil });
      if (!row) {
        const [held] = await db.select({ until: t.lockedUntil }).from(t).where(eq(t.memberId, memberId));
        return { allowed: false, lockedUntil: held?.until ?? null, locksOnFailure: false };
      }
      return { allowed: true, lockedUntil: row.lockedUntil, locksOnFailure: row.lockedUntil !== null };
    },

    /** The attempt was right (or the password was reset, or staff lifted it): the count starts over. */
    async clear(memberId: number) {
      await db.delete(t).where(eq(t.memberId, memberId));
    },

    async lockedUntil(memberId: number): Promise<Date | null> {
      const [row] = await db.select({ until: t.lockedUntil }).from(t).where(eq(t.memberId, memberId));
      return row?.until && row.until > now() ? row.until : null;
    },
  };
}
