import { integer, pgTable, timestamp } from "drizzle-orm/pg-core";

/**
 * Sign-in attempts per member account, whatever address they come from (decision 77): each attempt
 * is counted before the password is checked; every fifth failure locks the account for a time that
 * doubles (15 minutes up to a day). A right password, a password reset or staff clear it.
 */
export const memberSignInLocks = pgTable("member_sign_in_locks", {
  memberId: integer("member_id").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
});
