import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Background work any instance may run (decision 29). A job is claimed with FOR UPDATE SKIP
 * LOCKED, so one instance runs it; a periodic job's slot has a dedupe key, so however many
 * instances schedule it, the slot is queued once.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    /** A periodic slot (`kind@2026-11-22T22:05:00Z`) or any caller's key: queued at most once. */
    dedupeKey: text("dedupe_key"),
    /** `failed`: gave up after five attempts, waiting for staff (系統狀態: 重新執行 or 略過 → `dismissed`). */
    status: text("status", { enum: ["queued", "running", "done", "failed", "dismissed"] })
      .notNull()
      .default("queued"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lockedBy: text("locked_by"),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("jobs_due_idx").on(t.status, t.runAt), uniqueIndex("jobs_dedupe_key").on(t.dedupeKey)],
);
