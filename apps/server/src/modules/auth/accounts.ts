import { hash as argonHash, verify as argonVerify } from "@node-rs/argon2";
import type {
  AuthResult,
  Lang,
  LoginInput,
  PasswordForgetInput,
  PasswordUpdateInput,
  passwordForgetInput,
  registerInput,
} from "@shop/contract";
import { MAIN_SHOP_ID } from "@shop/contract";
import { formatDateTime } from "@shop/contract/format";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { authTokens } from "../../db/schema/index.js";
import { newToken, sha256 } from "../../lib/crypto.js";
import {
  conflict,
  fieldError,
  forbidden,
  isUniqueViolation,
  notFound,
  tooManyRequests,
  unauthenticated,
} from "../../lib/errors.js";
import type { Member } from "../members/service.js";
import { toPublicUser } from "../members/service.js";
import type { ShopsService } from "../shops/service.js";
import { type CodeDeps, checkCaptcha, markCaptchaUsed } from "./codes.js";
import type { createSignInLock } from "./sign-in-lock.js";

// Used when an account does not exist, so a failed sign-in costs the same time either way.
const DUMMY_HASH_PROMISE = argonHash("not-a-real-password-0000");

/** What members' sign-in, sessions and passwords work with (service.ts builds it once). */
export interface AccountDeps extends CodeDeps {
  shops: ShopsService;
  tokenTtlDays: number;
  signInLock: ReturnType<typeof createSignInLock>;
  /** Told when failed sign-ins lock an account (the member hears of it: decision 77). */
  onLocked?: (member: Member, until: Date) => Promise<void>;
  /** Inside the registration's transaction: the welcome gift (decision 95). */
  onRegistered?: (tx: Tx, memberId: number) => Promise<void>;
}

export interface Session {
  member: Member;
  tokenId: number;
}

/** What a new member gives; without a password when they register through LINE, Google or Facebook. */
export type Registration = Omit<z.output<typeof registerInput>, "password"> & {
  password?: string;
  /** The page's language (never from the body): the member's from the start, welcome notice included. */
  lang?: Lang;
};

/**
 * Whether the password is this member's, the attempt counted on the account first (decision
 * 77): refused unchecked while locked; the failure that locks it tells the member; a right one
 * starts the count over. An unknown account costs the same hash check.
 */
async function countedCheck(deps: AccountDeps, member: Member | undefined, password: string): Promise<boolean> {
  const { signInLock, now } = deps;
  const claim = member ? await signInLock.claim(member.id) : undefined;
  if (claim && !claim.allowed) {
    await argonVerify(await DUMMY_HASH_PROMISE, password);
    const until = claim.lockedUntil ?? now();
    const wait = Math.max(1, Math.ceil((until.getTime() - now().getTime()) / 1000));
    throw tooManyRequests(
      "ACCOUNT_LOCKED",
      `登入失敗次數過多，帳號已暫時鎖定至 ${formatDateTime(until)}，請稍後再試或使用「忘記密碼」重設密碼`,
      wait,
    );
  }
  const ok = await argonVerify(member?.passwordHash ?? (await DUMMY_HASH_PROMISE), password);
  if (!member?.passwordHash || !ok) {
    if (member && claim?.locksOnFailure && claim.lockedUntil)
      await deps.onLocked?.(member, claim.lockedUntil).catch(() => undefined);
    return false;
  }
  await signInLock.clear(member.id);
  return true;
}

async function issueToken(deps: Pick<AccountDeps, "db" | "now" | "tokenTtlDays">, memberId: number, q: Db | Tx = deps.db) {
  const token = newToken();
  await q.insert(authTokens).values({
    memberId,
    tokenHash: sha256(token),
    expiresAt: new Date(deps.now().getTime() + deps.tokenTtlDays * 86_400_000),
  });
  return token;
}

async function authResult(deps: Pick<AccountDeps, "shops">, member: Member, token: string): Promise<AuthResult> {
  const isSeller = (await deps.shops.ownedBy(member.id)) !== undefined;
  return { token, user: toPublicUser(member, isSeller) };
}

/** A new member; without a password when they register through LINE, Google or Facebook. */
export async function register(deps: AccountDeps, input: Registration): Promise<AuthResult> {
  const { db, members, shops } = deps;
  if (await members.byPhone(input.phone)) throw conflict("PHONE_ALREADY_REGISTERED", "此手機號碼已註冊，請直接登入");
  if (input.email && (await members.emailTaken(input.email))) {
    throw fieldError("email", "此電子郵件已被使用");
  }
  let uplineId: number | undefined;
  if (input.refcode) {
    const upline = await members.byRefcode(input.refcode);
    if (!upline) throw fieldError("refcode", "查無此推薦碼，請確認或留空");
    uplineId = upline.id;
  }
  let shopId = MAIN_SHOP_ID;
  if (input.shop_id !== undefined && input.shop_id !== MAIN_SHOP_ID) {
    if (!(await shops.isOpen(input.shop_id))) throw fieldError("shop_id", "此商城不存在或已暫停營業");
    shopId = input.shop_id;
  }
  const captchaId = await checkCaptcha(deps, input.phone, "register", input.captcha);
  const passwordHash = input.password ? await argonHash(input.password) : null;
  try {
    const { member, token } = await db.transaction(async (tx) => {
      await markCaptchaUsed(deps, tx, captchaId);
      const member = await members.create(tx, {
        phone: input.phone,
        email: input.email,
        name: input.name,
        passwordHash,
        uplineId,
        shopId,
        lang: input.lang,
      });
      const token = await issueToken(deps, member.id, tx);
      await deps.onRegistered?.(tx, member.id);
      return { member, token };
    });
    return await authResult(deps, member, token);
  } catch (error) {
    if (isUniqueViolation(error, "members_phone_key")) throw conflict("PHONE_ALREADY_REGISTERED", "此手機號碼已註冊，請直接登入");
    if (isUniqueViolation(error, "members_email_key")) throw fieldError("email", "此電子郵件已被使用");
    throw error;
  }
}

