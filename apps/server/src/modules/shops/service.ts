import type { ShopInfo } from "@shop/contract";
import { MAIN_SHOP_ID } from "@shop/contract";
import { SETTING_DEFAULTS, type SettingKey, type shopCreateInput, type shopUpdateInput } from "@shop/contract/admin";
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { shopSettings, shops } from "../../db/schema/index.js";
import { type AuditHook, adminTable } from "../../lib/admin-table.js";
import { fieldError, notFound, unlessUnique } from "../../lib/errors.js";
import { likeEscape } from "../../lib/like.js";
import { createShopChangeRequests } from "./change-requests.js";

export type Shop = typeof shops.$inferSelect;

/** The commission a shop's seller earns on an order's goods amount (⌊amount × rate⌋, per order). */
export const commissionOnGoods = (shop: Pick<Shop, "commissionBp">, goodsAmount: number) =>
  Math.floor((goodsAmount * shop.commissionBp) / 10_000);

export interface RecheckResult {
  ok: boolean;
  shopId: number;
}

const shopView = (s: Shop) => ({
  id: s.id,
  name: s.name,
  logo: s.logo,
  banner: s.banner,
  intro: s.intro,
  status: s.status,
  owner_member_id: s.ownerMemberId,
  /** Basis points shown as a whole percent (the form's unit). */
  commission_percent: s.commissionBp / 100,
  created_at: s.createdAt.toISOString(),
});
export type ShopAdminView = ReturnType<typeof shopView>;
type ShopCreate = z.infer<typeof shopCreateInput>;
type ShopUpdate = z.infer<typeof shopUpdateInput>;

const FOOTER_FIELDS = ["company", "tax_id", "address", "phone", "hours", "line_url", "dispatch"] as const;

/**
 * `cardOffered`: false when card payments are switched off for the whole shop (CHANNEL_CARD=off,
 * decision 74): no card payment is offered whatever the back office's switch says.
 */
