import type { Permission, StaffRole, StaffView } from "@shop/contract/admin";
import type { Db } from "../../db/client.js";
import { assertCan, createStaff, ensureStaff, getStaff, listStaff, type StaffDeps, staffNames, updateStaff } from "./accounts.js";
import { type Actor, createAuditLog } from "./audit.js";
import { createFirstOwnerOps } from "./first-owner.js";
import { createStaffSessions, type SignInContext, type StaffSession } from "./sessions.js";
import { staffLogin, staffPasswordMatches, totpEnable, totpSetup, unlockStaff } from "./sign-in.js";
import { createSignInGuard } from "./sign-in-guard.js";
import type { Staff } from "./staff-view.js";

export { type Actor, who } from "./audit.js";
export type { SignInContext, StaffSession } from "./sessions.js";
export type { Staff } from "./staff-view.js";

/**
 * Staff accounts, their sign-in (password, then an optional TOTP code) and the audit log. Staff
 * tokens are separate from members' and last 12 hours. Sign-in is sign-in.ts, the accounts
 * accounts.ts, each a function taking `d`.
 */
export function createStaffService(db: Db, now: () => Date = () => new Date()) {
  const { record, auditPage } = createAuditLog(db);
  const guards = createSignInGuard(db);
  const { open: openSession, ...sessions } = createStaffSessions(db, now, record);
  const d: StaffDeps = { db, now, record, guards, openSession };

  return {
    record,
    ...createFirstOwnerOps(db, record),

    /** Whether an active account still has this password (production refuses published demo passwords). */
    passwordMatches: (username: string, password: string): Promise<boolean> => staffPasswordMatches(d, username, password),
    /** Password, then the TOTP code when switched on; every attempt counted per username first (decision 79). */
    login: (input: { username: string; password: string; totp?: string }, context?: SignInContext) =>
      staffLogin(d, input, context),

    ...sessions,

    /** The owner lifts a sign-in lock (and forgets the failures before it); audited. */
    unlock: (actor: Actor, staffId: number): Promise<StaffView> => unlockStaff(d, actor, staffId),
    /** Starts switching on TOTP: a new secret, pending until a code from it is confirmed. */
    totpSetup: (actor: Actor) => totpSetup(d, actor),
    totpEnable: (actor: Actor, code: string) => totpEnable(d, actor, code),

    /** Names of staff members by id (unknown ids are left out). */
    names: (ids: number[]): Promise<Map<number, string>> => staffNames(d, ids),
    list: (): Promise<StaffView[]> => listStaff(d),
    get: (id: number): Promise<StaffView> => getStaff(d, id),
    create: (actor: Actor, input: { username: string; name: string; role: StaffRole; password: string }) =>
      createStaff(d, actor, input),
    update: (
      actor: Actor,
      id: number,
      input: { name?: string; role?: StaffRole; active?: boolean; password?: string; reset_totp?: boolean },
    ) => updateStaff(d, actor, id, input),

    auditPage,

    /** Seeds or resets a staff account (CLI and demo data); not reachable over HTTP. */
    ensure: (input: { username: string; name: string; role: StaffRole; password: string }) => ensureStaff(d, input),

    assertCan: (session: StaffSession | null | undefined, permission: Permission): Staff => assertCan(session, permission),
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
