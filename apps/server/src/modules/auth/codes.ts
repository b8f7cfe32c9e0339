import type { CaptchaPurpose } from "@shop/contract";
import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { captchas } from "../../db/schema/index.js";
import type { SmsSender } from "../../integrations/sms/index.js";
import { clientKey } from "../../lib/client-key.js";
import { sha256, sixDigitCode } from "../../lib/crypto.js";
import { conflict, fieldError, notFound, tooManyRequests, unavailable } from "../../lib/errors.js";
import type { RateLimiter } from "../../lib/rate-limit.js";
import type { MembersService } from "../members/service.js";

const CAPTCHA_RULES = {
  ttlSeconds: 10 * 60,
  resendAfterSeconds: 60,
  perPhonePerHour: 5,
  perPhonePerDay: 10,
  maxAttempts: 5,
} as const;

/** What the one-time codes work with (service.ts builds it once). */
export interface CodeDeps {
  db: Db;
  members: MembersService;
  sms: SmsSender;
  limiter: RateLimiter;
  brandName: string;
  /** Codes one address may ask for in an hour. */
  perIpPerHour: number;
  now: () => Date;
}

const codeHash = (phone: string, purpose: string, code: string) => sha256(`${phone}:${purpose}:${code}`);
/** What a code is for: the sign-in forms' purposes, or proving the phone on a guest order. */
type CodePurpose = CaptchaPurpose | "order" | "restock" | "close" | "payout";
/** The purposes other modules send and consume codes for. */
export type OtherCodePurpose = "order" | "restock" | "close" | "payout";

/**
 * Sends a code under the limits (decision 30): one per phone and use a minute, five per phone an
 * hour and ten a day, twenty per address an hour (SMS_CODES_PER_IP_PER_HOUR). Each limit is one
 * atomic counter, so concurrent requests cannot slip past it together.
 */
export async function sendCode(deps: CodeDeps, phone: string, purpose: CodePurpose, ip: string, text: (code: string) => string) {
  const { db, sms, limiter, now } = deps;
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
  if (fromIp.hits > deps.perIpPerHour)
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
export async function checkCaptcha(
  deps: Pick<CodeDeps, "db" | "now">,
  phone: string,
  purpose: CodePurpose,
  code: string,
): Promise<number> {
  const { db, now } = deps;
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
export async function markCaptchaUsed(deps: Pick<CodeDeps, "now">, tx: Tx, captchaId: number) {
  const used = await tx
    .update(captchas)
    .set({ consumedAt: deps.now() })
    .where(and(eq(captchas.id, captchaId), isNull(captchas.consumedAt)))
    .returning({ id: captchas.id });
  if (used.length === 0) throw fieldError("captcha", "驗證碼錯誤或已過期，請重新取得");
}

/** The sign-in forms' code: registering needs a new phone, a password reset a known one. */
export async function sendCaptcha(deps: CodeDeps, phone: string, purpose: CaptchaPurpose, ip: string) {
  const existing = await deps.members.byPhone(phone);
  if (purpose === "register" && existing) throw conflict("PHONE_ALREADY_REGISTERED", "此手機號碼已註冊，請直接登入");
  if (purpose === "password" && !existing) throw notFound("PHONE_NOT_REGISTERED", "查無使用此手機號碼的會員");
  return sendCode(
    deps,
    phone,
    purpose,
    ip,
    (code) => `【${deps.brandName}】您的驗證碼為 ${code}，10 分鐘內有效。請勿將驗證碼提供給他人。`,
  );
}

/** Checks another use's code and marks it used. */
export async function consumeCode(deps: Pick<CodeDeps, "db" | "now">, phone: string, code: string, purpose: OtherCodePurpose) {
  const id = await checkCaptcha(deps, phone, purpose, code);
  await deps.db.transaction((tx) => markCaptchaUsed(deps, tx, id));
}
