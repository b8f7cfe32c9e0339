import { z } from "zod";
import { documented as d } from "./setting-docs.js";
import { testOverride } from "./settings-providers.js";

/** SMS, e-mail and LINE / Google / Facebook: messages and sign-in (decision 74), after the payment and delivery providers. */
export const messagingSettings = {
  MITAKE_USERNAME: d(z.string().default(""), {
    group: "SMS (Mitake)",
    description: "Mitake (三竹) SMS account.",
    production: "sms",
    example: "",
  }),
  MITAKE_PASSWORD: d(z.string().default(""), {
    group: "SMS (Mitake)",
    description: "Mitake SMS password.",
    production: "sms",
    example: "",
    secret: true,
  }),
  MITAKE_API_URL: d(z.url().optional(), {
    group: "SMS (Mitake)",
    description: "Overrides Mitake's SmSend URL (a local fake in tests). Refused in production.",
    production: "refused",
    defaultText: "Mitake's SmSend URL",
  }),

  SMTP_URL: d(
    z
      .string()
      .regex(/^smtps?:\/\//, { error: "SMTP_URL must start with smtp:// or smtps://" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    {
      group: "E-mail",
      description:
        "Customer e-mail server (`smtp://user:pass@host:587`, `smtps://…:465`); outside production, without it the shop starts its own SMTP server and the back office's 測試信箱 shows what was sent.",
      production: "email",
      example: "",
      secret: true,
    },
  ),
  MAIL_FROM: d(z.string().default("茶山好物 <no-reply@example.com>"), {
    group: "E-mail",
    description: "The sender of customer e-mail.",
    example: "茶山好物 <no-reply@example.com>",
  }),
  SHOP_INBOX: d(z.email().default("service@example.com"), {
    group: "E-mail",
    description: "Where contact-us and stranger inquiries are mailed.",
    example: "service@example.com",
  }),
  OUTBOX_RECLAIM_SECONDS: d(z.coerce.number().int().min(1).max(3600).default(120), {
    group: "E-mail",
    description: "A customer message claimed longer ago than this belongs to an instance that died: it is sent again.",
  }),

  LINE_CHANNEL_ACCESS_TOKEN: d(z.string().default(""), {
    group: "LINE messages",
    description: "LINE Messaging API channel access token (the official account) for order messages.",
    production: "line_messages",
    example: "",
    secret: true,
  }),

  LINE_CHANNEL_ID: d(z.string().default(""), {
    group: "Sign-in with LINE, Google and Facebook",
    description: "LINE Login channel id.",
    production: "line_login",
    example: "",
  }),
  LINE_CHANNEL_SECRET: d(z.string().default(""), {
    group: "Sign-in with LINE, Google and Facebook",
    description: "LINE Login channel secret.",
    production: "line_login",
    example: "",
    secret: true,
  }),
  LIFF_ID: d(z.string().default(""), {
    group: "Sign-in with LINE, Google and Facebook",
    description: "The LIFF app id for the `/liff/*` pages (optional).",
    example: "",
  }),
  GOOGLE_CLIENT_ID: d(z.string().default(""), {
    group: "Sign-in with LINE, Google and Facebook",
    description: "Google OAuth client id.",
    production: "google_login",
    example: "",
  }),
  FACEBOOK_APP_ID: d(z.string().default(""), {
    group: "Sign-in with LINE, Google and Facebook",
    description: "Facebook app id.",
    production: "facebook_login",
    example: "",
  }),
  LINE_API_URL: testOverride(
    "Sign-in with LINE, Google and Facebook",
    "LINE's API origin (`https://api.line.me`; Login and Messaging)",
  ),
  LINE_AUTHORIZE_URL: testOverride("Sign-in with LINE, Google and Facebook", "LINE Login's authorize page"),
  GOOGLE_JWKS_URL: testOverride("Sign-in with LINE, Google and Facebook", "Google's signing keys URL"),
  FACEBOOK_JWKS_URL: testOverride("Sign-in with LINE, Google and Facebook", "Facebook's signing keys URL"),
  FACEBOOK_AUTHORIZE_URL: testOverride("Sign-in with LINE, Google and Facebook", "Facebook's authorize page"),
};
