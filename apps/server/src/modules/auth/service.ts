import type {
  AuthResult,
  CaptchaPurpose,
  LoginInput,
  PasswordForgetInput,
  PasswordUpdateInput,
  passwordForgetInput,
} from "@shop/contract";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import type { SmsSender } from "../../integrations/sms/index.js";
import type { RateLimiter } from "../../lib/rate-limit.js";
import type { Member, MembersService } from "../members/service.js";
import type { ShopsService } from "../shops/service.js";
import {
  type AccountDeps,
  authenticate,
  checkPassword,
  currentUser,
  forgetPassword,
  login,
  logout,
  passwordMatches,
  type Registration,
  register,
  revokeAll,
  type Session,
  signInMember,
  updatePassword,
} from "./accounts.js";
import { consumeCode, type OtherCodePurpose, sendCaptcha, sendCode } from "./codes.js";
import { createSignInLock } from "./sign-in-lock.js";

// The session plugin names the session type from the auth module's service.
export type { Session } from "./accounts.js";

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
  /** Inside the registration's transaction: the welcome gift (decision 95). */
  onRegistered?: (tx: Tx, memberId: number) => Promise<void>;
  now?: () => Date;
}

/**
 * Members' sign-in, sessions, passwords and one-time codes. Each method is a function of
 * accounts.ts (sign-in, sessions, passwords) or codes.ts (SMS codes) taking `d`.
 */
export function createAuthService(deps: AuthDeps) {
  const now = deps.now ?? (() => new Date());
  const signInLock = createSignInLock(deps.db, now);
  const d: AccountDeps = {
    db: deps.db,
    members: deps.members,
    shops: deps.shops,
    sms: deps.sms,
    limiter: deps.limiter,
    brandName: deps.brandName,
    perIpPerHour: deps.smsCodesPerIpPerHour ?? 20,
    tokenTtlDays: deps.tokenTtlDays,
    signInLock,
    onLocked: deps.onLocked,
    onRegistered: deps.onRegistered,
    now,
  };

  return {
    sendCaptcha: (phone: string, purpose: CaptchaPurpose, ip: string) => sendCaptcha(d, phone, purpose, ip),

    /** One-time codes for other uses (a guest proving the phone on an order, a member closing the account), under the same limits. */
    codes: {
      send: (phone: string, ip: string, text: (code: string) => string, purpose: OtherCodePurpose = "order") =>
        sendCode(d, phone, purpose, ip, text),
      consume: (phone: string, code: string, purpose: OtherCodePurpose = "order") => consumeCode(d, phone, code, purpose),
    },

    /** A new member; without a password when they register through LINE, Google or Facebook. */
    register: (input: Registration): Promise<AuthResult> => register(d, input),
    /** The member whose password this is, each attempt counted on the account first (decision 77). */
    checkPassword: (input: LoginInput): Promise<Member> => checkPassword(d, input),
    /** Whether an account still opens with this password, counting nothing (the production start's check). */
    passwordMatches: (account: string, password: string): Promise<boolean> => passwordMatches(d, account, password),

    /** Until when failed sign-ins keep this member out (null: not locked); staff lift it with unlockSignIn. */
    signInLockedUntil: (memberId: number) => signInLock.lockedUntil(memberId),
    unlockSignIn: (memberId: number) => signInLock.clear(memberId),

    /** Signs in a member found another way (a verified third-party identity). */
    signInMember: (memberId: number): Promise<AuthResult> => signInMember(d, memberId),
    login: (input: LoginInput): Promise<AuthResult> => login(d, input),
    /** The member behind a bearer token, or undefined when missing, expired or revoked. */
    authenticate: (token: string): Promise<Session | undefined> => authenticate(d, token),
    /** Ends every session of a member at once (a suspension), inside the caller's transaction. */
    revokeAll: (tx: Tx, memberId: number) => revokeAll(d, tx, memberId),
    logout: (tokenId: number) => logout(d, tokenId),
    /** Changes the password and signs out every other device. */
    updatePassword: (session: Session, input: PasswordUpdateInput) => updatePassword(d, session, input),
    /** Resets a forgotten password with an SMS code and signs out every device. */
    forgetPassword: (input: z.output<typeof passwordForgetInput> | PasswordForgetInput) => forgetPassword(d, input),
    currentUser: (member: Member) => currentUser(d, member),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
