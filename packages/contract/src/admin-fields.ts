import { z } from "zod";
import { dbId } from "./common.js";

/** Field rules shared by the back office's input schemas (admin.ts, admin-storefront.ts). */
export const id = dbId("編號格式不正確");
export const money = z
  .number()
  .int({ error: "金額須為整數" })
  .min(0, { error: "金額不可小於 0" })
  .max(10_000_000, { error: "金額過大" });
export const text = (label: string, max: number) =>
  z
    .string({ error: `請輸入${label}` })
    .trim()
    .min(1, { error: `請輸入${label}` })
    .max(max, { error: `${label}最多 ${max} 字` });
/** Optional text: "" when left empty (the English versions of catalogue content, decision 109). */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正確` })
    .trim()
    .max(max, { error: `${label}最多 ${max} 字` })
    .default("");
/** An image we host: an upload path (never someone else's URL). */
export const imagePath = z
  .string()
  .regex(/^\/uploads\/[A-Za-z0-9/_.-]{1,200}$/, { error: "圖片路徑不正確，請重新上傳" })
  .refine((s) => !s.includes(".."), { error: "圖片路徑不正確，請重新上傳" });

export const when = z.iso.datetime({ offset: true, error: "時間格式不正確" }).nullable().default(null);
/** A link on the storefront: a path on this site or an https address. */
export const link = z
  .string()
  .trim()
  .max(300)
  .regex(/^(\/[^\s]*)?$|^https:\/\/[^\s]+$/, { error: "連結須為站內路徑（/ 開頭）或 https 網址" })
  .default("");
export const sort = z.number().int().min(0).max(9999).default(0);
export const optionalImage = imagePath.or(z.literal("")).default("");
/** Rich text from the editor; sanitised on the server when saved. */
export const richText = z.string().max(200_000, { error: "內容過長" }).default("");
/** The English of a rich text (decision 109): "" for none, sanitised like the Chinese. */
export const richTextEn = z.string({ error: "英文內容格式不正確" }).max(200_000, { error: "英文內容過長" }).default("");
export const percent = z.number().int().min(0, { error: "比例不可小於 0" }).max(100, { error: "比例最多 100%" });
export const dateRange = <T extends { starts_at: string; ends_at: string }>(v: T) => v.starts_at < v.ends_at;
export const at = z.iso.datetime({ offset: true, error: "時間格式不正確" });

export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  q: z.string().trim().max(60).optional(),
});
