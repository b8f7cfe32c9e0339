import { z } from "zod";
import { documented as d } from "./setting-docs.js";

/** TapPay methods beside the card (decision 88); the contract's list, kept here so config imports nothing of the app. */
export const TAPPAY_EXTRA_METHODS = ["line_pay", "jko_pay", "easy_wallet", "atome", "apple_pay", "google_pay", "atm"] as const;

// Functions, not shared schemas: each setting's documentation is attached to its own schema object.
const optionalUrl = () =>
  z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined));
const optionalText = () =>
  z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined));

const channel = (what: string, offMeans: string) =>
  d(z.enum(["on", "off", "simulator"]).default("on"), {
    group: "Channels",
    description: `${what}. Off: ${offMeans}.`,
    example: "on",
  });
const alwaysOn = (what: string) =>
  d(z.enum(["on", "simulator"]).default("on"), {
    group: "Channels",
    description: `${what}. Cannot be switched off (decision 74).`,
    example: "on",
  });
export const testOverride = (group: Parameters<typeof d>[1]["group"], what: string) =>
  d(optionalUrl(), {
    group,
    description: `Overrides ${what} (a local fake in tests). Refused in production.`,
    production: "refused",
  });

/** Outside providers: one channel switch each, then its credentials (decision 74). */
export const providerSettings = {
  CHANNEL_CARD: channel("Card payments through TapPay", "checkout offers no card payment"),
  CHANNEL_STORE_PICKUP: channel(
    "Convenience-store pick-up (超商取貨) through ECPay logistics: the store map, shipments and labels",
    "checkout offers no store pick-up and sellers cannot choose it",
  ),
  CHANNEL_EINVOICE: channel(
    "Taiwan e-invoices issued through ECPay (decision 57)",
    "the shop issues its invoices elsewhere (its own POS or accountant): checkout asks nothing about invoices and none are recorded",
  ),
  CHANNEL_HCT: channel(
    "新竹物流 consignment numbers and labels for home delivery (decision 42)",
    "home-delivery parcels are shipped with the tracking number staff type in, from any carrier",
  ),
  CHANNEL_ECPAY_HOME: channel(
    "黑貓宅急便 and 中華郵政 home delivery through ECPay logistics (B2C contract): consignment numbers, 託運單 and status pushes (decision 90)",
    "黑貓 / 郵局 orders ship with the tracking number staff type in",
  ),
  CHANNEL_SMS: alwaysOn("Verification codes and guest messages by SMS through Mitake (三竹)"),
  CHANNEL_EMAIL: alwaysOn("Customer e-mail over SMTP"),
  CHANNEL_LINE_MESSAGES: channel(
    "Order messages to members bound to LINE, through the LINE Messaging API (the shop's official account)",
    "no LINE messages; members choose e-mail only",
  ),
  CHANNEL_LINE_LOGIN: channel(
    "Sign-in with LINE (LINE Login and the LIFF pages)",
    "no LINE sign-in button; the LIFF pages say it is not offered",
  ),
  CHANNEL_GOOGLE_LOGIN: channel("Sign-in with Google", "no Google sign-in button"),
  CHANNEL_FACEBOOK_LOGIN: channel("Sign-in with Facebook", "no Facebook sign-in button"),

  TAPPAY_PARTNER_KEY: d(optionalText(), {
    group: "Card payments (TapPay)",
    description: "TapPay partner key (server side).",
    production: "card",
    example: "",
    secret: true,
  }),
  TAPPAY_MERCHANT_ID: d(z.string().default(""), {
    group: "Card payments (TapPay)",
    description: "TapPay merchant id the charges go to.",
    production: "card",
    example: "",
  }),
  TAPPAY_APP_ID: d(z.string().default(""), {
    group: "Card payments (TapPay)",
    description: "TapPay front-end SDK app id (public).",
    production: "card",
    example: "",
  }),
  TAPPAY_APP_KEY: d(z.string().default(""), {
    group: "Card payments (TapPay)",
    description: "TapPay front-end SDK app key (public).",
    production: "card",
    example: "",
  }),
  TAPPAY_SERVER_TYPE: d(z.enum(["sandbox", "production"]).default("sandbox"), {
    group: "Card payments (TapPay)",
    description: "`sandbox` or `production`: which TapPay environment the keys belong to.",
    example: "production",
  }),
  TAPPAY_API_URL: testOverride("Card payments (TapPay)", "TapPay's API origin"),
  TAPPAY_METHODS: d(
    z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((m) => m.trim())
          .filter(Boolean),
      )
      .refine((list) => list.every((m) => (TAPPAY_EXTRA_METHODS as readonly string[]).includes(m)), {
        error: `TAPPAY_METHODS lists methods among ${TAPPAY_EXTRA_METHODS.join(", ")}`,
      }),
    {
      group: "Card payments (TapPay)",
      description:
        "Beside cards, the TapPay methods this deployment has contracts for, comma-separated (`line_pay,apple_pay,atm`): line_pay, jko_pay, easy_wallet, atome, apple_pay, google_pay, atm (virtual accounts). Each needs its own merchant id (TAPPAY_MERCHANT_ID_<METHOD>); the back office switches on only these (decision 88).",
      example: "",
      defaultText: "— (card only; under the simulator, every method)",
    },
  ),
  ...(Object.fromEntries(
    TAPPAY_EXTRA_METHODS.map((m) => [
      `TAPPAY_MERCHANT_ID_${m.toUpperCase()}`,
      d(z.string().default(""), {
        group: "Card payments (TapPay)",
        description: `TapPay merchant id for ${m} (each method is its own merchant in TapPay's portal). Needed in production when TAPPAY_METHODS lists ${m}.`,
        example: "",
      }),
    ]),
  ) as Record<`TAPPAY_MERCHANT_ID_${Uppercase<(typeof TAPPAY_EXTRA_METHODS)[number]>}`, z.ZodDefault<z.ZodString>>),
  APPLE_PAY_MERCHANT_IDENTIFIER: d(z.string().default(""), {
    group: "Card payments (TapPay)",
    description: "Apple Pay merchant identifier (merchant.com.example.shop), for TPDirect.paymentRequestApi.setupApplePay.",
    example: "",
  }),
  APPLE_PAY_DOMAIN_ASSOCIATION: d(z.string().default(""), {
    group: "Card payments (TapPay)",
    description:
      "The content of Apple's domain-verification file, served at PUBLIC_URL/.well-known/apple-developer-merchantid-domain-association.",
    example: "",
  }),
  GOOGLE_PAY_MERCHANT_ID: d(z.string().default(""), {
    group: "Card payments (TapPay)",
    description: "Google Pay merchant id (the Google Pay & Wallet console), for the Payment Request sheet in production.",
    example: "",
  }),

  ECPAY_LOGISTICS_MERCHANT_ID: d(optionalText(), {
    group: "Store pick-up (ECPay logistics)",
    description: "ECPay logistics (C2C) merchant id for the store map and shipments.",
    production: "store_pickup",
    example: "",
  }),
  ECPAY_LOGISTICS_HASH_KEY: d(z.string().default(""), {
    group: "Store pick-up (ECPay logistics)",
    description: "ECPay logistics HashKey (CheckMacValue).",
    production: "store_pickup",
    example: "",
    secret: true,
  }),
  ECPAY_LOGISTICS_HASH_IV: d(z.string().default(""), {
    group: "Store pick-up (ECPay logistics)",
    description: "ECPay logistics HashIV (CheckMacValue).",
    production: "store_pickup",
    example: "",
    secret: true,
  }),
  ECPAY_LOGISTICS_B2C_MERCHANT_ID: d(optionalText(), {
    group: "Store pick-up (ECPay logistics)",
    description:
      "ECPay logistics B2C merchant id: 黑貓 / 郵局 home delivery and B2C store pick-up (a shop set to B2C in 商城設定) share it (decision 90).",
    production: "ecpay_home",
    example: "",
  }),
  ECPAY_LOGISTICS_B2C_HASH_KEY: d(z.string().default(""), {
    group: "Store pick-up (ECPay logistics)",
    description: "The B2C contract's HashKey (CheckMacValue).",
    production: "ecpay_home",
    example: "",
    secret: true,
  }),
  ECPAY_LOGISTICS_B2C_HASH_IV: d(z.string().default(""), {
    group: "Store pick-up (ECPay logistics)",
    description: "The B2C contract's HashIV (CheckMacValue).",
    production: "ecpay_home",
    example: "",
    secret: true,
  }),
  SHIP_SENDER_ZIP: d(
    z
      .string()
      .regex(/^\d{3}(\d{2,3})?$/, { error: "SHIP_SENDER_ZIP must be a 3, 5 or 6 digit postal code" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    {
      group: "Store pick-up (ECPay logistics)",
      description:
        "The sender's postal code on 黑貓 / 郵局 shipments; unset, it is read from the sender's address (the post office's data).",
      example: "",
    },
  ),
  ECPAY_SERVER_TYPE: d(z.enum(["stage", "production"]).default("stage"), {
    group: "Store pick-up (ECPay logistics)",
    description: "`stage` or `production`: ECPay's environment, for logistics and e-invoices.",
    example: "production",
  }),
  ECPAY_LOGISTICS_API_URL: testOverride("Store pick-up (ECPay logistics)", "ECPay logistics' API origin"),
  SHIP_SENDER_NAME: d(z.string().max(10).default("茶山好物"), {
    group: "Store pick-up (ECPay logistics)",
    description: "The sender printed on store shipments (ECPay: at most 10 characters).",
    example: "茶山好物",
  }),
  SHIP_SENDER_PHONE: d(
    z
      .string()
      .regex(/^09\d{8}$/, { error: "SHIP_SENDER_PHONE must be a mobile number 09xxxxxxxx" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    {
      group: "Store pick-up (ECPay logistics)",
      description: "The sender's mobile number on store shipments (09xxxxxxxx).",
      production: "store_pickup",
      example: "",
      defaultText: "— (outside production a placeholder number)",
    },
  ),

  ECPAY_INVOICE_MERCHANT_ID: d(optionalText(), {
    group: "E-invoices (ECPay)",
    description: "ECPay B2C e-invoice merchant id (stage or production by ECPAY_SERVER_TYPE).",
    production: "einvoice",
    example: "",
  }),
  ECPAY_INVOICE_HASH_KEY: d(z.string().default(""), {
    group: "E-invoices (ECPay)",
    description: "ECPay e-invoice HashKey (16 characters).",
    production: "einvoice",
    example: "",
    secret: true,
  }),
  ECPAY_INVOICE_HASH_IV: d(z.string().default(""), {
    group: "E-invoices (ECPay)",
    description: "ECPay e-invoice HashIV (16 characters).",
    production: "einvoice",
    example: "",
    secret: true,
  }),
  ECPAY_INVOICE_API_URL: testOverride("E-invoices (ECPay)", "ECPay e-invoice's API origin"),
  EINVOICE_LEASE_SECONDS: d(z.coerce.number().int().min(1).max(3600).default(60), {
    group: "E-invoices (ECPay)",
    description: "How long one instance may hold an invoice while it talks to ECPay.",
  }),
  EINVOICE_SWEEP_SECONDS: d(z.coerce.number().int().min(1).default(300), {
    group: "E-invoices (ECPay)",
    description: "How often invoices left half-way (a crash, a timeout) are taken up again.",
  }),

  HCT_CONSIGNMENT_NUMBERS: d(
    z
      .string()
      .regex(/^\d{10}-\d{10}$/, { error: "HCT_CONSIGNMENT_NUMBERS 應為 10 位數字-10 位數字" })
      .refine((v) => {
        const [a, b] = v.split("-").map(Number);
        return (a ?? 0) <= (b ?? 0);
      }, "HCT_CONSIGNMENT_NUMBERS 的起號不可大於迄號")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    {
      group: "Home delivery (HCT)",
      description: "The block of 託運單號 HCT assigned to the contract (`0123456780-0123459999`).",
      production: "hct",
      example: "",
    },
  ),
  HCT_CUSTOMER_CODE: d(z.string().max(20).default(""), {
    group: "Home delivery (HCT)",
    description: "The HCT contract's customer code (客戶代號), printed on every label.",
    production: "hct",
    example: "",
  }),
  SHIP_SENDER_ADDRESS: d(
    z
      .string()
      .max(80)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    {
      group: "Home delivery (HCT)",
      description: "The sender's address printed on HCT labels.",
      production: "hct",
      example: "",
      defaultText: "— (outside production the demo shop's address)",
    },
  ),
  HCT_NOTIFY_SECRET: d(
    z
      .string()
      .min(16)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    {
      group: "Home delivery (HCT)",
      description:
        "Shared secret (16+ characters) for signed tracking pushes to `/api/logistics/hct/notify`; without it the endpoint refuses every push.",
      example: "",
      secret: true,
    },
  ),
};

/** The real endpoints, used unless a test-only override above is set. */
export const PROVIDER_URLS = {
  MITAKE_API_URL: "https://smsapi.mitake.com.tw/api/mtk/SmSend?CharsetURL=UTF-8",
  LINE_API_URL: "https://api.line.me",
  LINE_AUTHORIZE_URL: "https://access.line.me/oauth2/v2.1/authorize",
  GOOGLE_JWKS_URL: "https://www.googleapis.com/oauth2/v3/certs",
  FACEBOOK_JWKS_URL: "https://www.facebook.com/.well-known/oauth/openid/jwks/",
  FACEBOOK_AUTHORIZE_URL: "https://www.facebook.com/v19.0/dialog/oauth",
} as const;
