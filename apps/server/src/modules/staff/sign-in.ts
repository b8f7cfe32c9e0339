import { hash as argonHash, verify as argonVerify } from "@node-rs/argon2";
import type { StaffView } from "@shop/contract/admin";
import { and, eq, lt } from "drizzle-orm";
import { Secret } from "otpauth";
import { staff, staffSignInGuards } from "../../db/schema/index.js";
import { conflict, DomainError, notFound, unauthenticated } from "../../lib/errors.js";
import { type StaffDeps, staffById } from "./accounts.js";
import type { Actor } from "./audit.js";
import type { SignInContext } from "./sessions.js";
import { activeLock, liveFailures, lockedOut, MAX_FAILURES } from "./sign-in-guard.js";
import { staffView } from "./staff-view.js";
import { acceptedStep, totpFor } from "./totp.js";

const DUMMY_HASH = argonHash("not-a-real-staff-password");

/** Whether an active account still has this password (production refuses published demo passwords). */
export async function staffPasswordMatches(deps: Pick<StaffDeps, "db">, username: string, password: string): Promise<boolean> {
  const [s] = await deps.db.select().from(staff).where(eq(staff.username, username));
  return Boolean(s?.active && (await argonVerify(s.passwordHash, password)));
}

/**
 * Password, then the TOTP code when switched on. Every attempt is counted per username before
 * the password is checked (decision 79); a locked name is refused before any check, with the
 * same answer whether the password is right and whether the name is an account.
 */
export async function staffLogin(
  deps: StaffDeps,
  input: { username: string; password: string; totp?: string },
  context: SignInContext = { ip: "", userAgent: "" },
) {
  const { db, guards } = deps;
  const at = deps.now();
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
  const token = await deps.openSession(s.id, at, context);
  await db.update(staff).set({ lastLoginAt: at }).where(eq(staff.id, s.id));
  return { token, staff: staffView({ ...s, lastLoginAt: at }, null, at) };
}

/** The owner lifts a sign-in lock (and forgets the failures before it); audited. */
export async function unlockStaff(deps: StaffDeps, actor: Actor, staffId: number): Promise<StaffView> {
  const g = staffSignInGuards;
  return deps.db.transaction(async (tx) => {
    const [s] = await tx.select().from(staff).where(eq(staff.id, staffId));
    if (!s) throw notFound("STAFF_NOT_FOUND", "找不到此員工");
    const [cleared] = await tx.delete(g).where(eq(g.username, s.username)).returning();
    const at = deps.now();
    if (!cleared || (!activeLock(cleared, at) && liveFailures(cleared, at) === 0))
      throw conflict("STAFF_NOT_LOCKED", "此帳號目前沒有鎖定");
    await deps.record(tx, actor, {
      action: "staff.unlock",
      entity: "staff",
      entityId: staffId,
      before: { failed_sign_ins: liveFailures(cleared, at), locked_until: activeLock(cleared, at)?.toISOString() ?? null },
      after: { failed_sign_ins: 0, locked_until: null },
    });
    return staffView(s, null, at);
  });
}

/** Starts switching on TOTP: a new secret, pending until a code from it is confirmed. */
export async function totpSetup(deps: Pick<StaffDeps, "db">, actor: Actor) {
  // Switched on, it is changed only by the owner's reset: a stolen session cannot swap in its own.
  if ((await staffById(deps, actor.staff.id))?.totpSecret)
    throw conflict("TOTP_ALREADY_ENABLED", "已啟用兩步驟驗證；要更換驗證器，請擁有者重設兩步驟驗證");
  const secret = new Secret({ size: 20 }).base32;
  await deps.db.update(staff).set({ totpPending: secret }).where(eq(staff.id, actor.staff.id));
  return { secret, otpauth_url: totpFor(secret, actor.staff.username).toString() };
}

/** Switches TOTP on with a code from the pending secret. */
export async function totpEnable(deps: StaffDeps, actor: Actor, code: string) {
  const { now } = deps;
  const s = await staffById(deps, actor.staff.id);
  if (!s?.totpPending) throw conflict("TOTP_SETUP_NOT_STARTED", "請先產生驗證器金鑰");
  const pending = s.totpPending;
  const step = acceptedStep(pending, s.username, code, now());
  if (step === null) throw new DomainError("invalid", "TOTP_INVALID", "驗證碼錯誤，請確認手機時間正確後再試");
  return deps.db.transaction(async (tx) => {
    // The confirming code is used up too: signing in needs a later one.
    const [after] = await tx
      .update(staff)
      .set({ totpSecret: pending, totpPending: null, totpLastStep: step })
      .where(and(eq(staff.id, s.id), eq(staff.totpPending, pending), lt(staff.totpLastStep, step)))
      .returning();
    if (!after) throw new DomainError("invalid", "TOTP_REUSED", "此驗證碼已使用過，請等驗證器 App 顯示下一組驗證碼再試");
    await deps.record(tx, actor, { action: "totp.enable", entity: "staff", entityId: s.id });
    return staffView(after, null, now());
  });
}
