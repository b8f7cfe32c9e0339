import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { noOwnerWarning } from "../../app/first-owner.js";
import { openDatabase } from "../../db/client.js";
import { auditLog, staff } from "../../db/schema/index.js";
import { isDomainError } from "../../lib/errors.js";
import { createTestApp, freshDatabase, type TestApp } from "../../test/harness.js";
import { until } from "../../test/server-process.js";
import { createStaffService } from "./service.js";

/**
 * The first owner of a shop started without demo data (`npm run owner:create`, decision 73): made
 * only while no active owner exists, by the back office's rules for staff, audited, and once even
 * when several commands run at the same moment (the real proof is the PostgreSQL run; PGlite runs
 * one transaction at a time).
 */
const PASSWORD = "a-long-enough-secret";

async function refusal(p: Promise<unknown>) {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!error) throw new Error("expected a refusal");
  return error as { code?: string; data?: { errors?: { field: string }[] } };
}

describe("createFirstOwner on an empty staff table", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  test("no owner: a production start is told the command; other starts say nothing", async () => {
    expect(await t.services.staff.list()).toEqual([]);
    expect(await t.services.staff.hasActiveOwner()).toBe(false);
    expect(await noOwnerWarning({ NODE_ENV: "production" }, t.services.staff)).toContain(
      "npm run owner:create -- --username <name>",
    );
    expect(await noOwnerWarning({ NODE_ENV: "development" }, t.services.staff)).toBeUndefined();
  });

  test("a weak password or an invalid username is refused by the back office's rules", async () => {
    const weak = await refusal(t.services.staff.createFirstOwner({ username: "boss", password: "123456789" }));
    expect(weak.code).toBe("INVALID_STAFF_INPUT");
    expect(weak.data?.errors?.map((e) => e.field)).toEqual(["password"]);
    const badName = await refusal(t.services.staff.createFirstOwner({ username: "Boss!", password: PASSWORD }));
    expect(badName.data?.errors?.map((e) => e.field)).toEqual(["username"]);
    expect(await t.services.staff.list()).toEqual([]);
  });

  test("the owner is created, signs in to the back office, and the audit log says so", async () => {
    const owner = await t.services.staff.createFirstOwner({ username: "boss", name: "王老闆", password: PASSWORD });
    expect(owner).toMatchObject({ username: "boss", name: "王老闆", role: "owner", active: true, totp_enabled: false });
    expect(owner.permissions).toContain("staff.manage");

    const login = await t.call<{ token: string; staff: { id: number; role: string } }>("POST", "/api/admin/auth/login", {
      body: { username: "boss", password: PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(login.body.data.staff).toMatchObject({ id: owner.id, role: "owner" });
    // The owner can manage staff at once.
    const staffList = await t.call("GET", "/api/admin/staff", { token: login.body.data.token });
    expect(staffList.status).toBe(200);

    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(owner.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      staffId: owner.id,
      staffName: "王老闆",
      action: "staff.create",
      entity: "staff",
      ip: "cli",
      before: null,
      after: owner,
    });
  });

  test("a second run is refused while an active owner exists", async () => {
    const again = await refusal(t.services.staff.createFirstOwner({ username: "boss2", password: PASSWORD }));
    expect(isDomainError(again, "OWNER_EXISTS")).toBe(true);
    expect((await t.services.staff.list()).map((s) => s.username)).toEqual(["boss"]);
  });

  test("with no active owner left (suspended by hand), a new one can be made; a taken username is refused", async () => {
    await t.database.db.update(staff).set({ active: false }).where(eq(staff.username, "boss"));
    expect(await t.services.staff.hasActiveOwner()).toBe(false);
    const taken = await refusal(t.services.staff.createFirstOwner({ username: "boss", password: PASSWORD }));
    expect(taken.code).toBe("USERNAME_TAKEN");
    const second = await t.services.staff.createFirstOwner({ username: "boss.two", password: PASSWORD });
    expect(second.role).toBe("owner");
    expect(await noOwnerWarning({ NODE_ENV: "production" }, t.services.staff)).toBeUndefined();
  });
});

describe("five commands at the same moment", () => {
  test("make exactly one owner", async () => {
    const fresh = await freshDatabase("empty");
    await fresh.database.migrate();
    // On PostgreSQL, a pool with a connection for each command, and a blocker holding the staff table
    // until all five wait at their check (without the advisory lock all five would pass it together).
    const database = fresh.url ? await openDatabase({ url: fresh.url, poolSize: 8 }) : fresh.database;
    const blocker = fresh.url ? new pg.Client({ connectionString: fresh.url }) : undefined;
    try {
      if (blocker) {
        await blocker.connect();
        await blocker.query("begin");
        await blocker.query("lock table staff in access exclusive mode");
      }
      const staffService = createStaffService(database.db);
      const settled = Promise.allSettled(
        [1, 2, 3, 4, 5].map((i) => staffService.createFirstOwner({ username: `owner${i}`, password: PASSWORD })),
      );
      if (blocker) {
        // Asked on a connection of its own: inside the blocker's transaction the activity view is a snapshot.
        await until(
          "all five commands waiting",
          async () => {
            const waiting = await database.db.execute(
              sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            );
            return (waiting as unknown as { rows: { n: number }[] }).rows[0]?.n === 5;
          },
          20_000,
        );
        await blocker.query("commit");
      }
      const results = await settled;

      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results) if (r.status === "rejected") expect(isDomainError(r.reason, "OWNER_EXISTS")).toBe(true);
      expect(await database.db.select().from(staff).where(eq(staff.role, "owner"))).toHaveLength(1);
      expect(await database.db.select().from(auditLog).where(eq(auditLog.action, "staff.create"))).toHaveLength(1);
    } finally {
      await blocker?.end();
      if (database !== fresh.database) await database.close();
      await fresh.dispose();
    }
  });
});
