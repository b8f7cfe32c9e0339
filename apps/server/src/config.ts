import path from "node:path";
import { z } from "zod";

const bool = z.enum(["1", "0", "true", "false", ""]).transform((v) => v === "1" || v === "true");

/** Every setting the server reads, with its default. Documented in the README. */
const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().default("0.0.0.0"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Connections each instance keeps to PostgreSQL (instances × pool must stay under max_connections). */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** redis:// URL shared by all instances: rate limits and cache invalidation. Needed beyond one instance. */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "REDIS_URL must be a redis:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    SEED_DEMO: bool.default(true),
    /** Exposes /api/test/* (read captured SMS). Refused in production. */
    TEST_MODE: bool.default(false),
    TRUST_PROXY: bool.default(false),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    /**
     * Verification codes one address may ask for in an hour (decision 30). The e2e server raises
     * it: its whole suite registers from 127.0.0.1, and a retried test asks again.
     */
    SMS_CODES_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
    /** Mitake (三竹) SMS; without a username, messages are only logged (測試模式). */
    MITAKE_USERNAME: z.string().default(""),
    MITAKE_PASSWORD: z.string().default(""),
    MITAKE_API_URL: z.url().default("https://smsapi.mitake.com.tw/api/mtk/SmSend?CharsetURL=UTF-8"),
    /** S3-compatible storage for uploads (several instances); without a bucket uploads stay in DATA_DIR. */
    S3_BUCKET: z.string().default(""),
    S3_REGION: z.string().default("ap-northeast-1"),
    S3_ENDPOINT: z
      .url()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    S3_FORCE_PATH_STYLE: bool.default(false),
    S3_ACCESS_KEY_ID: z.string().default(""),
    S3_SECRET_ACCESS_KEY: z.string().default(""),
    /**
     * Customer e-mail (smtp://user:pass@host:587, smtps://…). Without it a local SMTP server started
     * by the shop receives the mail (測試模式, shown in the back office's 測試信箱).
     */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, { error: "SMTP_URL must start with smtp:// or smtps://" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    MAIL_FROM: z.string().default("茶山好物 <no-reply@example.com>"),
    /** A customer message claimed longer ago than this belongs to an instance that died: it is sent again. */
    OUTBOX_RECLAIM_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    /** LINE Messaging API push to members bound to LINE; without a token the in-process simulator takes them. */
    LINE_CHANNEL_ACCESS_TOKEN: z.string().default(""),
    /** Where contact-us and stranger inquiries are mailed. */
    SHOP_INBOX: z.string().email().default("service@example.com"),
    /** The shop's public origin (https://shop.example.com), for provider callbacks; else taken from the request. */
    PUBLIC_URL: z
      .url()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** TapPay: without a partner key the in-process simulator (測試模式) takes card payments. */
    TAPPAY_PARTNER_KEY: z.string().optional(),
    TAPPAY_MERCHANT_ID: z.string().default(""),
    TAPPAY_APP_ID: z.string().default(""),
    TAPPAY_APP_KEY: z.string().default(""),
    TAPPAY_SERVER_TYPE: z.enum(["sandbox", "production"]).default("sandbox"),
    /** Overrides TapPay's API origin (a local fake in tests). */
    TAPPAY_API_URL: z.url().optional(),
    /** ECPay logistics (C2C store map): without a merchant id the simulator's store list is used. */
    ECPAY_LOGISTICS_MERCHANT_ID: z.string().optional(),
    ECPAY_LOGISTICS_HASH_KEY: z.string().default(""),
    ECPAY_LOGISTICS_HASH_IV: z.string().default(""),
    ECPAY_SERVER_TYPE: z.enum(["stage", "production"]).default("stage"),
    /** Overrides ECPay logistics' API origin (a local fake in tests). */
    ECPAY_LOGISTICS_API_URL: z.url().optional(),
    /**
     * ECPay B2C e-invoices (decision 57): without a merchant id invoices go to the built-in
     * simulator (測試模式), which keeps them in DATA_DIR.
     */
    ECPAY_INVOICE_MERCHANT_ID: z.string().optional(),
    ECPAY_INVOICE_HASH_KEY: z.string().default(""),
    ECPAY_INVOICE_HASH_IV: z.string().default(""),
    /** Overrides ECPay e-invoice's API origin (a local fake in tests). */
    ECPAY_INVOICE_API_URL: z.url().optional(),
    /** How long one instance may hold an invoice while it talks to the provider, in seconds. */
    EINVOICE_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** How often invoices whose provider work stopped half-way (a crash, a timeout) are taken up again, in seconds. */
    EINVOICE_SWEEP_SECONDS: z.coerce.number().int().min(1).default(300),
    /** The sender printed on store shipments (ECPay: name ≤ 10 characters, a mobile number). */
    SHIP_SENDER_NAME: z.string().max(10).default("茶山好物"),
    SHIP_SENDER_PHONE: z
      .string()
      .regex(/^09\d{8}$/)
      .default("0900000000"),
    /** The sender's address printed on HCT labels. */
    SHIP_SENDER_ADDRESS: z.string().max(80).default("嘉義縣阿里山鄉中正村 1 號"),
    /** The HCT contract's customer code (客戶代號), printed on every label; empty in 測試模式. */
    HCT_CUSTOMER_CODE: z.string().max(20).default(""),
    /**
     * The block of 託運單號 HCT assigned to the contract (`from-to`, 10 digits each). Without it
     * labels are numbered from a test block and marked 測試模式.
     */
    HCT_CONSIGNMENT_NUMBERS: z
      .string()
      .regex(/^\d{10}-\d{10}$/, { error: "HCT_CONSIGNMENT_NUMBERS 應為 10 位數字-10 位數字" })
      .refine((v) => {
        const [a, b] = v.split("-").map(Number);
        return (a ?? 0) <= (b ?? 0);
      }, "HCT_CONSIGNMENT_NUMBERS 的起號不可大於迄號")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Shared secret HCT's tracking push signs with (HMAC-SHA256); without it the push endpoint refuses all. */
    HCT_NOTIFY_SECRET: z
      .string()
      .min(16)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Third-party sign-in. A provider without its client id is hidden, unless the simulator stands in. */
    LINE_CHANNEL_ID: z.string().default(""),
    LINE_CHANNEL_SECRET: z.string().default(""),
    LIFF_ID: z.string().default(""),
    GOOGLE_CLIENT_ID: z.string().default(""),
    FACEBOOK_APP_ID: z.string().default(""),
    /** Local LINE/Google/Facebook (測試模式) for providers not configured; never in production. */
    SIGN_IN_SIMULATOR: bool.optional(),
    LINE_API_URL: z.url().default("https://api.line.me"),
    LINE_AUTHORIZE_URL: z.url().default("https://access.line.me/oauth2/v2.1/authorize"),
    GOOGLE_JWKS_URL: z.url().default("https://www.googleapis.com/oauth2/v3/certs"),
    FACEBOOK_JWKS_URL: z.url().default("https://www.facebook.com/.well-known/oauth/openid/jwks/"),
    FACEBOOK_AUTHORIZE_URL: z.url().default("https://www.facebook.com/v19.0/dialog/oauth"),
    /** On SIGTERM, how long /api/ready reports 503 before the server stops accepting requests. */
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
    /** How often this instance looks for due background jobs, in seconds (0: never, tests run them by hand). */
    JOB_POLL_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
    /** How often unpaid orders past their deadline are cancelled, in seconds. */
    ORDER_SWEEP_SECONDS: z.coerce.number().int().min(1).default(60),
    /** How often 到貨通知 for variants back in stock are sent, in seconds. */
    RESTOCK_SWEEP_SECONDS: z.coerce.number().int().min(1).default(60),
    /** 0 serves the API only (no storefront pages), e.g. for process-level tests. */
    SERVE_WEB: bool.default(true),
    /** Where the built web app lives (apps/web/build). */
    WEB_BUILD_DIR: z.string().optional(),
  })
  .refine((c) => !(c.SIGN_IN_SIMULATOR && c.NODE_ENV === "production"), {
    message: "SIGN_IN_SIMULATOR cannot be enabled when NODE_ENV=production",
    path: ["SIGN_IN_SIMULATOR"],
  })
  .refine(
    (c) => !c.ECPAY_INVOICE_MERCHANT_ID || (c.ECPAY_INVOICE_HASH_KEY.length === 16 && c.ECPAY_INVOICE_HASH_IV.length === 16),
    {
      message: "ECPAY_INVOICE_HASH_KEY and ECPAY_INVOICE_HASH_IV must be 16 characters each",
      path: ["ECPAY_INVOICE_HASH_KEY"],
    },
  )
  .refine((c) => !(c.TEST_MODE && c.NODE_ENV === "production"), {
    message: "TEST_MODE cannot be enabled when NODE_ENV=production",
    path: ["TEST_MODE"],
  });

export type Config = z.infer<typeof configSchema> & { dataDir: string };

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Demo data is on by default for a newcomer's machine, off by default in production.
  const withDefaults = env.SEED_DEMO === undefined && env.NODE_ENV === "production" ? { ...env, SEED_DEMO: "0" } : env;
  const parsed = configSchema.safeParse(withDefaults);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  // npm runs workspace scripts inside the workspace; relative paths mean the caller's folder.
  const base = env.INIT_CWD ?? process.cwd();
  return { ...parsed.data, dataDir: path.resolve(base, parsed.data.DATA_DIR) };
}
