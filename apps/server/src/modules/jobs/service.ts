import { randomUUID } from "node:crypto";
import { and, count, desc, eq, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { jobs } from "../../db/schema/index.js";
import { conflict } from "../../lib/errors.js";

export type JobRow = typeof jobs.$inferSelect;
export type JobHandler = (payload: Record<string, unknown>) => Promise<unknown>;

/** Writes the audit log entry of a staff action in its transaction (the staff module's `record`). */
type AuditRecord = (tx: Tx, change: { action: string; entity: string; entityId: number; after?: unknown }) => Promise<void>;

export interface PeriodicJob {
  kind: string;
  everySeconds: number;
}

/** How long a claimed job may run before another instance assumes its runner died. */
const STALE_AFTER_SECONDS = 300;
const MAX_ATTEMPTS = 5;

/**
 * A job queue in PostgreSQL (decision 29): any instance enqueues, schedules and runs jobs; a job
 * is claimed by one instance (FOR UPDATE SKIP LOCKED) and handlers are idempotent, so a job whose
 * runner died mid-way (claimed longer than 5 minutes ago) can safely run again elsewhere.
 */
export function createJobsService(
  db: Db,
  now: () => Date = () => new Date(),
  /** Told when a job gives up after its last attempt (the error reporter). */
  onGiveUp: (job: JobRow, error: unknown) => void = () => {},
) {
  const instance = `${process.pid}-${randomUUID().slice(0, 8)}`;

  /** Moves a job out of `failed` and writes the audit entry, in one transaction. */
  async function settleFailed(id: number, set: Partial<JobRow>, action: string, record: AuditRecord) {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(jobs)
        .set(set)
        .where(and(eq(jobs.id, id), eq(jobs.status, "failed")))
        .returning();
      if (!row) throw conflict("JOB_NOT_FAILED", "此工作目前不是失敗狀態");
      await record(tx, { action, entity: "job", entityId: id, after: { kind: row.kind, status: row.status } });
      return row;
    });
  }
  const handlers = new Map<string, JobHandler>();

  return {
    instance,
    register(kind: string, handler: JobHandler) {
      handlers.set(kind, handler);
    },

    /**
     * Queues a job; with a dedupe key, a second enqueue of the same key is a no-op (returns null).
     * Inside a transaction (`q`), the job exists exactly when the transaction commits.
     */
    async enqueue(
      kind: string,
      payload: Record<string, unknown> = {},
      opts: { runAt?: Date; dedupeKey?: string } = {},
      q: Db | Tx = db,
    ) {
      const [row] = await q
        .insert(jobs)
        .values({ kind, payload, runAt: opts.runAt ?? now(), dedupeKey: opts.dedupeKey ?? null })
        .onConflictDoNothing({ target: jobs.dedupeKey })
        .returning();
      return row ?? null;
    },

    /** Queues the current slot of each periodic job (every instance calls this; each slot is queued once). */
    async schedule(periodic: PeriodicJob[]) {
      const t = now().getTime();
      for (const p of periodic) {
        const slot = new Date(Math.floor(t / (p.everySeconds * 1000)) * p.everySeconds * 1000);
        await this.enqueue(p.kind, {}, { runAt: slot, dedupeKey: `${p.kind}@${slot.toISOString()}` });
      }
    },

    /** Claims one due job for this instance, or null. Stale claims of dead runners are taken over. */
    async claim(): Promise<JobRow | null> {
      const staleBefore = new Date(now().getTime() - STALE_AFTER_SECONDS * 1000);
      const rows = await db.execute(sql`
        update ${jobs} set status = 'running', locked_by = ${instance}, locked_at = ${now()}, attempts = ${jobs.attempts} + 1
        where ${jobs.id} = (
          select id from ${jobs}
          where (${jobs.status} = 'queued' and ${jobs.runAt} <= ${now()})
             or (${jobs.status} = 'running' and ${jobs.lockedAt} < ${staleBefore})
          order by ${jobs.runAt}
          for update skip locked
          limit 1
        )
        returning ${jobs.id} as id`);
      const id = (rows as unknown as { rows: Array<{ id: number }> }).rows[0]?.id;
      if (id === undefined) return null;
      return (await db.select().from(jobs).where(eq(jobs.id, id)))[0] ?? null;
    },

    /** Runs due jobs until none is left (or `max` ran). Returns how many ran. */
    async runDue(max = 20): Promise<number> {
      let ran = 0;
      for (; ran < max; ran++) {
        const job = await this.claim();
        if (!job) break;
        const handler = handlers.get(job.kind);
        try {
          if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
          await handler(job.payload);
          await db
            .update(jobs)
            .set({ status: "done", finishedAt: now(), lastError: null })
            .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, instance)));
          // A periodic sweep that ran covers the earlier slots that gave up: they are no longer stuck.
          if (job.dedupeKey === `${job.kind}@${job.runAt.toISOString()}`)
            await db
              .update(jobs)
              .set({ status: "dismissed" })
              .where(
                and(
                  eq(jobs.status, "failed"),
                  eq(jobs.kind, job.kind),
                  lt(jobs.runAt, job.runAt),
                  sql`${jobs.dedupeKey} like ${`${job.kind}@%`}`,
                ),
              );
        } catch (error) {
          const failed = job.attempts >= MAX_ATTEMPTS;
          // Retried later with a growing delay; given up after five attempts.
          await db
            .update(jobs)
            .set({
              status: failed ? "failed" : "queued",
              lastError: String((error as Error).message ?? error).slice(0, 500),
              runAt: new Date(now().getTime() + 2 ** job.attempts * 1000),
              finishedAt: failed ? now() : null,
            })
            .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, instance)));
          if (failed) onGiveUp(job, error);
        }
      }
      return ran;
    },

    async get(id: number) {
      return (await db.select().from(jobs).where(eq(jobs.id, id)))[0] ?? null;
    },

    /** Jobs that gave up, waiting for staff (stuck work for /metrics and 系統狀態). */
    async failedCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(jobs).where(eq(jobs.status, "failed"));
      return row?.n ?? 0;
    },
    async failed(limit = 50) {
      return db.select().from(jobs).where(eq(jobs.status, "failed")).orderBy(desc(jobs.finishedAt)).limit(limit);
    },
    /** 重新執行: a given-up job runs again now, with five fresh attempts. Only from `failed`, so twice is once. */
    retryFailed: (id: number, record: AuditRecord) =>
      settleFailed(
        id,
        { status: "queued", attempts: 0, runAt: now(), finishedAt: null, lockedBy: null, lockedAt: null },
        "job.retry",
        record,
      ),
    /** 略過: staff handled it by hand; it no longer counts as stuck. */
    dismissFailed: (id: number, record: AuditRecord) => settleFailed(id, { status: "dismissed" }, "job.dismiss", record),

    /** Drops finished periodic slots older than a day (they only prove the slot ran). */
    async prune() {
      await db.delete(jobs).where(and(eq(jobs.status, "done"), lt(jobs.finishedAt, new Date(now().getTime() - 86_400_000))));
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;

/** The queue keeps itself tidy: old finished rows go daily (background-work schedules it). */
export function registerQueueJobs(jobs: JobsService) {
  jobs.register("jobs.prune", () => jobs.prune());
}
