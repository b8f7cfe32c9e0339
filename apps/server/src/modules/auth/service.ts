import { hash as argonHash, verify as argonVerify } from "@node-rs/argon2";
import type {
  AuthResult,
  CaptchaPurpose,
  LoginInput,
  PasswordForgetInput,
  PasswordUpdateInput,
  passwordForgetInput,
  registerInput,
} from "@shop/contract";
import { MAIN_SHOP_ID } from "@shop/contract";
import { formatDateTime } from "@shop/contract/format";
import { and, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { authTokens, captchas } from "../../db/schema/index.js";
import type { SmsSender } from "../../integrations/sms/index.js";
import { clientKey } from "../../lib/client-key.js";
import { newToken, sha256, sixDigitCode } from "../../lib/crypto.js";
import {
  conflict,
  fieldError,
  forbidden,
  isUniqueViolation,
  notFound,
  tooManyRequests,
  unauthenticated,
  unavailable,
} from "../../lib/errors.js";
import type { RateLimiter } from "../../lib/rate-limit.js";
import type { Member, MembersService } from "../members/service.js";
import { toPublicUser } from "../members/service.js";
import type { ShopsService } from "../shops/service.js";
import { createSignInLock } from "./sign-in-lock.js";

const CAPTCHA_RULES = {
  ttlSeconds: 10 * 60,
  resendAfterSeconds: 60,
  perPhonePerHour: 5,
  perPhonePerDay: 10,
  maxAttempts: 5,
} as const;

// Used when an account does not exist, so a failed sign-in costs the same time either way.
const DUMMY_HASH_PROMISE = argonHash("not-a-real-password-0000");

export interface AuthDeps {
  db: Db;
  members: MembersService;
  shops: ShopsService;
  sms: SmsSender;
  limiter: RateLimiter;
  tokenTtlDays: number;
  brandName: string;
  /** Codes one address may ask for in an hour (20 unless configured). */
  smsCodesPerIpPerHour?: number;
  /** Told when failed sign-ins lock an account (the member hears of it: decision 77). */
  onLocked?: (member: Member, until: Date) => Promise<void>;
  now?: () => Date;
}

export interface Session {
  member: Member;
  tokenId: number;
}

const codeHash = (phone: string, purpose: string, code: string) => sha256(`${phone}:${purpose}:${code}`);
/** What a code is for: the sign-in forms' purposes, or proving the phone on a guest order. */
type CodePurpose = CaptchaPurpose | "order" | "restock" | "close" | "payout";

export function createAuthService(deps: AuthDeps) {
  const { db, members, shops, sms, limiter } = deps;
  const now = deps.now ?? (() => new Date());
  const perIpPerHour = deps.smsCodesPerIpPerHour ?? 20;
  const signInLock = createSignInLock(db, now);

  /**
   * Whether the password is this member's, the attempt counted on the account first (decision
   * 77): refused unchecked while locked; the failure that locks it tells the member; a right one
   * starts the count over. An unknown account costs the same hash check.
   */
  async function countedCheck(member: Member | undefined, password: string): Promise<boolean> {
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

  async function issueToken(memberId: number, q: Db | Tx = db): Promise<string> {
    const token = newToken();
    await q.insert(authTokens).values({
      memberId,
      tokenHash: sha256(token),
      expiresAt: new Date(now().getTime() + deps.tokenTtlDays * 86_400_000),
    });
    return token;
  }

  async function authResult(member: Member, token: string): Promise<AuthResult> {
    const isSeller = (await shops.ownedBy(member.id)) !== undefined;
    return { token, user: toPublicUser(member, isSeller) };
  }

  /**
   * Sends a code under the limits (decision 30): one per phone and use a minute, five per phone an
   * hour and ten a day, twenty per address an hour (SMS_CODES_PER_IP_PER_HOUR). Each limit is one
   * atomic counter, so concurrent requests cannot slip past it together.
   */
  async function sendCode(phone: string, purpose: CodePurpose, ip: string, text: (code: string) => string) {
    const resend = await limiter.hit(`sms:resend:${purpose}:${phone}`, CAPTCHA_RULES.resendAfterSeconds);
    if (resend.hits > 1)
      throw tooManyRequests("SMS_RESEND_TOO_SOON", `請於 ${resend.resetInSeconds} 秒後再重新發送驗證碼`, resend.resetInSeconds);
    const hour = await limiter.hit(`sms:phone:hour:${phone}`, 3600);
    const day = await limiter.hit(`sms:phone:day:${phone}`, 86_400);
    if (hour.hits > CAPTCHA_RULES.perPhonePerHour || day.hits > CAPTCHA_RULES.perPhonePerDay) {
      throw tooManyRequests(
        "SMS_PHONE_LIMIT_REACHED",
        "此手機號碼發送驗證碼次數過多，請稍後再試",
        hour.hits > CAPTCHA_RULES.perPhonePerHour ? hour.resetInSeconds : day.resetInSeconds,
      );
    }
    const fromIp = await limiter.hit(`sms:ip:hour:${clientKey(ip)}`, 3600);
    if (fromIp.hits > perIpPerHour)
      throw tooManyRequests("SMS_IP_LIMIT_REACHED", "發送驗證碼次數過多，請稍後再試", fromIp.resetInSeconds);

    const code = sixDigitCode();
    await db.insert(captchas).values({
      phone,
      purpose,
      ip,
      codeHash: codeHash(phone, purpose, code),
      createdAt: now(),
      expiresAt: new Date(now().getTime() + CAPTCHA_RULES.ttlSeconds * 1000),
    });
    try {
      await sms.send(phone, text(code));
    } catch {
      // The provider's failure (down, out of points; the sender logs it): the shopper may retry shortly.
      throw unavailable("SMS_SEND_FAILED", "簡訊發送失敗，請稍後再試");
    }
    return { resend_after_s: CAPTCHA_RULES.resendAfterSeconds };
  }

  /**
   * Checks a code against the newest live one for this phone and purpose. Each check first takes
   * one of the code's attempts with a single conditional update, so concurrent guesses cannot
   * exceed the limit; it runs outside any transaction so a wrong guess stays counted.
   * (On PGlite a query outside an open transaction would wait for it: never mix the two.)
   */
  async function checkCaptcha(phone: string, purpose: CodePurpose, code: string): Promise<number> {
    const [latest] = await db
      .select()
      .from(captchas)
      .where(and(eq(captchas.phone, phone), eq(captchas.purpose, purpose), isNull(captchas.consumedAt)))
      .orderBy(desc(captchas.createdAt), desc(captchas.id))
      .limit(1);
    if (!latest || latest.expiresAt <= now()) {
      throw fieldError("captcha", "驗證碼錯誤或已過期，請重新取得");
    }
    const attempt = await db
      .update(captchas)
      .set({ attempts: sql`${captchas.attempts} + 1` })
      .where(and(eq(captchas.id, latest.id), lt(captchas.attempts, CAPTCHA_RULES.maxAttempts)))
      .returning({ id: captchas.id });
    if (attempt.length === 0) throw fieldError("captcha", "驗證碼錯誤次數過多，請重新取得驗證碼");
    if (latest.codeHash !== codeHash(phone, purpose, code)) throw fieldError("captcha", "驗證碼錯誤，請再確認一次");
    return latest.id;
  }

  /** Marks a checked code used; of two concurrent uses of one code, only one wins. */
  async function markCaptchaUsed(tx: Tx, captchaId: number) {
    const used = await tx
      .update(captchas)
      .set({ consumedAt: now() })
      .where(and(eq(captchas.id, captchaId), isNull(captchas.consumedAt)))
      .returning({ id: captchas.id });
    if (used.length === 0) throw fieldError("captcha", "驗證碼錯誤或已過期，請重新取得");
  }

  return {
    async sendCaptcha(phone: string, purpose: CaptchaPurpose, ip: string) {
      const existing = await members.byPhone(phone);
      if (purpose === "register" && existing) throw conflict("PHONE_ALREADY_REGISTERED", "此手機號碼已註冊，請直接登入");
      if (purpose === "password" && !existing) throw notFound("PHONE_NOT_REGISTERED", "查無使用此手機號碼的會員");
      return sendCode(
        phone,
        purpose,
        ip,
        (code) => `【${deps.brandName}】您的驗證碼為 ${code}，10 分鐘內有效。請勿將驗證碼提供給他人。`,
      );
    },

    /** One-time codes for other uses (a guest proving the phone on an order, a member closing the account), under the same limits. */
    codes: {
      send: (
        phone: string,
        ip: string,
        text: (code: string) => string,
        purpose: "order" | "restock" | "close" | "payout" = "order",
      ) => sendCode(phone, purpose, ip, text),
      async consume(phone: string, code: string, purpose: "order" | "restock" | "close" | "payout" = "order") {
        const id = await checkCaptcha(phone, purpose, code);
        await db.transaction((tx) => markCaptchaUsed(tx, id));
      },
    },

    /** A new member; without a password when they register through LINE, Google or Facebook. */
    async register(input: Omit<z.output<typeof registerInput>, "password"> & { password?: string }): Promise<AuthResult> {
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
      const captchaId = await checkCaptcha(input.phone, "register", input.captcha);
      const passwordHash = input.password ? await argonHash(input.password) : null;
      try {
        const { member, token } = await db.transaction(async (tx) => {
          await markCaptchaUsed(tx, captchaId);
          const member = await members.create(tx, {
            phone: input.phone,
            email: input.email,
            name: input.name,
            passwordHash,
            uplineId,
            shopId,
          });
          const token = await issueToken(member.id, tx);
          return { member, token };
        });
        return await authResult(member, token);
      } catch (error) {
        if (isUniqueViolation(error, "members_phone_key"))
          throw conflict("PHONE_ALREADY_REGISTERED", "此手機號碼已註冊，請直接登入");
        if (isUniqueViolation(error, "members_email_key")) throw fieldError("email", "此電子郵件已被使用");
        throw error;
      }
    },

    /**
     * The member whose password this is. Each attempt on an account is counted first, from any
     * address (decision 77): every fifth failure locks it, and a locked account is refused before
     * anything is checked. Unknown accounts still cost one hash check.
     */
    async checkPassword(input: LoginInput): Promise<Member> {
      const member = await members.byAccount(input.account.trim());
      if (!(await countedCheck(member, input.password)) || !member) throw unauthenticated("WRONG_CREDENTIALS", "帳號或密碼錯誤");
      if (member.status !== "active") throw forbidden("ACCOUNT_SUSPENDED", "此帳號已停用，請聯繫客服");
      return member;
    },

    /**
     * Whether an account still opens with this password, neither counting an attempt nor telling
     * anyone: the production start's check for published demo passwords (a real member could hold
     * a demo phone number, and must not be locked by restarts).
     */
    async passwordMatches(account: string, password: string): Promise<boolean> {
      const member = await members.byAccount(account);
      return Boolean(member?.passwordHash && (await argonVerify(member.passwordHash, password)));
    },

    /** Until when failed sign-ins keep this member out (null: not locked); staff lift it with unlockSignIn. */
    signInLockedUntil: (memberId: number) => signInLock.lockedUntil(memberId),
    unlockSignIn: (memberId: number) => signInLock.clear(memberId),

    /** Signs in a member found another way (a verified third-party identity). */
    async signInMember(memberId: number): Promise<AuthResult> {
      const member = await members.byId(memberId);
      if (!member) throw unauthenticated("WRONG_CREDENTIALS", "帳號或密碼錯誤");
      if (member.status !== "active") throw forbidden("ACCOUNT_SUSPENDED", "此帳號已停用，請聯繫客服");
      return authResult(member, await issueToken(member.id));
    },

    async login(input: LoginInput): Promise<AuthResult> {
      const member = await this.checkPassword(input);
      return authResult(member, await issueToken(member.id));
    },

    /** The member behind a bearer token, or undefined when missing, expired or revoked. */
    async authenticate(token: string): Promise<Session | undefined> {
      if (!token || token.length > 200) return undefined;
      const [row] = await db
        .select({ tokenId: authTokens.id, memberId: authTokens.memberId })
        .from(authTokens)
        .where(and(eq(authTokens.tokenHash, sha256(token)), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, now())));
      if (!row) return undefined;
      const member = await members.byId(row.memberId);
      if (member?.status !== "active") return undefined;
      return { member, tokenId: row.tokenId };
    },

    /** Ends every session of a member at once (a suspension), inside the caller's transaction. */
    async revokeAll(tx: Tx, memberId: number) {
      await tx
        .update(authTokens)
        .set({ revokedAt: now() })
        .where(and(eq(authTokens.memberId, memberId), isNull(authTokens.revokedAt)));
    },

    async logout(tokenId: number) {
      await db.update(authTokens).set({ revokedAt: now() }).where(eq(authTokens.id, tokenId));
    },

    /** Changes the password and signs out every other device. */
    async updatePassword(session: Session, input: PasswordUpdateInput) {
      if (!session.member.passwordHash) throw fieldError("old_password", "您尚未設定密碼，請使用「忘記密碼」以簡訊驗證碼設定");
      // Counted as a sign-in (decision 77): a stolen session must not guess the password freely.
      if (!(await countedCheck(session.member, input.old_password))) throw fieldError("old_password", "目前的密碼不正確");
      const passwordHash = await argonHash(input.new_password);
      await db.transaction(async (tx) => {
        await members.setPasswordHash(session.member.id, passwordHash, tx);
        await tx
          .update(authTokens)
          .set({ revokedAt: now() })
          .where(
            and(eq(authTokens.memberId, session.member.id), ne(authTokens.id, session.tokenId), isNull(authTokens.revokedAt)),
          );
      });
    },

    /** Resets a forgotten password with an SMS code and signs out every device. */
    async forgetPassword(input: z.output<typeof passwordForgetInput> | PasswordForgetInput) {
      const member = await members.byPhone(input.phone);
      if (!member) throw notFound("PHONE_NOT_REGISTERED", "查無使用此手機號碼的會員");
      const captchaId = await checkCaptcha(input.phone, "password", input.captcha);
      const passwordHash = await argonHash(input.new_password);
      await db.transaction(async (tx) => {
        await markCaptchaUsed(tx, captchaId);
        await members.setPasswordHash(member.id, passwordHash, tx);
        await tx
          .update(authTokens)
          .set({ revokedAt: now() })
          .where(and(eq(authTokens.memberId, member.id), isNull(authTokens.revokedAt)));
      });
      // The phone was proven and the password is new: failed sign-ins no longer hold the account.
      await signInLock.clear(member.id);
    },

    async currentUser(member: Member) {
      const isSeller = (await shops.ownedBy(member.id)) !== undefined;
      return toPublicUser(member, isSeller);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
