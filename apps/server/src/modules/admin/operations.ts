import { MAIN_SHOP_ID } from "@shop/contract";
import {
  type couponInput,
  type dealerInput,
  type exchangeItemInput,
  type HomeBlocksInput,
  type promotionInput,
  type raffleInput,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  SETTING_LABELS,
  type SettingsInput,
  SHOP_FOOTER_KEYS,
  type shopCreateInput,
  type shopUpdateInput,
  type stockAdjustInput,
} from "@shop/contract/admin";
import type { StuckWork } from "@shop/contract/responses";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import type { AuditHook } from "../../lib/admin-table.js";
import { fieldError, notFound } from "../../lib/errors.js";
import type { CatalogueAdmin } from "../catalogue/admin.js";
import type { ContentAdmin } from "../content/admin.js";
import type { DealersAdmin } from "../dealers/admin.js";
import type { ExchangeAdmin } from "../exchange/admin.js";
import type { InventoryService } from "../inventory/service.js";
import type { LogisticsAdmin } from "../logistics/admin.js";
import type { CouponsAdmin } from "../loyalty/coupons-admin.js";
import type { LoyaltyService } from "../loyalty/service.js";
import type { IdentitiesService } from "../members/identities.js";
import type { MembersService } from "../members/service.js";
import type { Payments } from "../orders/payments.js";
import type { OrderLifecycle } from "../orders/service.js";
import type { OrderViews } from "../orders/views.js";
import type { PayoutService } from "../payout/service.js";
import type { PromotionsAdmin } from "../promotions/admin.js";
import type { RafflesAdmin } from "../raffles/admin.js";
import type { ShopAdminView, ShopsService } from "../shops/service.js";
import { type Actor, type StaffService, who } from "../staff/service.js";

export interface AdminDeps {
  db: Db;
  /** 待處理異常: work that should have finished and has not (operations/stuck-work.ts). */
  stuckWork: () => Promise<StuckWork>;
  /** The other work queues the dashboard counts (pick-ups, inquiries, withdrawals, failed messages). */
  queues: () => Promise<{
    takeouts: number;
    inquiries: number;
    withdrawals: number;
    returns: number;
    failed_messages: number;
    invoices: number;
  }>;
  staff: StaffService;
  catalogueAdmin: CatalogueAdmin;
  contentAdmin: ContentAdmin;
  inventory: InventoryService;
  orders: OrderLifecycle;
  /** Stock received for a variant releases its waiting pre-orders, in the caller's transaction (decision 96). */
  stockReceived: (tx: Tx, variantId: number) => Promise<string[]>;
  payments: Payments;
  orderViews: OrderViews;
  members: MembersService;
  identities: IdentitiesService;
  loyalty: LoyaltyService;
  shops: ShopsService;
  payout: PayoutService;
  logisticsAdmin: LogisticsAdmin;
  couponsAdmin: CouponsAdmin;
  promotionsAdmin: PromotionsAdmin;
  rafflesAdmin: RafflesAdmin;
  exchangeAdmin: ExchangeAdmin;
  dealersAdmin: DealersAdmin;
  now: () => Date;
}

export type In<T extends z.ZodType> = z.infer<T>;

/** A shop's settings edited in its form. */
const SHOP_SETTING_KEYS = ["ga4_measurement_id", "meta_pixel_id", "domain", "return_address", ...SHOP_FOOTER_KEYS] as const;

/**
 * A shop's owner belongs to it: in the shop's write transaction the new owner is bound to the
 * shop (their sign-in lands there) and a replaced owner is released to the main mall.
 */
const withOwnerBinding =
  (d: Pick<AdminDeps, "members">, audit: AuditHook<ShopAdminView>): AuditHook<ShopAdminView> =>
  async (tx, before, after) => {
    const was = before?.owner_member_id ?? null;
    const now = after?.owner_member_id ?? null;
    if (was !== now) {
      if (was !== null) await d.members.bindToShop(tx, was, MAIN_SHOP_ID);
      if (now !== null && after) await d.members.bindToShop(tx, now, after.id);
    }
    await audit(tx, before, after);
  };

/** The audit entry for a create (no before), update or delete (no after) of one record. */
export const audited =
  <V extends { id: number | string }>(d: Pick<AdminDeps, "staff">, actor: Actor, entity: string): AuditHook<V> =>
  (tx, before, after) =>
    d.staff.record(tx, actor, {
      action: `${entity}.${before ? (after ? "update" : "delete") : "create"}`,
      entity,
      entityId: after?.id ?? before?.id ?? 0,
      before,
      after,
    });

