import { DEMO_ACCOUNTS, DEMO_STAFF } from "../demo/seed.js";
import { SIM_PARTNER_KEY } from "../integrations/providers.js";
import type { Config } from "../lib/config/index.js";
import { CHANNELS, type Channel, type SettingDoc, settingDocs } from "../lib/config/setting-docs.js";
import { settingsShape } from "../lib/config/settings.js";
import type { Services } from "./services.js";

const docs = Object.entries(settingsShape).map(([name, schema]) => ({ name, doc: settingDocs.get(schema) as SettingDoc }));
const isLoopback = (url: string) => ["127.0.0.1", "localhost", "[::1]"].includes(new URL(url).hostname);

export interface ProductionCheckOptions {
  /**
   * The go-live rehearsal (`npm run test:golive`) points the test-only overrides at local fakes on
   * this machine. Only its own entry point passes this; no setting can, so a real start never does.
   */
  localFakes?: boolean;
}

/**
 * What stops a production start (NODE_ENV=production), read from the settings' own documentation
 * (config/settings.ts): a required setting missing, a test-only one set, a channel that is on
 * without its credentials or running its simulator, demo data. A channel switched off is never a
 * problem. Each line says what to set.
 */
export function productionProblems(c: Config, options: ProductionCheckOptions = {}): string[] {
  if (c.NODE_ENV !== "production") return [];
  const problems: string[] = [];
  const missing = new Map<Channel, string[]>();
  for (const { name, doc } of docs) {
    const set = c.provided.has(name);
    if (doc.production === "required" && !set) problems.push(`${name} is required: ${doc.description}`);
    else if (doc.production === "refused" && set && name !== "SEED_DEMO") {
      const value = String(c[name as keyof Config] ?? "");
      if (!(options.localFakes && value.startsWith("http") && isLoopback(value)))
        problems.push(`${name} must not be set in production: ${doc.description}`);
    } else if (doc.production && CHANNELS.includes(doc.production as Channel) && !set) {
      const channel = doc.production as Channel;
      if (c.channels[channel] !== "off") missing.set(channel, [...(missing.get(channel) ?? []), name]);
    }
  }
  for (const [channel, names] of missing) {
    const key = `CHANNEL_${channel.toUpperCase()}`;
    const off = channel === "sms" || channel === "email" ? "" : ` (or ${key}=off to switch the channel off)`;
    problems.push(`${key} is on but ${names.join(", ")} ${names.length > 1 ? "are" : "is"} not set${off}`);
  }
  for (const channel of CHANNELS) {
    const key = `CHANNEL_${channel.toUpperCase()}`;
    if (c[key as keyof Config] === "simulator") problems.push(`${key}=simulator is refused in production: use on or off`);
  }
  if (c.PUBLIC_URL && !c.PUBLIC_URL.startsWith("https://")) problems.push("PUBLIC_URL must be an https:// origin");
  if (c.SEED_DEMO) problems.push("SEED_DEMO must be 0: the demo data comes with published passwords");
  for (const problem of tapPayMethodProblems(c)) problems.push(problem);
  if (c.TAPPAY_PARTNER_KEY === SIM_PARTNER_KEY) problems.push("TAPPAY_PARTNER_KEY is the simulator's key: set the real one");
  return problems;
}

/** A TapPay method switched on (TAPPAY_METHODS) without what it needs (decision 88); none while cards are off. */
function tapPayMethodProblems(c: Config): string[] {
  if (c.channels.card === "off") return [];
  const problems: string[] = [];
  for (const m of c.TAPPAY_METHODS) {
    const key = `TAPPAY_MERCHANT_ID_${m.toUpperCase()}` as keyof Config;
    if (!c[key]) problems.push(`TAPPAY_METHODS lists ${m} but ${String(key)} is not set`);
  }
  if (c.TAPPAY_METHODS.includes("apple_pay")) {
    if (!c.APPLE_PAY_MERCHANT_IDENTIFIER)
      problems.push("TAPPAY_METHODS lists apple_pay but APPLE_PAY_MERCHANT_IDENTIFIER is not set");
    if (!c.APPLE_PAY_DOMAIN_ASSOCIATION)
      problems.push("TAPPAY_METHODS lists apple_pay but APPLE_PAY_DOMAIN_ASSOCIATION is not set");
  }
  if (c.TAPPAY_METHODS.includes("google_pay") && !c.GOOGLE_PAY_MERCHANT_ID)
    problems.push("TAPPAY_METHODS lists google_pay but GOOGLE_PAY_MERCHANT_ID is not set");
  return problems;
}

/** Demo accounts that still open with their published password (checked once the database is up). */
export async function demoPasswordsInUse(services: Services): Promise<string[]> {
  const found: string[] = [];
  for (const s of Object.values(DEMO_STAFF)) {
    if (await services.staff.passwordMatches(s.username, s.password)) found.push(`staff ${s.username}`);
  }
  for (const m of Object.values(DEMO_ACCOUNTS))
    if (await services.auth.passwordMatches(m.phone, m.password)) found.push(`member ${m.phone}`);
  return found;
}
