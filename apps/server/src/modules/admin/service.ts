import type {
  bannerInput,
  categoryInput,
  couponInput,
  dealerInput,
  exchangeItemInput,
  HomeBlocksInput,
  newsInput,
  ProductInput,
  promotionInput,
  raffleInput,
  SettingsInput,
  shipMethodInput,
  shopCreateInput,
  shopUpdateInput,
  staticPageInput,
  stockAdjustInput,
} from "@shop/contract/admin";
import type { z } from "zod";
import type { WithdrawalDecision } from "../payout/service.js";
import type { Actor } from "../staff/service.js";
import { createMemberAdmin } from "./member-admin.js";
import {
  type AdminDeps,
  adjustStock,
  audited,
  checkPrizes,
  couponMustExist,
  createCoupon,
  createDealer,
  createExchangeItem,
  createPromotion,
  createRaffle,
  createShop,
  dashboard,
  generateCouponCodes,
  type In,
  saveHome,
  settings,
  shopView,
  updateCoupon,
  updateDealer,
  updateExchangeItem,
  updatePromotion,
  updateRaffle,
  updateSettings,
  updateShop,
} from "./operations.js";
import { createOrderAdmin } from "./order-admin.js";
import { createPaymentSettingsAdmin } from "./payment-settings.js";

export type { AdminDeps } from "./operations.js";

/**
 * The back office's operations: each calls the owning module's service and writes an audit entry
 * (who, when, before and after) in the same transaction where the module offers one. What checks
 * before it writes is a function of operations.ts taking `d`.
 */
export function createAdminService(d: AdminDeps) {
  const record = d.staff.record;

  return {
    dashboard: () => dashboard(d),

    // Catalogue
    createProduct: (actor: Actor, input: ProductInput) =>
      d.catalogueAdmin.create(input, (tx, after) =>
        record(tx, actor, { action: "product.create", entity: "product", entityId: after.id, after }),
      ),
    updateProduct: (actor: Actor, id: number, input: ProductInput) =>
      d.catalogueAdmin.update(id, input, (tx, before, after) =>
        record(tx, actor, { action: "product.update", entity: "product", entityId: id, before, after }),
      ),
    adjustStock: (actor: Actor, productId: number, input: z.infer<typeof stockAdjustInput>) =>
      adjustStock(d, actor, productId, input),

    createCategory: (actor: Actor, input: In<typeof categoryInput>) =>
      d.catalogueAdmin.createCategory(input, audited(d, actor, "category")),
    updateCategory: (actor: Actor, id: number, input: In<typeof categoryInput>) =>
      d.catalogueAdmin.updateCategory(id, input, audited(d, actor, "category")),
    updateShipMethod: (actor: Actor, id: number, input: In<typeof shipMethodInput>) =>
      d.logisticsAdmin.update(id, input, audited(d, actor, "ship_method")),
    createExchangeItem: (actor: Actor, input: In<typeof exchangeItemInput>) => createExchangeItem(d, actor, input),
    updateExchangeItem: (actor: Actor, id: number, input: In<typeof exchangeItemInput>) =>
      updateExchangeItem(d, actor, id, input),

    // Content
    createBanner: (actor: Actor, input: In<typeof bannerInput>) =>
      d.contentAdmin.createBanner(input, audited(d, actor, "banner")),
    updateBanner: (actor: Actor, id: number, input: In<typeof bannerInput>) =>
      d.contentAdmin.updateBanner(id, input, audited(d, actor, "banner")),
    deleteBanner: (actor: Actor, id: number) => d.contentAdmin.deleteBanner(id, audited(d, actor, "banner")),
    createNews: (actor: Actor, input: In<typeof newsInput>) => d.contentAdmin.createNews(input, audited(d, actor, "news")),
    updateNews: (actor: Actor, id: number, input: In<typeof newsInput>) =>
      d.contentAdmin.updateNews(id, input, audited(d, actor, "news")),
    deleteNews: (actor: Actor, id: number) => d.contentAdmin.deleteNews(id, audited(d, actor, "news")),
    createPage: (actor: Actor, input: In<typeof staticPageInput>) => d.contentAdmin.createPage(input, audited(d, actor, "page")),
    updatePage: (actor: Actor, id: number, input: In<typeof staticPageInput>) =>
      d.contentAdmin.updatePage(id, input, audited(d, actor, "page")),
    deletePage: (actor: Actor, id: number) => d.contentAdmin.deletePage(id, audited(d, actor, "page")),
    saveHome: (actor: Actor, shopId: number, input: HomeBlocksInput) => saveHome(d, actor, shopId, input),

    // Marketing
    createCoupon: (actor: Actor, input: In<typeof couponInput>) => createCoupon(d, actor, input),
    updateCoupon: (actor: Actor, id: number, input: In<typeof couponInput>) => updateCoupon(d, actor, id, input),
    generateCouponCodes: (actor: Actor, id: number, n: number) => generateCouponCodes(d, actor, id, n),
    createPromotion: (actor: Actor, input: In<typeof promotionInput>) => createPromotion(d, actor, input),
    updatePromotion: (actor: Actor, id: number, input: In<typeof promotionInput>) => updatePromotion(d, actor, id, input),
    deletePromotion: (actor: Actor, id: number) => d.promotionsAdmin.remove(id, audited(d, actor, "promotion")),
    checkPrizes: (input: In<typeof raffleInput>) => checkPrizes(d, input),
    createRaffle: (actor: Actor, input: In<typeof raffleInput>) => createRaffle(d, actor, input),
    updateRaffle: (actor: Actor, id: number, input: In<typeof raffleInput>) => updateRaffle(d, actor, id, input),

    // Payouts
    decideWithdrawal: (actor: Actor, id: number, decision: WithdrawalDecision, note: string) =>
      d.payout.decide(id, decision, note, audited(d, actor, "withdrawal")),

    // Shops and dealers
    shop: (id: number) => shopView(d, id),
    createShop: (actor: Actor, input: In<typeof shopCreateInput>) => createShop(d, actor, input),
    updateShop: (actor: Actor, id: number, input: In<typeof shopUpdateInput>) => updateShop(d, actor, id, input),
    createDealer: (actor: Actor, input: In<typeof dealerInput>) => createDealer(d, actor, input),
    updateDealer: (actor: Actor, id: number, input: In<typeof dealerInput>) => updateDealer(d, actor, id, input),

    ...createPaymentSettingsAdmin({ db: d.db, shops: d.shops, record }),
    ...createOrderAdmin({ db: d.db, orders: d.orders, payments: d.payments, orderViews: d.orderViews, record }),
    ...createMemberAdmin({
      db: d.db,
      members: d.members,
      identities: d.identities,
      loyalty: d.loyalty,
      orderViews: d.orderViews,
      now: d.now,
      record,
      couponMustExist: (ids: number[], field: string) => couponMustExist(d, ids, field),
    }),

    // Settings
    settings: () => settings(d),
    updateSettings: (actor: Actor, input: SettingsInput) => updateSettings(d, actor, input),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