/**
 * The member whose password this is. Each attempt on an account is counted first, from any
 * address (decision 77): every fifth failure locks it, and a locked account is refused before
 * anything is checked. Unknown accounts still cost one hash check.
 */
export async function checkPassword(deps: AccountDeps, input: LoginInput): Promise<Member> {
  const member = await deps.members.byAccount(input.account.trim());
  if (!(await countedCheck(deps, member, input.password)) || !member)
    throw unauthenticated("WRONG_CREDENTIALS", "帳號或密碼錯誤");
  if (member.status !== "active") throw forbidden("ACCOUNT_SUSPENDED", "此帳號已停用，請聯繫客服");
  return member;
}

/**
 * Whether an account still opens with this password, neither counting an attempt nor telling
 * anyone: the production start's check for published demo passwords (a real member could hold
 * a demo phone number, and must not be locked by restarts).
 */
export async function passwordMatches(deps: Pick<AccountDeps, "members">, account: string, password: string): Promise<boolean> {
  const member = await deps.members.byAccount(account);
  return Boolean(member?.passwordHash && (await argonVerify(member.passwordHash, password)));
}

/** Signs in a member found another way (a verified third-party identity). */
export async function signInMember(deps: AccountDeps, memberId: number): Promise<AuthResult> {
  const member = await deps.members.byId(memberId);
  if (!member) throw unauthenticated("WRONG_CREDENTIALS", "帳號或密碼錯誤");
  if (member.status !== "active") throw forbidden("ACCOUNT_SUSPENDED", "此帳號已停用，請聯繫客服");
  return authResult(deps, member, await issueToken(deps, member.id));
}

export async function login(deps: AccountDeps, input: LoginInput): Promise<AuthResult> {
  const member = await checkPassword(deps, input);
  return authResult(deps, member, await issueToken(deps, member.id));
}

/** The member behind a bearer token, or undefined when missing, expired or revoked. */
export async function authenticate(deps: AccountDeps, token: string): Promise<Session | undefined> {
  if (!token || token.length > 200) return undefined;
  const [row] = await deps.db
    .select({ tokenId: authTokens.id, memberId: authTokens.memberId })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, sha256(token)), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, deps.now())));
  if (!row) return undefined;
  const member = await deps.members.byId(row.memberId);
  if (member?.status !== "active") return undefined;
  return { member, tokenId: row.tokenId };
}

/** Ends every session of a member at once (a suspension), inside the caller's transaction. */
export async function revokeAll(deps: Pick<AccountDeps, "now">, tx: Tx, memberId: number) {
  await tx
    .update(authTokens)
    .set({ revokedAt: deps.now() })
    .where(and(eq(authTokens.memberId, memberId), isNull(authTokens.revokedAt)));
}

export async function logout(deps: Pick<AccountDeps, "db" | "now">, tokenId: number) {
  await deps.db.update(authTokens).set({ revokedAt: deps.now() }).where(eq(authTokens.id, tokenId));
}

/** Changes the password and signs out every other device. */
export async function updatePassword(deps: AccountDeps, session: Session, input: PasswordUpdateInput) {
  const { db, members, now } = deps;
  if (!session.member.passwordHash) throw fieldError("old_password", "您尚未設定密碼，請使用「忘記密碼」以簡訊驗證碼設定");
  // Counted as a sign-in (decision 77): a stolen session must not guess the password freely.
  if (!(await countedCheck(deps, session.member, input.old_password))) throw fieldError("old_password", "目前的密碼不正確");
  const passwordHash = await argonHash(input.new_password);
  await db.transaction(async (tx) => {
    await members.setPasswordHash(session.member.id, passwordHash, tx);
    await tx
      .update(authTokens)
      .set({ revokedAt: now() })
      .where(and(eq(authTokens.memberId, session.member.id), ne(authTokens.id, session.tokenId), isNull(authTokens.revokedAt)));
  });
}

/** Resets a forgotten password with an SMS code and signs out every device. */
export async function forgetPassword(deps: AccountDeps, input: z.output<typeof passwordForgetInput> | PasswordForgetInput) {
  const { db, members, now } = deps;
  const member = await members.byPhone(input.phone);
  if (!member) throw notFound("PHONE_NOT_REGISTERED", "查無使用此手機號碼的會員");
  const captchaId = await checkCaptcha(deps, input.phone, "password", input.captcha);
  const passwordHash = await argonHash(input.new_password);
  await db.transaction(async (tx) => {
    await markCaptchaUsed(deps, tx, captchaId);
    await members.setPasswordHash(member.id, passwordHash, tx);
    await tx
      .update(authTokens)
      .set({ revokedAt: now() })
      .where(and(eq(authTokens.memberId, member.id), isNull(authTokens.revokedAt)));
  });
  // The phone was proven and the password is new: failed sign-ins no longer hold the account.
  await deps.signInLock.clear(member.id);
}

export async function currentUser(deps: Pick<AccountDeps, "shops">, member: Member) {
  const isSeller = (await deps.shops.ownedBy(member.id)) !== undefined;
  return toPublicUser(member, isSeller);
}
