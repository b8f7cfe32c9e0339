import type { Config } from "./config.js";
import { DEMO_ACCOUNTS, DEMO_STAFF } from "./demo/seed.js";
import { SIM_PARTNER_KEY } from "./integrations/providers.js";
import type { Services } from "./services.js";

/**
 * What stops a production start (NODE_ENV=production): anything that would take real money or
 * real customers through a simulator, a missing public origin, the embedded database, or demo
 * data with its published passwords. Each line says what to set.
 */
export function productionProblems(c: Config): string[] {
  if (c.NODE_ENV !== "production") return [];
  const problems: string[] = [];
  if (!c.PUBLIC_URL) problems.push("PUBLIC_URL is required (the shop's https origin, for payment and sign-in callbacks)");
  else if (!c.PUBLIC_URL.startsWith("https://")) problems.push("PUBLIC_URL must be an https:// origin");
  if (!c.DATABASE_URL) problems.push("DATABASE_URL is required: production runs on PostgreSQL, not the embedded PGlite");
  if (c.SEED_DEMO) problems.push("SEED_DEMO must be 0: the demo data comes with published passwords");
  if (!c.TAPPAY_PARTNER_KEY || c.TAPPAY_PARTNER_KEY === SIM_PARTNER_KEY)
    problems.push(
      "TAPPAY_PARTNER_KEY (and TAPPAY_MERCHANT_ID, TAPPAY_APP_ID, TAPPAY_APP_KEY) are required: cards would go to the simulator",
    );
  else if (!c.TAPPAY_MERCHANT_ID || !c.TAPPAY_APP_ID || !c.TAPPAY_APP_KEY)
    problems.push("TAPPAY_MERCHANT_ID, TAPPAY_APP_ID and TAPPAY_APP_KEY are required with TAPPAY_PARTNER_KEY");
  if (c.TAPPAY_API_URL) problems.push("TAPPAY_API_URL is for tests against a local fake; unset it");
  if (!c.ECPAY_LOGISTICS_MERCHANT_ID)
    problems.push("ECPAY_LOGISTICS_MERCHANT_ID (and its hash key and IV) are required: the store map would be the simulator");
  if (c.ECPAY_LOGISTICS_API_URL) problems.push("ECPAY_LOGISTICS_API_URL is for tests against a local fake; unset it");
  if (!c.ECPAY_INVOICE_MERCHANT_ID)
    problems.push(
      "ECPAY_INVOICE_MERCHANT_ID (and ECPAY_INVOICE_HASH_KEY, ECPAY_INVOICE_HASH_IV) are required: e-invoices would go to the simulator",
    );
  if (c.ECPAY_INVOICE_API_URL) problems.push("ECPAY_INVOICE_API_URL is for tests against a local fake; unset it");
  if (c.SHIP_SENDER_PHONE === "0900000000")
    problems.push("SHIP_SENDER_PHONE is required: store shipments would carry a placeholder sender number");
  if (!c.MITAKE_USERNAME || !c.MITAKE_PASSWORD)
    problems.push("MITAKE_USERNAME and MITAKE_PASSWORD are required: verification SMS would only be logged");
  if (!c.SMTP_URL) problems.push("SMTP_URL is required: customer e-mail would go to the local test mailbox");
  if (!c.LINE_CHANNEL_ACCESS_TOKEN)
    problems.push("LINE_CHANNEL_ACCESS_TOKEN is required: LINE messages would go to the simulator");
  return problems;
}

/** Demo accounts that still open with their published password (checked once the database is up). */
export async function demoPasswordsInUse(services: Services): Promise<string[]> {
  const found: string[] = [];
  for (const s of Object.values(DEMO_STAFF)) {
    if (await services.staff.passwordMatches(s.username, s.password)) found.push(`staff ${s.username}`);
  }
  for (const m of Object.values(DEMO_ACCOUNTS)) {
    const ok = await services.auth.checkPassword({ account: m.phone, password: m.password }).then(
      () => true,
      () => false,
    );
    if (ok) found.push(`member ${m.phone}`);
  }
  return found;
}
