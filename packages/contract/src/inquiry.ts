import { phoneSchema, shopIdSchema } from "./common.js";
import { z } from "./zod.js";

export const inquiryInput = z.strictObject({
  name: z.string({ error: "請輸入姓名" }).trim().min(1, { error: "請輸入姓名" }).max(30, { error: "姓名最多 30 個字" }),
  phone: phoneSchema,
  email: z.email({ error: "電子郵件格式錯誤" }).max(120),
  subject: z.string({ error: "請輸入主旨" }).trim().min(1, { error: "請輸入主旨" }).max(60, { error: "主旨最多 60 個字" }),
  message: z
    .string({ error: "請輸入內容" })
    .trim()
    .min(5, { error: "內容至少 5 個字" })
    .max(2000, { error: "內容最多 2000 個字" }),
  kind: z.enum(["contact", "stranger"], { error: "詢問類別錯誤" }).default("contact"),
  shop_id: shopIdSchema.optional(),
  /** The order the message is about (optional; left empty, none). */
  order_no: z
    .literal("")
    .transform(() => undefined)
    .or(
      z
        .string()
        .trim()
        .regex(/^\d{14}$/, { error: "訂單編號為 14 位數字" }),
    )
    .optional(),
});
export type InquiryInput = z.input<typeof inquiryInput>;
