import path from "node:path";
import { z } from "zod";
import { CHANNELS, type Channel } from "./setting-docs.js";
import { settingsShape } from "./settings.js";
import { PROVIDER_URLS } from "./settings-providers.js";

/** Every setting the server reads, documented where it is declared (config/settings.ts; decision 74). */
const configSchema = z
  .object(settingsShape)
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

type Parsed = z.infer<typeof configSchema>;
type ProviderUrl = keyof typeof PROVIDER_URLS;

/** The credential that makes a channel real when it is set (the others are checked in production). */
const CHANNEL_KEY: Record<Channel, keyof Parsed> = {
  card: "TAPPAY_PARTNER_KEY",
  store_pickup: "ECPAY_LOGISTICS_MERCHANT_ID",
  einvoice: "ECPAY_INVOICE_MERCHANT_ID",
  hct: "HCT_CONSIGNMENT_NUMBERS",
  ecpay_home: "ECPAY_LOGISTICS_B2C_MERCHANT_ID",
  sms: "MITAKE_USERNAME",
  email: "SMTP_URL",
  line_messages: "LINE_CHANNEL_ACCESS_TOKEN",
  line_login: "LINE_CHANNEL_ID",
  google_login: "GOOGLE_CLIENT_ID",
  facebook_login: "FACEBOOK_APP_ID",
};
export type ChannelMode = "real" | "simulator" | "off";

export type Config = Omit<Parsed, ProviderUrl | "SHIP_SENDER_PHONE" | "SHIP_SENDER_ADDRESS"> &
  Record<ProviderUrl, string> & {
    SHIP_SENDER_PHONE: string;
    SHIP_SENDER_ADDRESS: string;
    dataDir: string;
    /** Settings given a non-empty value (production checks what the operator set, not defaults). */
    provided: ReadonlySet<string>;
    /** Each outside channel: its real provider, its simulator, or switched off. */
    channels: Record<Channel, ChannelMode>;
  };

export class ConfigError extends Error {}

const switchOf = (c: Parsed, channel: Channel) =>
  c[`CHANNEL_${channel.toUpperCase()}` as keyof Parsed] as "on" | "off" | "simulator";

/**
 * Which provider each channel uses: off when switched off, the simulator when asked for or (outside
 * production) when its credential is missing, else the real one. Production refuses a simulator
 * (production.ts), never a channel that is off.
 */
function channelModes(c: Parsed, provided: ReadonlySet<string>): Record<Channel, ChannelMode> {
  const modes = {} as Record<Channel, ChannelMode>;
  for (const channel of CHANNELS) {
    const on = switchOf(c, channel);
    modes[channel] = on === "off" ? "off" : on === "simulator" || !provided.has(CHANNEL_KEY[channel]) ? "simulator" : "real";
  }
  return modes;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Demo data is on by default for a newcomer's machine, off by default in production.
  const withDefaults = env.SEED_DEMO === undefined && env.NODE_ENV === "production" ? { ...env, SEED_DEMO: "0" } : env;
  const parsed = configSchema.safeParse(withDefaults);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  const provided = new Set(Object.keys(settingsShape).filter((k) => env[k] !== undefined && env[k] !== ""));
  // npm runs workspace scripts inside the workspace; relative paths mean the caller's folder.
  const base = env.INIT_CWD ?? process.cwd();
  return {
    ...c,
    ...Object.fromEntries(Object.entries(PROVIDER_URLS).map(([k, url]) => [k, c[k as ProviderUrl] ?? url])),
    SHIP_SENDER_PHONE: c.SHIP_SENDER_PHONE ?? "0900000000",
    SHIP_SENDER_ADDRESS: c.SHIP_SENDER_ADDRESS ?? "嘉義縣阿里山鄉中正村 1 號",
    dataDir: path.resolve(base, c.DATA_DIR),
    provided,
    channels: channelModes(c, provided),
  } as Config;
}
