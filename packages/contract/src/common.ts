import { z } from "./zod.js";

const MOBILE = /^09\d{8}$/;

/**
 * A Taiwan mobile number as people type or autofill it — 0912-345-678, +886 912 345 678,
 * 886912345678, (0912) 345678, full-width digits — as the shop keeps it: 09XXXXXXXX. Anything that
 * is not such a number comes back as typed (trimmed), for the schema to refuse or, in a
 * phone-or-e-mail field, to read as an e-mail.
 */
export function normalizeMobile(typed: string): string {
  const trimmed = typed.trim();
  // NFKC turns full-width digits, ＋ and the ideographic space into their ASCII forms.
  const bare = trimmed.normalize("NFKC").replace(/[\s\-‐‑‒–—―−().]/g, "");
  const local = bare.replace(/^(?:\+|00)?886(?=0?9\d{8}$)0?/, "0");
  return MOBILE.test(local) ? local : trimmed;
}

/** A mobile number, normalised (`normalizeMobile`) before it is checked: empty asks for it. */
export const phoneSchema = z
  .string({ error: "請輸入手機號碼" })
  .overwrite(normalizeMobile)
  .min(1, { error: "請輸入手機號碼", abort: true })
  .regex(MOBILE, { error: "手機號碼格式錯誤，請輸入 09 開頭的 10 位數字" });

export const passwordSchema = z
  .string({ error: "請輸入密碼" })
  .min(1, { error: "請輸入密碼", abort: true })
  .min(8, { error: "密碼至少需要 8 個字元" })
  .max(72, { error: "密碼最多 72 個字元" });

export const captchaSchema = z
  .string({ error: "請輸入簡訊驗證碼" })
  .trim()
  .min(1, { error: "請輸入簡訊驗證碼", abort: true })
  .regex(/^\d{6}$/, { error: "驗證碼為 6 位數字" });

/** The largest id the database holds (PostgreSQL `integer`/`serial`). */
export const MAX_DB_ID = 2_147_483_647;

/** A row id, from JSON or a query string: a whole number the database can hold, else `message`. */
export const dbId = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).positive({ error: message }).max(MAX_DB_ID, { error: message });

/** A search term that is a row id ("42"), or undefined: never throws, never yields a number the database cannot hold. */
export function idInText(text: string): number | undefined {
  if (!/^\d{1,10}$/.test(text.trim())) return undefined;
  const n = Number(text.trim());
  return n >= 1 && n <= MAX_DB_ID ? n : undefined;
}

export const shopIdSchema = dbId("商城編號格式錯誤");

export const idSchema = dbId("編號格式錯誤");

/** Page numbers stop where an offset could no longer be exact. */
export const MAX_PAGE = 100_000;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, { error: "頁碼需從 1 開始" }).max(MAX_PAGE, { error: "頁碼過大" }).default(1),
  per_page: z.coerce.number().int().min(1).max(100, { error: "每頁最多 100 筆" }).default(20),
});

/** Parses `shop_id` from a query, defaulting to the main mall. */
export const shopQuerySchema = z.object({ shop_id: shopIdSchema.default(1) });
