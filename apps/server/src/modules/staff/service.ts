import { hash as argonHash, verify as argonVerify } from "@node-rs/argon2";
import { can, type Permission, type StaffRole, type StaffView } from "@shop/contract/admin";
import { and, asc, count, eq, inArray, lt } from "drizzle-orm";
import { Secret } from "otpauth";
import { type Db, single } from "../../db/client.js";
import { staff, staffSignInGuards, staffTokens } from "../../db/schema/index.js";
import {
  conflict,
  DomainError,
  forbidden,
  isUniqueViolation,
  notFound,
  unauthenticated,
  unauthorized,
} from "../../lib/errors.js";
import { type Actor, createAuditLog } from "./audit.js";
import { createFirstOwnerOps } from "./first-owner.js";
import { createStaffSessions, type SignInContext, type StaffSession } from "./sessions.js";
import { activeLock, createSignInGuard, liveFailures, lockedOut, MAX_FAILURES } from "./sign-in-guard.js";
import { type Staff, staffView } from "./staff-view.js";
import { acceptedStep, totpFor } from "./totp.js";

export { type Actor, who } from "./audit.js";
export type { SignInContext, StaffSession } from "./sessions.js";
export type { Staff } from "./staff-view.js";

const DUMMY_HASH = argonHash("not-a-real-staff-password");

/**
 * Staff accounts, their sign-in (password, then an optional TOTP code) and the audit log. Staff
 * tokens are separate from members' and last 12 hours.
 */
