import { captchaSchema, passwordSchema, phoneSchema, shopIdSchema } from "./common.js";
import { z } from "./zod.js";

export const captchaPurposes = ["register", "password"] as const;
export type CaptchaPurpose = (typeof captchaPurposes)[number];

export const sendCaptchaInput = z.strictObject({
  phone: phoneSchema,
  purpose: z.enum(captchaPurposes, { error: "驗證用途錯誤" }).default("register"),
});
export type SendCaptchaInput = z.input<typeof sendCaptchaInput>;

export const refcodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{4,16}$/, { error: "推薦碼格式錯誤" });

export const registerInput = z.strictObject({
  phone: phoneSchema,
  captcha: captchaSchema,
  password: passwordSchema,
  name: z.string({ error: "請輸入姓名" }).trim().min(1, { error: "請輸入姓名" }).max(30, { error: "姓名最多 30 個字" }),
  email: z
    .email({ error: "電子郵件格式錯誤" })
    .max(120)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  refcode: refcodeSchema.optional().or(z.literal("").transform(() => undefined)),
  shop_id: shopIdSchema.optional(),
});
export type RegisterInput = z.input<typeof registerInput>;

export const loginInput = z.strictObject({
  account: z.string({ error: "請輸入手機號碼或電子郵件" }).trim().min(1, { error: "請輸入手機號碼或電子郵件" }).max(120),
  password: z.string({ error: "請輸入密碼" }).min(1, { error: "請輸入密碼" }).max(72, { error: "密碼最多 72 個字元" }),
});
export type LoginInput = z.input<typeof loginInput>;

export const passwordUpdateInput = z.strictObject({
  old_password: z.string({ error: "請輸入目前的密碼" }).min(1, { error: "請輸入目前的密碼" }).max(72),
  new_password: passwordSchema,
});
export type PasswordUpdateInput = z.input<typeof passwordUpdateInput>;

export const passwordForgetInput = z.strictObject({
  phone: phoneSchema,
  captcha: captchaSchema,
  new_password: passwordSchema,
});
export type PasswordForgetInput = z.input<typeof passwordForgetInput>;

export const updateNicknameInput = z.strictObject({
  nickname: z.string({ error: "請輸入暱稱" }).trim().min(1, { error: "請輸入暱稱" }).max(20, { error: "暱稱最多 20 個字" }),
});
export type UpdateNicknameInput = z.input<typeof updateNicknameInput>;

export type { AuthResult, BindingView, PublicUser, SignInProvider } from "./user.js";
