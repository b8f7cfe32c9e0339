import { captchaSchema, normalizeMobile, passwordSchema, phoneSchema, shopIdSchema } from "./common.js";
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
  /** A phone number in any form people type it (normalised to 09XXXXXXXX), or an e-mail. */
  account: z
    .string({ error: "請輸入手機號碼或電子郵件" })
    .overwrite(normalizeMobile)
    .min(1, { error: "請輸入手機號碼或電子郵件" })
    .max(120),
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

/** The member's birthday, set once (decision 95): a real date, not in the future, after 1900. */
export const setBirthdayInput = z.strictObject({
  birthday: z
    .string({ error: "請選擇生日" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "請選擇生日" })
    .refine(
      (d) => {
        const t = new Date(`${d}T00:00:00Z`);
        return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d && d >= "1900-01-01" && t.getTime() <= Date.now();
      },
      { error: "生日日期不正確" },
    ),
});

export type {
  AuthResult,
  BindingView,
  BindTicketView,
  PublicUser,
  SignInOptions,
  SignInProvider,
  SignInProviderView,
  ThreeWayStart,
} from "./user.js";

// ---------- third-party sign-in (LINE, Google, Facebook) ----------

export const SIGN_IN_PROVIDERS = ["line", "google", "facebook"] as const;
const providerSchema = z.enum(SIGN_IN_PROVIDERS, { error: "不支援此登入方式" });
const idTokenSchema = z
  .string({ error: "缺少登入憑證" })
  .trim()
  .min(20, { error: "登入憑證格式錯誤" })
  .max(4096, { error: "登入憑證格式錯誤" });
const codeSchema = z
  .string({ error: "缺少授權碼" })
  .trim()
  .min(4, { error: "授權碼格式錯誤" })
  .max(512, { error: "授權碼格式錯誤" });
const stateSchema = z
  .string({ error: "登入流程已失效，請重新登入" })
  .trim()
  .min(16)
  .max(128, { error: "登入流程已失效，請重新登入" });
const ticketSchema = z
  .string({ error: "綁定資料已失效，請重新登入" })
  .trim()
  .min(16)
  .max(128, { error: "綁定資料已失效，請重新登入" });

/** Starts a redirect sign-in: the server keeps the state and nonce the provider must send back. */
export const threeWayStartInput = z.strictObject({
  provider: providerSchema,
  purpose: z.enum(["login", "bind"], { error: "用途錯誤" }).default("login"),
});

/** threeway/login and user/threeway/bind: an ID token (Google, Facebook) or LINE Login's code, with our state. */
export const threeWayLoginInput = z.strictObject({
  provider: providerSchema,
  id_token: idTokenSchema.optional(),
  code: codeSchema.optional(),
  state: stateSchema,
  shop_id: shopIdSchema.optional(),
  refcode: refcodeSchema.optional().or(z.literal("").transform(() => undefined)),
});

export const liffLoginInput = z.strictObject({
  id_token: idTokenSchema,
  shop_id: shopIdSchema.optional(),
  refcode: refcodeSchema.optional().or(z.literal("").transform(() => undefined)),
});

/** Bind the waiting identity to an existing account, or register a new member with it (password optional). */
export const threeWayLoginBindInput = z.union([
  z.strictObject({ bind_ticket: ticketSchema, account: loginInput.shape.account, password: loginInput.shape.password }),
  z.strictObject({
    bind_ticket: ticketSchema,
    register: registerInput.omit({ shop_id: true }).extend({
      password: passwordSchema.optional().or(z.literal("").transform(() => undefined)),
    }),
  }),
]);

export const threeWayUnbindInput = z.strictObject({ provider: providerSchema });