export function createStaffService(db: Db, now: () => Date = () => new Date()) {
  const byId = async (id: number) => (await db.select().from(staff).where(eq(staff.id, id)))[0];
  const g = staffSignInGuards;
  const { record, auditPage } = createAuditLog(db);
  const guards = createSignInGuard(db);
  const { open: openSession, ...sessions } = createStaffSessions(db, now, record);

  return {
    record,
    ...createFirstOwnerOps(db, record),

    /** Whether an active account still has this password (production refuses published demo passwords). */
    async passwordMatches(username: string, password: string): Promise<boolean> {
      const [s] = await db.select().from(staff).where(eq(staff.username, username));
      return Boolean(s?.active && (await argonVerify(s.passwordHash, password)));
    },

    /**
     * Password, then the TOTP code when switched on. Every attempt is counted per username before
     * the password is checked (decision 79); a locked name is refused before any check, with the
     * same answer whether the password is right and whether the name is an account.
     */
    async login(
      input: { username: string; password: string; totp?: string },
      context: SignInContext = { ip: "", userAgent: "" },
    ) {
      const at = now();
      const username = input.username.toLowerCase();
      const attempt = await guards.claimAttempt(username, at);
      const lock = activeLock(attempt, at);
      // Past the limit with no lock yet: an attempt made at the same time is still being checked.
      if (lock || attempt.failures > MAX_FAILURES) throw lockedOut(lock, at);
      const refuse = async (error: DomainError) => {
        await guards.failed(username, at);
        return error;
      };

      const [s] = await db.select().from(staff).where(eq(staff.username, username));
      // An unknown account still costs one hash check, so timing does not tell which accounts exist.
      const ok = (await argonVerify(s?.passwordHash ?? (await DUMMY_HASH), input.password)) && s !== undefined;
      if (!s || !ok || !s.active) throw await refuse(unauthenticated("WRONG_CREDENTIALS", "帳號或密碼錯誤"));
      if (s.totpSecret) {
        // The second factor is asked for only after the password was right; asking is no failure.
        if (!input.totp) {
          await guards.uncount(username);
          throw unauthenticated("TOTP_REQUIRED", "請輸入驗證器 App 上的 6 位數驗證碼", { totp_required: true });
        }
        const step = acceptedStep(s.totpSecret, s.username, input.totp, at);
        if (step === null) throw await refuse(unauthenticated("TOTP_INVALID", "驗證碼錯誤或已過期", { totp_required: true }));
        // Each code once (RFC 6238 §5.2): only a later step than the last accepted one moves it, so
        // of two sign-ins with one code, one update finds the row and the other none.
        const claimed = await db
          .update(staff)
          .set({ totpLastStep: step })
          .where(and(eq(staff.id, s.id), eq(staff.totpSecret, s.totpSecret), lt(staff.totpLastStep, step)))
          .returning({ id: staff.id });
        if (claimed.length === 0)
          throw await refuse(
            unauthenticated("TOTP_REUSED", "此驗證碼已使用過，請等驗證器 App 顯示下一組驗證碼再登入", { totp_required: true }),
          );
      }
      await guards.clear(username);
      const token = await openSession(s.id, at, context);
      await db.update(staff).set({ lastLoginAt: at }).where(eq(staff.id, s.id));
      return { token, staff: staffView({ ...s, lastLoginAt: at }, null, at) };
    },

    ...sessions,

    /** The owner lifts a sign-in lock (and forgets the failures before it); audited. */
    async unlock(actor: Actor, staffId: number): Promise<StaffView> {
      return db.transaction(async (tx) => {
        const [s] = await tx.select().from(staff).where(eq(staff.id, staffId));
        if (!s) throw notFound("STAFF_NOT_FOUND", "找不到此員工");
        const [cleared] = await tx.delete(g).where(eq(g.username, s.username)).returning();
        const at = now();
        if (!cleared || (!activeLock(cleared, at) && liveFailures(cleared, at) === 0))
          throw conflict("STAFF_NOT_LOCKED", "此帳號目前沒有鎖定");
        await record(tx, actor, {
          action: "staff.unlock",
          entity: "staff",
          entityId: staffId,
          before: { failed_sign_ins: liveFailures(cleared, at), locked_until: activeLock(cleared, at)?.toISOString() ?? null },
          after: { failed_sign_ins: 0, locked_until: null },
        });
        return staffView(s, null, at);
      });
    },

    /** Starts switching on TOTP: a new secret, pending until a code from it is confirmed. */
    async totpSetup(actor: Actor) {
      // Switched on, it is changed only by the owner's reset: a stolen session cannot swap in its own.
      if ((await byId(actor.staff.id))?.totpSecret)
        throw conflict("TOTP_ALREADY_ENABLED", "已啟用兩步驟驗證；要更換驗證器，請擁有者重設兩步驟驗證");
      const secret = new Secret({ size: 20 }).base32;
      await db.update(staff).set({ totpPending: secret }).where(eq(staff.id, actor.staff.id));
      return { secret, otpauth_url: totpFor(secret, actor.staff.username).toString() };
    },
    async totpEnable(actor: Actor, code: string) {
      const s = await byId(actor.staff.id);
      if (!s?.totpPending) throw conflict("TOTP_SETUP_NOT_STARTED", "請先產生驗證器金鑰");
      const pending = s.totpPending;
      const step = acceptedStep(pending, s.username, code, now());
      if (step === null) throw new DomainError("invalid", "TOTP_INVALID", "驗證碼錯誤，請確認手機時間正確後再試");
      return db.transaction(async (tx) => {
        // The confirming code is used up too: signing in needs a later one.
        const [after] = await tx
          .update(staff)
          .set({ totpSecret: pending, totpPending: null, totpLastStep: step })
          .where(and(eq(staff.id, s.id), eq(staff.totpPending, pending), lt(staff.totpLastStep, step)))
          .returning();
        if (!after) throw new DomainError("invalid", "TOTP_REUSED", "此驗證碼已使用過，請等驗證器 App 顯示下一組驗證碼再試");
        await record(tx, actor, { action: "totp.enable", entity: "staff", entityId: s.id });
        return staffView(after, null, now());
      });
    },

    /** Names of staff members by id (unknown ids are left out). */
    async names(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    async list(): Promise<StaffView[]> {
      const rows = await db
        .select({ s: staff, guard: g })
        .from(staff)
        .leftJoin(g, eq(g.username, staff.username))
        .orderBy(asc(staff.id));
      const at = now();
      return rows.map((r) => staffView(r.s, r.guard, at));
    },
    async get(id: number): Promise<StaffView> {
      const s = await byId(id);
      if (!s) throw notFound("STAFF_NOT_FOUND", "找不到此員工");
      return staffView(s, await guards.guardOf(s.username), now());
    },
    async create(actor: Actor, input: { username: string; name: string; role: StaffRole; password: string }) {
      try {
        return await db.transaction(async (tx) => {
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
          await record(tx, actor, { action: "staff.create", entity: "staff", entityId: created.id, after: staffView(created) });
          return staffView(created);
        });
      } catch (error) {
        if (isUniqueViolation(error, "staff_username_key")) throw conflict("USERNAME_TAKEN", "此帳號已被使用");
        throw error;
      }
    },
    async update(
      actor: Actor,
      id: number,
      input: { name?: string; role?: StaffRole; active?: boolean; password?: string; reset_totp?: boolean },
    ) {
      const before = await byId(id);
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
      const at = now();
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
    },

    auditPage,

    /** Seeds or resets a staff account (CLI and demo data); not reachable over HTTP. */
    async ensure(input: { username: string; name: string; role: StaffRole; password: string }) {
      const { password, ...rest } = input;
      await db
        .insert(staff)
        .values({ ...rest, passwordHash: await argonHash(password) })
        .onConflictDoNothing({ target: staff.username });
    },

    assertCan(session: StaffSession | null | undefined, permission: Permission): Staff {
      if (!session) throw unauthorized();
      if (!can(session.staff.role, permission)) throw forbidden("ROLE_NOT_PERMITTED", "您的角色沒有權限執行此操作");
      return session.staff;
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
