import type { StaffSessionView } from "@shop/contract/admin";
import { and, desc, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { staff, staffTokens } from "../../db/schema/index.js";
import { newToken, sha256 } from "../../lib/crypto.js";
import { notFound } from "../../lib/errors.js";
import type { Actor, AuditLog } from "./audit.js";
import type { Staff } from "./staff-view.js";

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

const TOKEN_TTL_MS = 12 * 3_600_000;
/** A session's last use is written at most this often (not on every request). */
const LAST_USED_EVERY_MS = 60_000;
const USER_AGENT_MAX = 300;

/** Staff sessions: a token per sign-in, valid 12 hours, listed and ended from the back office. */
export function createStaffSessions(db: Db, now: () => Date, record: AuditLog["record"]) {
  const byId = async (id: number) => (await db.select().from(staff).where(eq(staff.id, id)))[0];

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
    /** A new session for a sign-in at `at` (expired ones are cleared first); answers its token. */
    async open(staffId: number, at: Date, context: SignInContext) {
      const token = newToken();
      await db.delete(staffTokens).where(lt(staffTokens.expiresAt, at));
      await db.insert(staffTokens).values({
        tokenHash: sha256(token),
        staffId,
        expiresAt: new Date(at.getTime() + TOKEN_TTL_MS),
        createdAt: at,
        lastUsedAt: at,
        ip: context.ip.slice(0, 100),
        userAgent: context.userAgent.slice(0, USER_AGENT_MAX),
      });
      return token;
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
  };
}