export function createShopsService(db: Db, { cardOffered = true }: { cardOffered?: boolean } = {}) {
  const byId = async (id: number): Promise<Shop | undefined> => (await db.select().from(shops).where(eq(shops.id, id)))[0];
  const shopTable = adminTable(db, {
    table: shops,
    missing: "找不到此商城",
    view: shopView,
    columns: (s: ShopCreate | ShopUpdate) => ({
      name: s.name,
      intro: s.intro,
      commissionBp: s.commission_percent * 100,
      ...("status" in s
        ? {
            status: s.status,
            logo: s.logo,
            banner: s.banner,
            // Absent: unchanged; null: no owner (the main mall never has one).
            ...(s.owner_member_id !== undefined ? { ownerMemberId: s.owner_member_id } : {}),
          }
        : { ownerMemberId: s.owner_member_id }),
    }),
    orderBy: [asc(shops.id)] as SQL[],
    async check(_tx, s, id) {
      if (id === MAIN_SHOP_ID && "status" in s && s.status !== "open") throw fieldError("status", "主商城不可暫停營業");
      if (id === MAIN_SHOP_ID && s.owner_member_id) throw fieldError("owner_member_id", "主商城沒有賣家");
    },
  });
  /** One sub-mall per seller: the unique index decides a race, the staff get a field message. */
  const oneShopPerOwner = <T>(write: () => Promise<T>) =>
    unlessUnique(write, "shops_owner_key", () => fieldError("owner_member_id", "此會員已經擁有子商城"));

  return {
    byId,
    /** Sellers' requests to change their shop's name, banner and delivery (decision 46). */
    changeRequests: createShopChangeRequests(db),
    /** Back office: shops by name or id, the main mall first. */
    adminList(q: string | undefined, page: number, perPage: number) {
      const where = q
        ? or(ilike(shops.name, `%${likeEscape(q)}%`), sql`${shops.id}::text = ${q}`, sql`${shops.ownerMemberId}::text = ${q}`)
        : undefined;
      return shopTable.list(where, page, perPage);
    },
    adminGet: shopTable.get,
    /** A sub-mall for a member (the caller checks the member exists). */
    adminCreate: (input: ShopCreate, audit: AuditHook<ShopAdminView>) => oneShopPerOwner(() => shopTable.create(input, audit)),
    adminUpdate: (id: number, input: ShopUpdate, audit: AuditHook<ShopAdminView>) =>
      oneShopPerOwner(() => shopTable.update(id, input, audit)),
    /**
     * Sets a shop's text settings (payment account…), inside the caller's transaction; with
     * `clearEmpty`, an empty value removes the setting (an analytics id or domain taken away).
     */
    async setSettings(tx: Tx, shopId: number, values: Record<string, string>, clearEmpty = false) {
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
    },
    /** A whole-number main-mall setting (limits, fees, rates set in the back office), or its default. */
    async numberSetting(key: SettingKey, q: Db | Tx = db): Promise<number> {
      const fallback = SETTING_DEFAULTS[key];
      const [row] = await q
        .select()
        .from(shopSettings)
        .where(and(eq(shopSettings.shopId, MAIN_SHOP_ID), eq(shopSettings.key, key)));
      const n = Number(row?.value);
      return row && Number.isInteger(n) && n >= 0 ? n : fallback;
    },
    /** A main-mall text setting as stored ("" when not set), read inside the caller's transaction. */
    async textSetting(key: string, q: Db | Tx = db): Promise<string> {
      const [row] = await q
        .select({ value: shopSettings.value })
        .from(shopSettings)
        .where(and(eq(shopSettings.shopId, MAIN_SHOP_ID), eq(shopSettings.key, key)));
      return row?.value ?? "";
    },
    /** Main-mall whole-number settings as stored (keys not stored are left out). */
    async storedNumberSettings(keys: string[]): Promise<Record<string, number>> {
      const rows = await db
        .select()
        .from(shopSettings)
        .where(and(eq(shopSettings.shopId, MAIN_SHOP_ID), inArray(shopSettings.key, keys)));
      return Object.fromEntries(rows.filter((r) => /^\d+$/.test(r.value)).map((r) => [r.key, Number(r.value)]));
    },
    async setNumberSettings(tx: Tx, values: Record<string, number>) {
      for (const [key, value] of Object.entries(values)) {
        await tx
          .insert(shopSettings)
          .values({ shopId: MAIN_SHOP_ID, key, value: String(value) })
          .onConflictDoUpdate({ target: [shopSettings.shopId, shopSettings.key], set: { value: String(value) } });
      }
    },
    /** A shop's own settings (no fallback), all of them or the keys asked for. */
    async ownSettings(shopId: number, keys?: readonly string[]): Promise<Record<string, string>> {
      const rows = await db
        .select()
        .from(shopSettings)
        .where(and(eq(shopSettings.shopId, shopId), keys ? inArray(shopSettings.key, [...keys]) : undefined));
      return Object.fromEntries(rows.map((r) => [r.key, r.value]));
    },
    /** A shop's settings by key, each falling back to the main mall's value. */
    async settings(shopId: number, keys: string[]): Promise<Record<string, string>> {
      const rows = await db
        .select()
        .from(shopSettings)
        .where(and(inArray(shopSettings.shopId, [MAIN_SHOP_ID, shopId]), inArray(shopSettings.key, keys)));
      const out: Record<string, string> = {};
      for (const r of rows.filter((r) => r.shopId === MAIN_SHOP_ID)) out[r.key] = r.value;
      for (const r of rows.filter((r) => r.shopId === shopId)) out[r.key] = r.value;
      return out;
    },
    /**
     * How a shop takes payment, in one read: the main mall's switches (pay_card, pay_transfer,
     * pay_cod; "0" = off) and the account transfers are paid into — the sub-mall's own when it has
     * one set (its seller receives, so its seller confirms), else the company's.
     */
    async paymentSetup(shopId: number) {
      const keys = [
        "pay_card",
        "pay_transfer",
        "pay_cod",
        "transfer_bank_code",
        "transfer_bank_name",
        "transfer_account",
        "transfer_holder",
      ];
      const rows = await db
        .select()
        .from(shopSettings)
        .where(and(inArray(shopSettings.shopId, [MAIN_SHOP_ID, shopId]), inArray(shopSettings.key, keys)));
      const own = shopId !== MAIN_SHOP_ID && rows.some((r) => r.shopId === shopId && r.key === "transfer_account" && r.value);
      const value = (from: number, key: string) => rows.find((r) => r.shopId === from && r.key === key)?.value ?? "";
      const from = own ? shopId : MAIN_SHOP_ID;
      return {
        switches: {
          pay_card: cardOffered ? value(MAIN_SHOP_ID, "pay_card") : "0",
          pay_transfer: value(MAIN_SHOP_ID, "pay_transfer"),
          pay_cod: value(MAIN_SHOP_ID, "pay_cod"),
        },
        transfer: {
          bank: {
            code: value(from, "transfer_bank_code"),
            name: value(from, "transfer_bank_name"),
            account: value(from, "transfer_account"),
            holder: value(from, "transfer_holder"),
          },
          payee: own ? ("shop" as const) : ("company" as const),
        },
        cardOffered,
      };
    },
    async transferAccount(shopId: number) {
      return (await this.paymentSetup(shopId)).transfer;
    },
    /**
     * The shop commission an order earns its seller (a percentage of the goods
     * amount, set per shop), or null for the main mall or a shop without an owner or a rate.
     */
    async commissionOf(
      shopId: number,
      goodsAmount: number,
      q: Db | Tx = db,
    ): Promise<{ sellerId: number; amount: number } | null> {
      if (shopId === MAIN_SHOP_ID) return null;
      const [shop] = await q.select().from(shops).where(eq(shops.id, shopId));
      if (!shop?.ownerMemberId || shop.commissionBp <= 0) return null;
      const amount = commissionOnGoods(shop, goodsAmount);
      return amount > 0 ? { sellerId: shop.ownerMemberId, amount } : null;
    },
    /** The shop's own GA4 measurement id and Meta Pixel id ("" when not set). */
    /** The footer's trust details: the shop's own where set, else the main mall's (decision 55). */
    async footer(shopId: number) {
      const s = await this.settings(
        shopId,
        FOOTER_FIELDS.map((f) => `footer_${f}`),
      );
      return Object.fromEntries(FOOTER_FIELDS.map((f) => [f, s[`footer_${f}`] ?? ""])) as Record<
        (typeof FOOTER_FIELDS)[number],
        string
      >;
    },
    async tracking(shopId: number) {
      const s = await this.ownSettings(shopId, ["ga4_measurement_id", "meta_pixel_id"]);
      return { ga4: s.ga4_measurement_id ?? "", pixel: s.meta_pixel_id ?? "" };
    },
    /** A sub-mall's own domain for canonical URLs (decision 48), "" when none. */
    async domain(shopId: number) {
      return shopId === MAIN_SHOP_ID ? "" : ((await this.ownSettings(shopId, ["domain"])).domain ?? "");
    },
    /** Every open shop, the main mall first (sitemaps). */
    openShops(): Promise<Array<{ id: number; createdAt: Date }>> {
      return db
        .select({ id: shops.id, createdAt: shops.createdAt })
        .from(shops)
        .where(eq(shops.status, "open"))
        .orderBy(asc(shops.id));
    },
    async isOpen(id: number) {
      return (await byId(id))?.status === "open";
    },
    async ownedBy(memberId: number): Promise<Shop | undefined> {
      return (await db.select().from(shops).where(eq(shops.ownerMemberId, memberId)))[0];
    },
    async info(id: number): Promise<ShopInfo | undefined> {
      const s = await byId(id);
      if (!s) return undefined;
      const domain = await this.domain(id);
      return { id: s.id, name: s.name, logo: s.logo, banner: s.banner, intro: s.intro, status: s.status, domain };
    },
    /** An open shop's public info; a missing or suspended shop is a 404. */
    async openInfo(id: number): Promise<ShopInfo> {
      const info = await this.info(id);
      if (info?.status !== "open") throw notFound("SHOP_NOT_FOUND", "此商城不存在或已暫停營業");
      return info;
    },
    /**
     * A visitor may stay in a shop when it is open and they are anonymous
     * or bound to it; otherwise they belong to their bound shop (or the main mall).
     */
    async recheck(shopId: number, boundShopId: number | undefined): Promise<RecheckResult> {
      const shop = await byId(shopId);
      const open = shop?.status === "open";
      if (open && (boundShopId === undefined || boundShopId === shopId)) return { ok: true, shopId };
      if (boundShopId !== undefined && boundShopId !== shopId && (await this.isOpen(boundShopId))) {
        return { ok: false, shopId: boundShopId };
      }
      return { ok: false, shopId: MAIN_SHOP_ID };
    },
    /** Main mall check: a member bound to another (open) shop is sent there. */
    async recheckMain(boundShopId: number | undefined): Promise<RecheckResult> {
      if (boundShopId === undefined || boundShopId === MAIN_SHOP_ID) return { ok: true, shopId: MAIN_SHOP_ID };
      if (await this.isOpen(boundShopId)) return { ok: false, shopId: boundShopId };
      return { ok: true, shopId: MAIN_SHOP_ID };
    },
  };
}

export type ShopsService = ReturnType<typeof createShopsService>;