/** References to other modules' records are checked before a write, field by field. */
async function mustExist(
  d: Pick<AdminDeps, "catalogueAdmin">,
  kind: "product" | "variant" | "category",
  ids: number[],
  field: string,
) {
  const missing = await d.catalogueAdmin.missing(kind, ids);
  if (missing.length > 0) {
    const label = { product: "商品", variant: "商品規格", category: "分類" }[kind];
    throw fieldError(field, `找不到${label}編號 ${missing.join("、")}`);
  }
}
/** Coupons given to members (by staff or as a raffle's prize) exist and are of the issued kind, not a code (decision 92). */
export async function couponMustExist(d: Pick<AdminDeps, "couponsAdmin">, ids: number[], field: string) {
  for (const id of ids) {
    const c = await d.couponsAdmin.get(id).catch(() => Promise.reject(fieldError(field, `找不到優惠券編號 ${id}`)));
    if (c.issue !== "issued") throw fieldError(field, `優惠券編號 ${id} 是優惠碼，無法直接發放給會員`);
  }
}

export async function dashboard(d: AdminDeps) {
  const [orders, lowStock, queues, anomalies] = await Promise.all([
    d.orderViews.dashboard(d.now(), 14),
    d.catalogueAdmin.lowStock(10),
    d.queues(),
    d.stuckWork(),
  ]);
  return { ...orders, waiting: { ...orders.waiting, ...queues }, anomalies, low_stock: lowStock };
}

export async function adjustStock(d: AdminDeps, actor: Actor, productId: number, input: z.infer<typeof stockAdjustInput>) {
  if ((await d.catalogueAdmin.productOfVariant(input.variant_id)) !== productId)
    throw notFound("VARIANT_NOT_FOUND", "找不到此規格");
  const released = await d.db.transaction(async (tx) => {
    const stock = await d.inventory.adjustByStaff(tx, input.variant_id, input.delta, input.reason, `${who(actor)}:${input.note}`);
    // Stock in releases waiting pre-orders, oldest first, in this same transaction (decision 96).
    const released = input.delta > 0 ? await d.stockReceived(tx, input.variant_id) : [];
    await d.staff.record(tx, actor, {
      action: "stock.adjust",
      entity: "variant",
      entityId: input.variant_id,
      before: { stock: stock - input.delta },
      after: { stock, reason: input.reason, note: input.note, ...(released.length > 0 ? { preorders_released: released } : {}) },
    });
    return released.length;
  });
  return { product: await d.catalogueAdmin.view(productId), released };
}

export async function createExchangeItem(d: AdminDeps, actor: Actor, input: In<typeof exchangeItemInput>) {
  await mustExist(d, "variant", [input.variant_id], "variant_id");
  return d.exchangeAdmin.create(input, audited(d, actor, "exchange_item"));
}
export async function updateExchangeItem(d: AdminDeps, actor: Actor, id: number, input: In<typeof exchangeItemInput>) {
  await mustExist(d, "variant", [input.variant_id], "variant_id");
  return d.exchangeAdmin.update(id, input, audited(d, actor, "exchange_item"));
}

export async function saveHome(d: AdminDeps, actor: Actor, shopId: number, input: HomeBlocksInput) {
  await shopView(d, shopId);
  return d.contentAdmin.saveHome(shopId, input, audited(d, actor, "home"));
}

export async function createCoupon(d: AdminDeps, actor: Actor, input: In<typeof couponInput>) {
  await mustExist(d, "product", input.product_ids, "product_ids");
  await mustExist(d, "category", input.category_ids, "category_ids");
  return d.couponsAdmin.create(input, audited(d, actor, "coupon"));
}
export async function updateCoupon(d: AdminDeps, actor: Actor, id: number, input: In<typeof couponInput>) {
  await mustExist(d, "product", input.product_ids, "product_ids");
  await mustExist(d, "category", input.category_ids, "category_ids");
  return d.couponsAdmin.update(id, input, audited(d, actor, "coupon"));
}
/** A batch of single-use codes for a `single` coupon, with its audit entry (decision 92). */
export async function generateCouponCodes(d: AdminDeps, actor: Actor, id: number, n: number) {
  await d.db.transaction(async (tx) => {
    const made = await d.couponsAdmin.generateCodes(tx, id, n);
    await d.staff.record(tx, actor, {
      action: "coupon.codes",
      entity: "coupon",
      entityId: id,
      before: null,
      after: { generated: made },
    });
  });
  return d.couponsAdmin.get(id);
}
export async function createPromotion(d: AdminDeps, actor: Actor, input: In<typeof promotionInput>) {
  await mustExist(d, "product", input.product_ids, "product_ids");
  return d.promotionsAdmin.create(input, audited(d, actor, "promotion"));
}
export async function updatePromotion(d: AdminDeps, actor: Actor, id: number, input: In<typeof promotionInput>) {
  await mustExist(d, "product", input.product_ids, "product_ids");
  return d.promotionsAdmin.update(id, input, audited(d, actor, "promotion"));
}

