import { z } from "./zod.js";

export const phoneSchema = z
  .string({ error: "請輸入手機號碼" })
  .trim()
  .regex(/^09\d{8}$/, { error: "手機號碼格式錯誤，請輸入 09 開頭的 10 位數字" });

export const passwordSchema = z
  .string({ error: "請輸入密碼" })
  .min(8, { error: "密碼至少需要 8 個字元" })
  .max(72, { error: "密碼最多 72 個字元" });

export const captchaSchema = z
  .string({ error: "請輸入簡訊驗證碼" })
  .trim()
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
