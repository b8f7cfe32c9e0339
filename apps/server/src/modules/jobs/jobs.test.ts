import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { jobs } from "../../db/schema/index.js";
import { freshDatabase } from "../../test/harness.js";
import { createJobsService } from "./service.js";

let database: Database;
let dispose: () => Promise<void>;
let clock = new Date("2026-11-22T10:00:00Z");
const now = () => clock;
beforeAll(async () => {
  ({ database, dispose } = await freshDatabase());
  await database.migrate();
});
afterAll(() => dispose());

/** Two instances of the app, as far as the queue is concerned: same database, own handlers. */
function twoInstances(kind: string, handler: (who: string) => Promise<unknown>) {
  const a = createJobsService(database.db, now);
  const b = createJobsService(database.db, now);
  a.register(kind, () => handler("a"));
  b.register(kind, () => handler("b"));
  return [a, b] as const;
}

describe("the PostgreSQL job queue", () => {
  it("a job enqueued on one instance runs once, whichever instance polls", async () => {
    const ran: string[] = [];
    const [a, b] = twoInstances("mail.welcome", async (who) => {
      ran.push(who);
    });
    const job = await a.enqueue("mail.welcome", { member_id: 7 });
    const counts = await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(1);
    expect(ran).toHaveLength(1);
    const done = await a.get(job?.id ?? 0);
    expect(done).toMatchObject({ status: "done", attempts: 1 });
    expect([a.instance, b.instance]).toContain(done?.lockedBy);
  });

  it("a periodic slot is queued once however many instances schedule it", async () => {
    const ran: string[] = [];
    const [a, b] = twoInstances("report.hourly", async (who) => {
      ran.push(who);
    });
    const periodic = [{ kind: "report.hourly", everySeconds: 3600 }];
    await Promise.all([a.schedule(periodic), b.schedule(periodic), a.schedule(periodic)]);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(ran).toHaveLength(1);
    clock = new Date(clock.getTime() + 3600_000);
    await Promise.all([a.schedule(periodic), b.schedule(periodic)]);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(ran).toHaveLength(2);
    const rows = await database.db.select().from(jobs).where(eq(jobs.kind, "report.hourly"));
    expect(rows.map((r) => r.status)).toEqual(["done", "done"]);
  });

  it("a failing job is retried later with a growing delay and given up after five attempts", async () => {
    const [a] = twoInstances("flaky", async () => {
      throw new Error("provider down");
    });
    const job = await a.enqueue("flaky");
    for (let i = 1; i <= 5; i++) {
      expect(await a.runDue()).toBe(1);
      const row = await a.get(job?.id ?? 0);
      expect(row?.attempts).toBe(i);
      expect(row?.lastError).toBe("provider down");
      expect(await a.runDue()).toBe(0); // not due yet
      clock = new Date(clock.getTime() + 2 ** i * 1000);
    }
    expect((await a.get(job?.id ?? 0))?.status).toBe("failed");
  });

  it("a job whose runner died is taken over after five minutes, not before", async () => {
    const ran: string[] = [];
    const [a, b] = twoInstances("stock.recount", async (who) => {
      ran.push(who);
    });
    const job = await a.enqueue("stock.recount");
    // Instance a claims it and dies before finishing.
    expect((await a.claim())?.id).toBe(job?.id);
    expect(await b.runDue()).toBe(0);
    clock = new Date(clock.getTime() + 301_000);
    expect(await b.runDue()).toBe(1);
    expect(ran).toEqual(["b"]);
    expect(await a.get(job?.id ?? 0)).toMatchObject({ status: "done", attempts: 2, lockedBy: b.instance });
  });
});
