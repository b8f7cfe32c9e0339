import { hash as argonHash } from "@node-rs/argon2";
import { can, type Permission, type StaffRole, type StaffView } from "@shop/contract/admin";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { type Db, single } from "../../db/client.js";
import { staff, staffSignInGuards, staffTokens } from "../../db/schema/index.js";
import { conflict, forbidden, isUniqueViolation, notFound, unauthorized } from "../../lib/errors.js";
import type { Actor, AuditLog } from "./audit.js";
import type { createStaffSessions, StaffSession } from "./sessions.js";
import type { createSignInGuard } from "./sign-in-guard.js";
import { type Staff, staffView } from "./staff-view.js";

/** What staff accounts and their sign-in work with (service.ts builds it once). */
export interface StaffDeps {
  db: Db;
  now: () => Date;
  record: AuditLog["record"];
  guards: ReturnType<typeof createSignInGuard>;
  openSession: ReturnType<typeof createStaffSessions>["open"];
}

export const staffById = async (deps: Pick<StaffDeps, "db">, id: number) =>
  (await deps.db.select().from(staff).where(eq(staff.id, id)))[0];

/** Names of staff members by id (unknown ids are left out). */
export async function staffNames(deps: Pick<StaffDeps, "db">, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function listStaff(deps: Pick<StaffDeps, "db" | "now">): Promise<StaffView[]> {
  const g = staffSignInGuards;
  const rows = await deps.db
    .select({ s: staff, guard: g })
    .from(staff)
    .leftJoin(g, eq(g.username, staff.username))
    .orderBy(asc(staff.id));
  const at = deps.now();
  return rows.map((r) => staffView(r.s, r.guard, at));
}

export async function getStaff(deps: StaffDeps, id: number): Promise<StaffView> {
  const s = await staffById(deps, id);
  if (!s) throw notFound("STAFF_NOT_FOUND", "找不到此員工");
  return staffView(s, await deps.guards.guardOf(s.username), deps.now());
}

export async function createStaff(
  deps: StaffDeps,
  actor: Actor,
  input: { username: string; name: string; role: StaffRole; password: string },
) {
  try {
    return await deps.db.transaction(async (tx) => {
      const s = await tx
        .insert(staff)
        .values({
          username: input.username,
          name: input.name,
          role: input.role,
          passwordHash: await argonHash(input.password),
        })
        .returning();
      const created = single(s);
      await deps.record(tx, actor, { action: "staff.create", entity: "staff", entityId: created.id, after: staffView(created) });
      return staffView(created);
    });
  } catch (error) {
    if (isUniqueViolation(error, "staff_username_key")) throw conflict("USERNAME_TAKEN", "此帳號已被使用");
    throw error;
  }
}

export async function updateStaff(
  deps: StaffDeps,
  actor: Actor,
  id: number,
  input: { name?: string; role?: StaffRole; active?: boolean; password?: string; reset_totp?: boolean },
) {
  const { db, guards, record } = deps;
  const before = await staffById(deps, id);
  if (!before) throw notFound("STAFF_NOT_FOUND", "找不到此員工");
  // The shop must keep an owner who can sign in.
  const losesOwner = before.role === "owner" && ((input.role && input.role !== "owner") || input.active === false);
  if (losesOwner) {
    const { n } = single(
      await db
        .select({ n: count() })
        .from(staff)
        .where(and(eq(staff.role, "owner"), eq(staff.active, true))),
    );
    if (n <= 1) throw conflict("LAST_ACTIVE_OWNER", "至少要保留一位啟用中的擁有者");
  }
  const guard = await guards.guardOf(before.username);
  const at = deps.now();
  const after = await db.transaction(async (tx) => {
    const after = single(
      await tx
        .update(staff)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.role !== undefined ? { role: input.role } : {}),
          ...(input.active !== undefined ? { active: input.active } : {}),
          ...(input.password !== undefined ? { passwordHash: await argonHash(input.password) } : {}),
          ...(input.reset_totp ? { totpSecret: null, totpPending: null } : {}),
        })
        .where(eq(staff.id, id))
        .returning(),
    );
    // A role change, a suspension or a new password ends the sessions that account had.
    if (input.role !== undefined || input.active === false || input.password !== undefined || input.reset_totp)
      await tx.delete(staffTokens).where(eq(staffTokens.staffId, id));
    await record(tx, actor, {
      action: "staff.update",
      entity: "staff",
      entityId: id,
      before: staffView(before, guard, at),
      after: { ...staffView(after, guard, at), ...(input.password ? { password: "（已變更）" } : {}) },
    });
    return after;
  });
  return staffView(after, guard, at);
}

/** Seeds or resets a staff account (CLI and demo data); not reachable over HTTP. */
export async function ensureStaff(
  deps: Pick<StaffDeps, "db">,
  input: { username: string; name: string; role: StaffRole; password: string },
) {
  const { password, ...rest } = input;
  await deps.db
    .insert(staff)
    .values({ ...rest, passwordHash: await argonHash(password) })
    .onConflictDoNothing({ target: staff.username });
}

export function assertCan(session: StaffSession | null | undefined, permission: Permission): Staff {
  if (!session) throw unauthorized();
  if (!can(session.staff.role, permission)) throw forbidden("ROLE_NOT_PERMITTED", "您的角色沒有權限執行此操作");
  return session.staff;
}
