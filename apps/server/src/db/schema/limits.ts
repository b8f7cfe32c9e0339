import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Fixed-window hit counters for rate limits when no Redis is configured: one row per key and
 * window, bumped by a single upsert … returning, so concurrent hits can never both see room.
 */
export const rateCounters = pgTable("rate_counters", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  /** The window ends here; the next hit after it starts a new window at 1. */
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
