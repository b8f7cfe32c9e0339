import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Each outside provider's last answer, shared by every instance (the back office's 系統狀態 page):
 * when it last answered, when it last failed and how. Written at most once a minute per instance
 * while it answers, at every failure.
 */
export const providerStatus = pgTable("provider_status", {
  provider: text("provider").primaryKey(),
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
  lastFailure: text("last_failure").notNull().default(""),
});
