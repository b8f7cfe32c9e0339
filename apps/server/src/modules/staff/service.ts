import { hash as argonHash, verify as argonVerify } from "@node-rs/argon2";
import {
  can,
  PERMISSIONS,
  type Permission,
  type StaffRole,
  type StaffSessionView,
  type StaffView,
  staffInput,
} from "@shop/contract/admin";
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { type Db, single, type Tx } from "../../db/client.js";
import { auditLog, staff, staffSignInGuards, staffTokens } from "../../db/schema/index.js";
import { newToken, sha256 } from "../../lib/crypto.js";
import {
  badRequest,
  conflict,
  DomainError,
  forbidden,
  isUniqueViolation,
  notFound,
  tooManyRequests,
  unauthenticated,
  unauthorized,
} from "../../lib/errors.js";

export type Staff = typeof staff.$inferSelect;
type Guard = typeof staffSignInGuards.$inferSelect;
export interface StaffSession {
  staff: Staff;
  tokenHash: string;
  /** The session's id as the back office lists it. */
  tokenId: number;
}
/** Where a sign-in came from, kept with its session. */
export interface SignInContext {
  ip: string;
  userAgent: string;
}
/** Who made a change, for the audit log. */
export interface Actor {
  staff: Staff;
  ip: string;
}

/** How a staff member appears in order histories and ledgers. */
export const who = (a: Actor) => `staff:${a.staff.id}:${a.staff.name}`;

const TOKEN_TTL_MS = 12 * 3_600_000;
const DUMMY_HASH = argonHash("not-a-real-staff-password");
const ISSUER = "茶山好物後台";
/** Serialises first-owner creation across processes (transaction-scoped; decision 73). */
const FIRST_OWNER_LOCK = "7301000000002";

/** Per-username sign-in lock (decision 79): the fifth failure in a row locks for 15 min, each lock after it twice as long, up to a day. */
const MAX_FAILURES = 5;
const FIRST_LOCK_MINUTES = 15;
const MAX_LOCK_MINUTES = 24 * 60;
/** A run of failures is forgotten after a day without attempts (and no lock running). */
const GUARD_QUIET_MS = 24 * 3_600_000;
/** A session's last use is written at most this often (not on every request). */
const LAST_USED_EVERY_MS = 60_000;
const USER_AGENT_MAX = 300;

const totpFor = (secret: string, username: string) =>
  new TOTP({ issuer: ISSUER, label: username, secret: Secret.fromBase32(secret), digits: 6, period: 30 });

/** The time step of an accepted code (one step either side of `at`), or null when the code is wrong. */
function acceptedStep(secret: string, username: string, token: string, at: Date): number | null {
  const totp = totpFor(secret, username);
  const delta = totp.validate({ token, timestamp: at.getTime(), window: 1 });
  return delta === null ? null : totp.counter({ timestamp: at.getTime() }) + delta;
}

/** A lock running now, or none. */
const activeLock = (g: { lockedUntil: Date | null } | null | undefined, at: Date) =>
  g?.lockedUntil && g.lockedUntil > at ? g.lockedUntil : null;
/** Failures of the run still counting (zero once a lock ran out or after a quiet day). */
function liveFailures(g: Guard | null | undefined, at: Date): number {
  if (!g) return 0;
  if (activeLock(g, at)) return g.failures;
  if (g.lockedUntil) return 0;
  return g.updatedAt.getTime() > at.getTime() - GUARD_QUIET_MS ? g.failures : 0;
}

function staffView(s: Staff, guard: Guard | null = null, at: Date = new Date()): StaffView {
  return {
    id: s.id,
    username: s.username,
    name: s.name,
    role: s.role,
    totp_enabled: s.totpSecret !== null,
    active: s.active,
    last_login_at: s.lastLoginAt?.toISOString() ?? null,
    locked_until: activeLock(guard, at)?.toISOString() ?? null,
    failed_sign_ins: liveFailures(guard, at),
    permissions: (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(s.role, p)),
  };
}