/** A raffle's prizes name goods and coupons that exist. */
export async function checkPrizes(d: AdminDeps, input: In<typeof raffleInput>) {
  for (const [i, p] of input.prizes.entries()) {
    if (p.kind === "goods" && p.variant_id) await mustExist(d, "variant", [p.variant_id], `prizes.${i}.variant_id`);
    if (p.kind === "coupon" && p.coupon_id) await couponMustExist(d, [p.coupon_id], `prizes.${i}.coupon_id`);
  }
}
export async function createRaffle(d: AdminDeps, actor: Actor, input: In<typeof raffleInput>) {
  await checkPrizes(d, input);
  return d.rafflesAdmin.create(input, audited(d, actor, "raffle"));
}
export async function updateRaffle(d: AdminDeps, actor: Actor, id: number, input: In<typeof raffleInput>) {
  await checkPrizes(d, input);
  return d.rafflesAdmin.update(id, input, audited(d, actor, "raffle"));
}

export async function createDealer(d: AdminDeps, actor: Actor, input: In<typeof dealerInput>) {
  await mustExist(d, "product", input.product_ids, "product_ids");
  return d.dealersAdmin.create(input, audited(d, actor, "dealer"));
}
export async function updateDealer(d: AdminDeps, actor: Actor, id: number, input: In<typeof dealerInput>) {
  await mustExist(d, "product", input.product_ids, "product_ids");
  return d.dealersAdmin.update(id, input, audited(d, actor, "dealer"));
}

/** A shop with the settings edited in its form. */
export async function shopView(d: AdminDeps, id: number) {
  const [shop, own] = await Promise.all([d.shops.adminGet(id), d.shops.ownSettings(id, SHOP_SETTING_KEYS)]);
  return { ...shop, ...Object.fromEntries(SHOP_SETTING_KEYS.map((k) => [k, own[k] ?? ""])) };
}

export async function createShop(d: AdminDeps, actor: Actor, input: In<typeof shopCreateInput>) {
  if (!(await d.members.byId(input.owner_member_id))) throw fieldError("owner_member_id", "找不到此會員");
  return d.shops.adminCreate(input, withOwnerBinding(d, audited(d, actor, "shop")));
}

export async function updateShop(d: AdminDeps, actor: Actor, id: number, input: In<typeof shopUpdateInput>) {
  if (input.owner_member_id && !(await d.members.byId(input.owner_member_id)))
    throw fieldError("owner_member_id", "找不到此會員");
  if (id === MAIN_SHOP_ID && input.domain) throw fieldError("domain", "主商城使用網站本身的網址");
  const audit = withOwnerBinding(d, audited(d, actor, "shop"));
  await d.shops.adminUpdate(id, input, async (tx, before, after) => {
    // Measurement ids, domain and footer details are shop settings, written with the shop and its audit entry.
    const ids = Object.fromEntries(SHOP_SETTING_KEYS.flatMap((k) => (input[k] !== undefined ? [[k, input[k]]] : [])));
    // Taken away, they are removed (a stray row would stop the sub-mall's home falling back, decision 4).
    if (Object.keys(ids).length > 0) await d.shops.setSettings(tx, id, ids, true);
    await audit(tx, before, after && { ...after, ...ids });
  });
  return shopView(d, id);
}

export async function settings(d: Pick<AdminDeps, "shops">) {
  const stored = await d.shops.storedNumberSettings(SETTING_KEYS);
  return {
    id: "main",
    values: Object.fromEntries(SETTING_KEYS.map((k) => [k, stored[k] ?? SETTING_DEFAULTS[k]])),
    labels: SETTING_LABELS,
  };
}

export async function updateSettings(d: AdminDeps, actor: Actor, input: SettingsInput) {
  const before = (await settings(d)).values;
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Record<string, number>;
  if (Object.keys(changes).length === 0) return settings(d);
  await d.db.transaction(async (tx) => {
    await d.shops.setNumberSettings(tx, changes);
    await d.staff.record(tx, actor, {
      action: "settings.update",
      entity: "settings",
      entityId: "main",
      before,
      after: { ...before, ...changes },
    });
  });
  return settings(d);
}
