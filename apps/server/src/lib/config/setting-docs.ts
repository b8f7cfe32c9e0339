import { CHANNEL_NAMES } from "@shop/contract/responses";
import { z } from "zod";

/** Where a setting is listed in docs/configuration.md and deploy/shop.env.example. */
export const SETTING_GROUPS = [
  "Server",
  "Database and instances",
  "Channels",
  "Card payments (TapPay)",
  "Store pick-up (ECPay logistics)",
  "E-invoices (ECPay)",
  "Home delivery (HCT)",
  "SMS (Mitake)",
  "E-mail",
  "LINE messages",
  "Sign-in with LINE, Google and Facebook",
  "Uploads",
  "Limits",
  "Background work",
  "Operations",
  "Development and tests",
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

/** A paragraph under a group's heading in docs/configuration.md. */
export const GROUP_NOTES: Partial<Record<SettingGroup, string>> = {
  Channels:
    "Each outside provider has a switch. `on` (the default): the real provider; outside production its simulator stands in while its credentials are missing, and the storefront says 測試模式. `off`: the channel is not offered anywhere (no button, no choice at checkout, nothing sent), and production does not ask for its credentials. `simulator`: always the simulator; refused in production. SMS and e-mail have no `off`: members sign up with an SMS code and guests are told of their orders by e-mail (decision 74).",
};

/** The outside services a shop may switch on, off or to their simulator (decision 74); the contract names them. */
export const CHANNELS = CHANNEL_NAMES;
export type Channel = (typeof CHANNELS)[number];

export interface SettingDoc {
  group: SettingGroup;
  /** One or two sentences: what it does, in the operator's words. */
  description: string;
  /**
   * What a production start (NODE_ENV=production) asks of it: `required` (must be set), `refused`
   * (must be left unset: a test-only override or a development switch), or the channel whose
   * credential it is (required while that channel is on).
   */
  production?: "required" | "refused" | Channel;
  /** The value shop.env.example shows (a placeholder for secrets); omitted: the setting is not in the example. */
  example?: string;
  secret?: boolean;
  /** How the default is described when it is computed rather than a literal. */
  defaultText?: string;
}

/** The documentation of every setting, attached to its schema (one source: config/settings.ts). */
export const settingDocs = z.registry<SettingDoc>();

export function documented<T extends z.ZodType>(schema: T, doc: SettingDoc): T {
  settingDocs.add(schema as z.ZodType, doc);
  return schema;
}