/** The refusal while a name is locked: the same whatever the password, and for names that are no account. */
function lockedOut(lockedUntil: Date | null, at: Date) {
  const minutes = lockedUntil ? Math.max(1, Math.ceil((lockedUntil.getTime() - at.getTime()) / 60_000)) : FIRST_LOCK_MINUTES;
  const wait = minutes < 60 ? `${minutes} 分鐘` : `${Math.ceil(minutes / 60)} 小時`;
  return tooManyRequests(
    "STAFF_SIGN_IN_LOCKED",
    `登入失敗次數過多，此帳號已暫停登入，請於 ${wait}後再試；如需立即使用，請洽擁有者解除鎖定`,
    minutes * 60,
  );
}

/**
 * Staff accounts, their sign-in (password, then an optional TOTP code) and the audit log. Staff
 * tokens are separate from members' and last 12 hours.
 */
export function createStaffService(db: Db, now: () => Date = () => new Date()) {
  const byId = async (id: number) => (await db.select().from(staff).where(eq(staff.id, id)))[0];
  const guardOf = async (username: string) =>
    (await db.select().from(staffSignInGuards).where(eq(staffSignInGuards.username, username)))[0] ?? null;
  const g = staffSignInGuards;

  /**
   * Counts an attempt before anything is checked, in one upsert (its row lock orders attempts made
   * at once): a run starts again after a lock ran out, and from nothing after a quiet day.
   */
  async function claimAttempt(username: string, at: Date) {
    const quiet = new Date(at.getTime() - GUARD_QUIET_MS);
    const ranOut = sql`${g.lockedUntil} <= ${at}::timestamptz`;
    const forgotten = sql`(${g.updatedAt} < ${quiet}::timestamptz and (${g.lockedUntil} is null or ${ranOut}))`;
    return single(
      await db
        .insert(g)
        .values({ username, failures: 1, locks: 0, updatedAt: at })
        .onConflictDoUpdate({
          target: g.username,
          set: {
            failures: sql`case when ${ranOut} or ${forgotten} then 1 else ${g.failures} + 1 end`,
            locks: sql`case when ${forgotten} then 0 else ${g.locks} end`,
            lockedUntil: sql`case when ${ranOut} then null else ${g.lockedUntil} end`,
            updatedAt: at,
          },
        })
        .returning({ failures: g.failures, lockedUntil: g.lockedUntil }),
    );
  }
  /** A failed attempt: once the run reaches the limit, the name locks (one of the failures at once sets it). */
  async function failed(username: string, at: Date) {
    await db
      .update(g)
      .set({
        lockedUntil: sql`${at}::timestamptz + make_interval(mins => least(${FIRST_LOCK_MINUTES}::int * power(2, least(${g.locks}, 10)), ${MAX_LOCK_MINUTES}::int)::int)`,
        locks: sql`${g.locks} + 1`,
      })
      .where(and(eq(g.username, username), sql`${g.failures} >= ${MAX_FAILURES}`, isNull(g.lockedUntil)));
  }

  async function record(
    q: Db | Tx,
    actor: Actor,
    change: { action: string; entity: string; entityId: string | number; before?: unknown; after?: unknown },
  ) {
    await q.insert(auditLog).values({
      staffId: actor.staff.id,
      staffName: actor.staff.name,
      action: change.action,
      entity: change.entity,
      entityId: String(change.entityId),
      before: change.before ?? null,
      after: change.after ?? null,
      ip: actor.ip,
    });
  }

  const activeOwner = (q: Db | Tx) =>
    q
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.role, "owner"), eq(staff.active, true)))
      .limit(1);

  /** A staff member's sessions still valid, newest first; `current` marks the caller's own. */
  async function sessionsOf(staffId: number, currentTokenHash?: string): Promise<StaffSessionView[]> {
    if (!(await byId(staffId))) throw notFound("STAFF_NOT_FOUND", "找不到此員工");
    const rows = await db
      .select()
      .from(staffTokens)
      .where(and(eq(staffTokens.staffId, staffId), gt(staffTokens.expiresAt, now())))
      .orderBy(desc(staffTokens.createdAt), desc(staffTokens.id));
    return rows.map((r) => ({
      id: r.id,
      created_at: r.createdAt.toISOString(),
      last_used_at: r.lastUsedAt?.toISOString() ?? null,
      expires_at: r.expiresAt.toISOString(),
      ip: r.ip,
      user_agent: r.userAgent,
      current: r.tokenHash === currentTokenHash,
    }));
  }

  return {
    record,

    /** Whether someone can sign in to the back office as owner (a production start warns when not). */
    async hasActiveOwner(): Promise<boolean> {
      return (await activeOwner(db)).length > 0;
    },

    /**
     * The shop's first owner, made from the command line (`npm run owner:create`) when no active
     * owner exists: a production start seeds no staff. The username, name and password follow the
     * back office's rules for staff (the contract's `staffInput`). The check and the insert run in
     * one transaction under an advisory lock, so two commands run at once make one owner; the audit
     * log names the new owner as the actor, from "cli".
     */
    async createFirstOwner(input: { username: string; name?: string; password: string }): Promise<StaffView> {
      const parsed = staffInput.safeParse({
        username: input.username,
        name: input.name ?? input.username,
        role: "owner",
        password: input.password,
      });
      if (!parsed.success) {
        const errors = parsed.error.issues.map((i) => ({ field: i.path.join("."), message: i.message }));
        throw badRequest("INVALID_STAFF_INPUT", errors[0]?.message ?? "資料格式錯誤", errors);
      }
      const { username, name, password } = parsed.data;
      // Hashed before the lock is taken: the transaction holds it only for the check and the insert.
      const passwordHash = await argonHash(password);
      try {
        return await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_OWNER_LOCK}::bigint)`);
          if ((await activeOwner(tx)).length > 0) throw conflict("OWNER_EXISTS", "已有啟用中的擁有者，請由後台新增員工");
          const [taken] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.username, username));
          if (taken) throw conflict("USERNAME_TAKEN", "此帳號已被使用");
          const created = single(await tx.insert(staff).values({ username, name, role: "owner", passwordHash }).returning());
          await record(
            tx,
            { staff: created, ip: "cli" },
            { action: "staff.create", entity: "staff", entityId: created.id, after: staffView(created) },
          );
          return staffView(created);
        });
      } catch (error) {
        // The back office's create does not take the lock: a clash with it lands on the unique index.
        if (isUniqueViolation(error, "staff_username_key")) throw conflict("USERNAME_TAKEN", "此帳號已被使用");
        throw error;
      }
    },

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
      const attempt = await claimAttempt(username, at);
      const lock = activeLock(attempt, at);
      // Past the limit with no lock yet: an attempt made at the same time is still being checked.
      if (lock || attempt.failures > MAX_FAILURES) throw lockedOut(lock, at);
      const refuse = async (error: DomainError) => {
        await failed(username, at);
        return error;
      };

      const [s] = await db.select().from(staff).where(eq(staff.username, username));
      // An unknown account still costs one hash check, so timing does not tell which accounts exist.
      const ok = (await argonVerify(s?.passwordHash ?? (await DUMMY_HASH), input.password)) && s !== undefined;
      if (!s || !ok || !s.active) throw await refuse(unauthenticated("WRONG_CREDENTIALS", "帳號或密碼錯誤"));
      if (s.totpSecret) {
        // The second factor is asked for only after the password was right; asking is no failure.
        if (!input.totp) {
          await db
            .update(g)
            .set({ failures: sql`greatest(${g.failures} - 1, 0)` })
            .where(eq(g.username, username));
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
      await db.delete(g).where(eq(g.username, username));
      const token = newToken();
      await db.delete(staffTokens).where(lt(staffTokens.expiresAt, at));
      await db.insert(staffTokens).values({
        tokenHash: sha256(token),
        staffId: s.id,
        expiresAt: new Date(at.getTime() + TOKEN_TTL_MS),
        createdAt: at,
        lastUsedAt: at,
        ip: context.ip.slice(0, 100),
        userAgent: context.userAgent.slice(0, USER_AGENT_MAX),
      });
      await db.update(staff).set({ lastLoginAt: at }).where(eq(staff.id, s.id));
      return { token, staff: staffView({ ...s, lastLoginAt: at }, null, at) };
    },

    async authenticate(token: string): Promise<StaffSession | undefined> {
      const tokenHash = sha256(token);
      const at = now();
      const [row] = await db
        .select({ s: staff, id: staffTokens.id, lastUsedAt: staffTokens.lastUsedAt })
        .from(staffTokens)
        .innerJoin(staff, eq(staff.id, staffTokens.staffId))
        .where(and(eq(staffTokens.tokenHash, tokenHash), gt(staffTokens.expiresAt, at)));
      if (!row?.s.active) return undefined;
      if (!row.lastUsedAt || row.lastUsedAt.getTime() < at.getTime() - LAST_USED_EVERY_MS)
        await db.update(staffTokens).set({ lastUsedAt: at }).where(eq(staffTokens.tokenHash, tokenHash));
      return { staff: row.s, tokenHash, tokenId: row.id };
    },

    async logout(tokenHash: string) {
      await db.delete(staffTokens).where(eq(staffTokens.tokenHash, tokenHash));
    },

    sessions: sessionsOf,

    /** Ends one of the caller's own sessions (another's is not found); audited. Answers those left. */
    async revokeOwnSession(actor: Actor, sessionId: number, currentTokenHash?: string): Promise<StaffSessionView[]> {
      await db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(staffTokens)
          .where(and(eq(staffTokens.id, sessionId), eq(staffTokens.staffId, actor.staff.id)))
          .returning();
        if (!gone) throw notFound("STAFF_SESSION_NOT_FOUND", "找不到此登入裝置，可能已登出");
        await record(tx, actor, {
          action: "staff.session.revoke",
          entity: "staff",
          entityId: actor.staff.id,
          before: { session: gone.id, ip: gone.ip, user_agent: gone.userAgent, created_at: gone.createdAt.toISOString() },
        });
      });
      return sessionsOf(actor.staff.id, currentTokenHash);
    },

    /** The owner ends every session of a staff member (their own included); audited with how many. */
    async revokeAllSessions(actor: Actor, staffId: number) {
      await db.transaction(async (tx) => {
        const [s] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, staffId));
        if (!s) throw notFound("STAFF_NOT_FOUND", "找不到此員工");
        const gone = await tx.delete(staffTokens).where(eq(staffTokens.staffId, staffId)).returning({ id: staffTokens.id });
        await record(tx, actor, {
          action: "staff.sessions.revoke_all",
          entity: "staff",
          entityId: staffId,
          before: { sessions: gone.map((r) => r.id) },
          after: { sessions: [] },
        });
      });
    },

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
      return staffView(s, await guardOf(s.username), now());
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
    async update(actor: Actor, id: number, input: { name?: string; role?: StaffRole; active?: boolean; password?: string }) {
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
      const guard = await guardOf(before.username);
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
            })
            .where(eq(staff.id, id))
            .returning(),
        );
        // A role change, a suspension or a new password ends the sessions that account had.
        if (input.role !== undefined || input.active === false || input.password !== undefined)
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

    async auditPage(filter: { entity?: string; entityId?: string }, page: number, perPage: number) {
      const where = and(
        filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
        filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
      );
      const [rows, counted] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return {
        total: single(counted).n,
        items: rows.map((r) => ({
          id: r.id,
          staff_id: r.staffId,
          staff_name: r.staffName,
          action: r.action,
          entity: r.entity,
          entity_id: r.entityId,
          before: r.before,
          after: r.after,
          ip: r.ip,
          at: r.at.toISOString(),
        })),
      };
    },

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
