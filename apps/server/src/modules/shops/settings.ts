import { MAIN_SHOP_ID } from "@shop/contract";
import { SETTING_DEFAULTS, type SettingKey } from "@shop/contract/admin";
import {
  DEFAULT_PAYMENT_ORDER,
  INSTALMENT_COUNTS,
  type InstalmentCount,
  PAYABLE_METHODS,
  type PayableMethod,
} from "@shop/contract/order";
import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { shopSettings } from "../../db/schema/index.js";

/** What the shops' functions use, built by createShopsService. */
export interface ShopsDeps {
  db: Db;
  /**
   * The methods this deployment provides (decision 74, 88): no TapPay method when cards are switched
   * off (CHANNEL_CARD=off), only those TAPPAY_METHODS lists beside the card; transfers and cash on
   * delivery always. The back office's switches choose among these.
   */
  deployed: readonly PayableMethod[];
}

const FOOTER_FIELDS = ["company", "tax_id", "address", "phone", "hours", "line_url", "dispatch"] as const;

/**
 * Sets a shop's text settings (payment account…), inside the caller's transaction; with
 * `clearEmpty`, an empty value removes the setting (an analytics id or domain taken away).
 */
export async function setSettings(tx: Tx, shopId: number, values: Record<string, string>, clearEmpty = false) {
  for (const [key, value] of Object.entries(values)) {
    if (clearEmpty && value === "") {
      await tx.delete(shopSettings).where(and(eq(shopSettings.shopId, shopId), eq(shopSettings.key, key)));
      continue;
    }
    await tx
      .insert(shopSettings)
      .values({ shopId, key, value })
      .onConflictDoUpdate({ target: [shopSettings.shopId, shopSettings.key], set: { value } });
  }
}

/** A whole-number main-mall setting (limits, fees, rates set in the back office), or its default. */
export async function numberSetting(q: Db | Tx, key: SettingKey): Promise<number> {
  const fallback = SETTING_DEFAULTS[key];
  const [row] = await q
    .select()
    .from(shopSettings)
    .where(and(eq(shopSettings.shopId, MAIN_SHOP_ID), eq(shopSettings.key, key)));
  const n = Number(row?.value);
  return row && Number.isInteger(n) && n >= 0 ? n : fallback;
}

/** A main-mall text setting as stored ("" when not set), read inside the caller's transaction. */
export async function textSetting(q: Db | Tx, key: string): Promise<string> {
  const [row] = await q
    .select({ value: shopSettings.value })
    .from(shopSettings)
    .where(and(eq(shopSettings.shopId, MAIN_SHOP_ID), eq(shopSettings.key, key)));
  return row?.value ?? "";
}

/** Main-mall whole-number settings as stored (keys not stored are left out). */
export async function storedNumberSettings(deps: ShopsDeps, keys: string[]): Promise<Record<string, number>> {
  const rows = await deps.db
    .select()
    .from(shopSettings)
    .where(and(eq(shopSettings.shopId, MAIN_SHOP_ID), inArray(shopSettings.key, keys)));
  return Object.fromEntries(rows.filter((r) => /^\d+$/.test(r.value)).map((r) => [r.key, Number(r.value)]));
}

export async function setNumberSettings(tx: Tx, values: Record<string, number>) {
  for (const [key, value] of Object.entries(values)) {
    await tx
      .insert(shopSettings)
      .values({ shopId: MAIN_SHOP_ID, key, value: String(value) })
      .onConflictDoUpdate({ target: [shopSettings.shopId, shopSettings.key], set: { value: String(value) } });
  }
}

