import { hash as argonHash, verify as argonVerify } from "@node-rs/argon2";
import { can, PERMISSIONS, type Permission, type StaffRole, type StaffView, staffInput } from "@shop/contract/admin";
import { and, count, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { type Db, single, type Tx } from "../../db/client.js";
import { auditLog, staff, staffTokens } from "../../db/schema/index.js";
import { newToken, sha256 } from "../../lib/crypto.js";
import {
  badRequest,
  conflict,
  DomainError,
  forbidden,
  isUniqueViolation,
  notFound,
  unauthenticated,
  unauthorized,
} from "../../lib/errors.js";

export type Staff = typeof staff.$inferSelect;
export interface StaffSession {
  staff: Staff;
  tokenHash: string;
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

const totpFor = (secret: string, username: string) =>
  new TOTP({ issuer: ISSUER, label: username, secret: Secret.fromBase32(secret), digits: 6, period: 30 });

function staffView(s: Staff): StaffView {
  return {
    id: s.id,
    username: s.username,
    name: s.name,
    role: s.role,
    totp_enabled: s.totpSecret !== null,
    active: s.active,
    last_login_at: s.lastLoginAt?.toISOString() ?? null,
    permissions: (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(s.role, p)),
  };
}

/**
 * Staff accounts, their sign-in (password, then an optional TOTP code) and the audit log. Staff
 * tokens are separate from members' and last 12 hours.
 */
export function createStaffService(db: Db, now: () => Date = () => new Date()) {
  const byId = async (id: number) => (await db.select().from(staff).where(eq(staff.id, id)))[0];

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

    async login(input: { username: string; password: string; totp?: string }) {
      const [s] = await db.select().from(staff).where(eq(staff.username, input.username.toLowerCase()));
      // An unknown account still costs one hash check, so timing does not tell which accounts exist.
      const ok = (await argonVerify(s?.passwordHash ?? (await DUMMY_HASH), input.password)) && s !== undefined;
      if (!s || !ok || !s.active) throw unauthenticated("WRONG_CREDENTIALS", "帳號或密碼錯誤");
      if (s.totpSecret) {
        // The second factor is asked for only after the password was right.
        if (!input.totp) throw unauthenticated("TOTP_REQUIRED", "請輸入驗證器 App 上的 6 位數驗證碼", { totp_required: true });
        if (totpFor(s.totpSecret, s.username).validate({ token: input.totp, window: 1 }) === null)
          throw unauthenticated("TOTP_INVALID", "驗證碼錯誤或已過期", { totp_required: true });
      }
      const token = newToken();
      await db.delete(staffTokens).where(lt(staffTokens.expiresAt, now()));
      await db
        .insert(staffTokens)
        .values({ tokenHash: sha256(token), staffId: s.id, expiresAt: new Date(now().getTime() + TOKEN_TTL_MS) });
      await db.update(staff).set({ lastLoginAt: now() }).where(eq(staff.id, s.id));
      return { token, staff: staffView({ ...s, lastLoginAt: now() }) };
    },

    async authenticate(token: string): Promise<StaffSession | undefined> {
      const tokenHash = sha256(token);
      const [row] = await db
        .select({ s: staff })
        .from(staffTokens)
        .innerJoin(staff, eq(staff.id, staffTokens.staffId))
        .where(and(eq(staffTokens.tokenHash, tokenHash), gt(staffTokens.expiresAt, now())));
      return row?.s.active ? { staff: row.s, tokenHash } : undefined;
    },

    async logout(tokenHash: string) {
      await db.delete(staffTokens).where(eq(staffTokens.tokenHash, tokenHash));
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
      if (totpFor(s.totpPending, s.username).validate({ token: code, window: 1 }) === null)
        throw new DomainError("invalid", "TOTP_INVALID", "驗證碼錯誤，請確認手機時間正確後再試");
      await db.transaction(async (tx) => {
        await tx.update(staff).set({ totpSecret: s.totpPending, totpPending: null }).where(eq(staff.id, s.id));
        await record(tx, actor, { action: "totp.enable", entity: "staff", entityId: s.id });
      });
      return staffView({ ...s, totpSecret: s.totpPending });
    },

    /** Names of staff members by id (unknown ids are left out). */
    async names(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    async list(): Promise<StaffView[]> {
      return (await db.select().from(staff).orderBy(staff.id)).map(staffView);
    },
    async get(id: number): Promise<StaffView> {
      const s = await byId(id);
      if (!s) throw notFound("STAFF_NOT_FOUND", "找不到此員工");
      return staffView(s);
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
      return db.transaction(async (tx) => {
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
          before: staffView(before),
          after: { ...staffView(after), ...(input.password ? { password: "（已變更）" } : {}) },
        });
        return staffView(after);
      });
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
