import { MAIN_SHOP_ID } from "@shop/contract";
import type { SettingKey, shopCreateInput, shopUpdateInput } from "@shop/contract/admin";
import { PAYABLE_METHODS, type PayableMethod } from "@shop/contract/order";
import { asc, ilike, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { shops } from "../../db/schema/index.js";
import { type AuditHook, adminTable } from "../../lib/admin-table.js";
import { fieldError, unlessUnique } from "../../lib/errors.js";
import { likeEscape } from "../../lib/like.js";
import { createShopChangeRequests } from "./change-requests.js";
import {
  domain,
  footer,
  numberSetting,
  ownSettings,
  paymentSetup,
  type ShopsDeps,
  STORE_CONTRACT_KEY,
  setNumberSettings,
  setSettings,
  settings,
  storeContract,
  storedNumberSettings,
  textSetting,
  tracking,
  transferAccount,
} from "./settings.js";
import {
  commissionOf,
  info,
  isOpen,
  openInfo,
  openShops,
  ownedBy,
  type RecheckResult,
  recheck,
  recheckMain,
  type Shop,
  shopById,
} from "./shop-reads.js";

// Other modules name these from the shops module's service.
export { commissionOnGoods } from "./shop-reads.js";
export type { RecheckResult, Shop };

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

/**
 * Shops and their settings. `deployed`: the payment methods this deployment provides (decision 74,
 * 88; every one by default). Each method is a function of settings.ts or shop-reads.ts taking `deps`.
 */
export function createShopsService(db: Db, { deployed = PAYABLE_METHODS }: { deployed?: readonly PayableMethod[] } = {}) {
  const deps: ShopsDeps = { db, deployed };
  const byId = (id: number): Promise<Shop | undefined> => shopById(deps, id);
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
    /** The payment methods this deployment provides (the back office shows the others as not set up). */
    deployed,
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
    setSettings,
    numberSetting: (key: SettingKey, q: Db | Tx = db) => numberSetting(q, key),
    textSetting: (key: string, q: Db | Tx = db) => textSetting(q, key),
    storedNumberSettings: (keys: string[]) => storedNumberSettings(deps, keys),
    setNumberSettings,
    ownSettings: (shopId: number, keys?: readonly string[]) => ownSettings(deps, shopId, keys),
    settings: (shopId: number, keys: string[]) => settings(deps, shopId, keys),
    paymentSetup: (shopId: number) => paymentSetup(deps, shopId),
    transferAccount: (shopId: number) => transferAccount(deps, shopId),
    commissionOf: (shopId: number, goodsAmount: number, q: Db | Tx = db) => commissionOf(q, shopId, goodsAmount),
    footer: (shopId: number) => footer(deps, shopId),
    /** The shop's ECPay store pick-up contract (c2c | b2c; a sub-mall inherits the main mall's). */
    storeContract: (shopId: number) => storeContract(db, shopId),
    async storeContractView(shopId: number) {
      const own = (await ownSettings(deps, shopId, [STORE_CONTRACT_KEY]))[STORE_CONTRACT_KEY];
      return { contract: await storeContract(db, shopId), own: own === "c2c" || own === "b2c" };
    },
    /** Sets it ("" for a sub-mall: inherit the main mall's). */
    setStoreContract: (shopId: number, value: "c2c" | "b2c" | "") =>
      db.transaction((tx) => setSettings(tx, shopId, { [STORE_CONTRACT_KEY]: value }, true)),
    tracking: (shopId: number) => tracking(deps, shopId),
    domain: (shopId: number) => domain(deps, shopId),
    openShops: () => openShops(deps),
    isOpen: (id: number) => isOpen(deps, id),
    ownedBy: (memberId: number) => ownedBy(deps, memberId),
    info: (id: number) => info(deps, id),
    openInfo: (id: number) => openInfo(deps, id),
    recheck: (shopId: number, boundShopId: number | undefined): Promise<RecheckResult> => recheck(deps, shopId, boundShopId),
    recheckMain: (boundShopId: number | undefined): Promise<RecheckResult> => recheckMain(deps, boundShopId),
  };
}

export type ShopsService = ReturnType<typeof createShopsService>;