/** A shop's own settings (no fallback), all of them or the keys asked for. */
export async function ownSettings(deps: ShopsDeps, shopId: number, keys?: readonly string[]): Promise<Record<string, string>> {
  const rows = await deps.db
    .select()
    .from(shopSettings)
    .where(and(eq(shopSettings.shopId, shopId), keys ? inArray(shopSettings.key, [...keys]) : undefined));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** A shop's settings by key, each falling back to the main mall's value. */
export async function settings(deps: ShopsDeps, shopId: number, keys: string[]): Promise<Record<string, string>> {
  const rows = await deps.db
    .select()
    .from(shopSettings)
    .where(and(inArray(shopSettings.shopId, [MAIN_SHOP_ID, shopId]), inArray(shopSettings.key, keys)));
  const out: Record<string, string> = {};
  for (const r of rows.filter((r) => r.shopId === MAIN_SHOP_ID)) out[r.key] = r.value;
  for (const r of rows.filter((r) => r.shopId === shopId)) out[r.key] = r.value;
  return out;
}

/** Settings a shop's payment methods are read from (decision 88); `pay_<method>` "0" = off. */
const PAYMENT_SETTING_KEYS = [
  ...PAYABLE_METHODS.map((m) => `pay_${m}`),
  "pay_order",
  "instalment_counts",
  ...INSTALMENT_COUNTS.map((n) => `instalment_min_${n}`),
  "transfer_bank_code",
  "transfer_bank_name",
  "transfer_account",
  "transfer_holder",
];

/**
 * How a shop takes payment, in one read (decision 88): the methods offered, in the order staff set
 * — each provided by this deployment, switched on for the main mall and not switched off for the
 * sub-mall; the card instalments (a sub-mall's own counts, else the main mall's); and the account
 * transfers are paid into — the sub-mall's own when it has one set (its seller receives, so its
 * seller confirms), else the company's.
 */
export async function paymentSetup(deps: ShopsDeps, shopId: number) {
  const rows = await deps.db
    .select()
    .from(shopSettings)
    .where(and(inArray(shopSettings.shopId, [MAIN_SHOP_ID, shopId]), inArray(shopSettings.key, PAYMENT_SETTING_KEYS)));
  const value = (from: number, key: string) => rows.find((r) => r.shopId === from && r.key === key)?.value ?? "";
  const own = shopId !== MAIN_SHOP_ID && value(shopId, "transfer_account") !== "";
  const from = own ? shopId : MAIN_SHOP_ID;
  const listed = value(MAIN_SHOP_ID, "pay_order").split(",").filter(isPayable);
  const order = [...new Set([...listed, ...DEFAULT_PAYMENT_ORDER])];
  const on = (m: PayableMethod) =>
    deps.deployed.includes(m) && value(MAIN_SHOP_ID, `pay_${m}`) !== "0" && value(shopId, `pay_${m}`) !== "0";
  const countsFrom = value(shopId, "instalment_counts") !== "" ? shopId : MAIN_SHOP_ID;
  const counts = value(countsFrom, "instalment_counts")
    .split(",")
    .map(Number)
    .filter((n): n is InstalmentCount => (INSTALMENT_COUNTS as readonly number[]).includes(n));
  return {
    offered: order.filter(on),
    instalments: counts.map((count) => ({ count, min: Number(value(countsFrom, `instalment_min_${count}`)) || 0 })),
    transfer: {
      bank: {
        code: value(from, "transfer_bank_code"),
        name: value(from, "transfer_bank_name"),
        account: value(from, "transfer_account"),
        holder: value(from, "transfer_holder"),
      },
      payee: own ? ("shop" as const) : ("company" as const),
    },
  };
}

const isPayable = (m: string): m is PayableMethod => (PAYABLE_METHODS as readonly string[]).includes(m);

export async function transferAccount(deps: ShopsDeps, shopId: number) {
  return (await paymentSetup(deps, shopId)).transfer;
}

/** The footer's trust details: the shop's own where set, else the main mall's (decision 55). */
export async function footer(deps: ShopsDeps, shopId: number) {
  const s = await settings(
    deps,
    shopId,
    FOOTER_FIELDS.map((f) => `footer_${f}`),
  );
  return Object.fromEntries(FOOTER_FIELDS.map((f) => [f, s[`footer_${f}`] ?? ""])) as Record<
    (typeof FOOTER_FIELDS)[number],
    string
  >;
}

/** The shop's own GA4 measurement id and Meta Pixel id ("" when not set). */
export async function tracking(deps: ShopsDeps, shopId: number) {
  const s = await ownSettings(deps, shopId, ["ga4_measurement_id", "meta_pixel_id"]);
  return { ga4: s.ga4_measurement_id ?? "", pixel: s.meta_pixel_id ?? "" };
}

/** A sub-mall's own domain for canonical URLs (decision 48), "" when none. */
export async function domain(deps: ShopsDeps, shopId: number) {
  return shopId === MAIN_SHOP_ID ? "" : ((await ownSettings(deps, shopId, ["domain"])).domain ?? "");
}

/** Where a shop's ECPay store pick-up contract is kept (decision 90). */
export const STORE_CONTRACT_KEY = "store_contract";

/**
 * A shop's store pick-up contract with ECPay: 店到店 (c2c, the default) or B2C from its warehouse;
 * a sub-mall without its own uses the main mall's.
 */
export async function storeContract(db: Db, shopId: number): Promise<"c2c" | "b2c"> {
  const rows = await db
    .select({ shopId: shopSettings.shopId, value: shopSettings.value })
    .from(shopSettings)
    .where(and(inArray(shopSettings.shopId, [shopId, MAIN_SHOP_ID]), eq(shopSettings.key, STORE_CONTRACT_KEY)));
  const value = (rows.find((r) => r.shopId === shopId) ?? rows.find((r) => r.shopId === MAIN_SHOP_ID))?.value;
  return value === "b2c" ? "b2c" : "c2c";
}
