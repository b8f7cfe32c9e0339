import { MAIN_SHOP_ID } from "@shop/contract";
import {
  type bannerInput,
  type categoryInput,
  type couponInput,
  type dealerInput,
  type exchangeItemInput,
  type HomeBlocksInput,
  type newsInput,
  type ProductInput,
  type promotionInput,
  type raffleInput,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  SETTING_LABELS,
  type SettingsInput,
  SHOP_FOOTER_KEYS,
  type shipMethodInput,
  type shopCreateInput,
  type shopUpdateInput,
  type staticPageInput,
  type stockAdjustInput,
} from "@shop/contract/admin";
import type { StuckWork } from "@shop/contract/responses";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
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
import type { PayoutService, WithdrawalDecision } from "../payout/service.js";
import type { PromotionsAdmin } from "../promotions/admin.js";
import type { RafflesAdmin } from "../raffles/admin.js";
import type { ShopAdminView, ShopsService } from "../shops/service.js";
import { type Actor, type StaffService, who } from "../staff/service.js";
import { createMemberAdmin } from "./member-admin.js";
import { createOrderAdmin } from "./order-admin.js";
import { createPaymentSettingsAdmin } from "./payment-settings.js";

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

type In<T extends z.ZodType> = z.infer<T>;

/**
 * The back office's operations: each calls the owning module's service and writes an audit entry
 * (who, when, before and after) in the same transaction where the module offers one.
 */
/** A shop's settings edited in its form. */
const SHOP_SETTING_KEYS = ["ga4_measurement_id", "meta_pixel_id", "domain", ...SHOP_FOOTER_KEYS] as const;

export function createAdminService(d: AdminDeps) {
  const record = d.staff.record;
  /**
   * A shop's owner belongs to it: in the shop's write transaction the new owner is bound to the
   * shop (their sign-in lands there) and a replaced owner is released to the main mall.
   */
  const withOwnerBinding =
    (audit: AuditHook<ShopAdminView>): AuditHook<ShopAdminView> =>
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
  const audited =
    <V extends { id: number | string }>(actor: Actor, entity: string): AuditHook<V> =>
    (tx, before, after) =>
      record(tx, actor, {
        action: `${entity}.${before ? (after ? "update" : "delete") : "create"}`,
        entity,
        entityId: after?.id ?? before?.id ?? 0,
        before,
        after,
      });

  /** References to other modules' records are checked before a write, field by field. */
  async function mustExist(kind: "product" | "variant" | "category", ids: number[], field: string) {
    const missing = await d.catalogueAdmin.missing(kind, ids);
    if (missing.length > 0) {
      const label = { product: "商品", variant: "商品規格", category: "分類" }[kind];
      throw fieldError(field, `找不到${label}編號 ${missing.join("、")}`);
    }
  }
  async function couponMustExist(ids: number[], field: string) {
    for (const id of ids) await d.couponsAdmin.get(id).catch(() => Promise.reject(fieldError(field, `找不到優惠券編號 ${id}`)));
  }

  return {
    dashboard: async () => {
      const [orders, lowStock, queues, anomalies] = await Promise.all([
        d.orderViews.dashboard(d.now(), 14),
        d.catalogueAdmin.lowStock(5, 10),
        d.queues(),
        d.stuckWork(),
      ]);
      return { ...orders, waiting: { ...orders.waiting, ...queues }, anomalies, low_stock: lowStock };
    },

    // Catalogue
    createProduct: (actor: Actor, input: ProductInput) =>
      d.catalogueAdmin.create(input, (tx, after) =>
        record(tx, actor, { action: "product.create", entity: "product", entityId: after.id, after }),
      ),
    updateProduct: (actor: Actor, id: number, input: ProductInput) =>
      d.catalogueAdmin.update(id, input, (tx, before, after) =>
        record(tx, actor, { action: "product.update", entity: "product", entityId: id, before, after }),
      ),
    async adjustStock(actor: Actor, productId: number, input: z.infer<typeof stockAdjustInput>) {
      if ((await d.catalogueAdmin.productOfVariant(input.variant_id)) !== productId)
        throw notFound("VARIANT_NOT_FOUND", "找不到此規格");
      await d.db.transaction(async (tx) => {
        const stock = await d.inventory.adjustByStaff(
          tx,
          input.variant_id,
          input.delta,
          input.reason,
          `${who(actor)}:${input.note}`,
        );
        await record(tx, actor, {
          action: "stock.adjust",
          entity: "variant",
          entityId: input.variant_id,
          before: { stock: stock - input.delta },
          after: { stock, reason: input.reason, note: input.note },
        });
      });
      return d.catalogueAdmin.view(productId);
    },

    createCategory: (actor: Actor, input: In<typeof categoryInput>) =>
      d.catalogueAdmin.createCategory(input, audited(actor, "category")),
    updateCategory: (actor: Actor, id: number, input: In<typeof categoryInput>) =>
      d.catalogueAdmin.updateCategory(id, input, audited(actor, "category")),
    updateShipMethod: (actor: Actor, id: number, input: In<typeof shipMethodInput>) =>
      d.logisticsAdmin.update(id, input, audited(actor, "ship_method")),
    async createExchangeItem(actor: Actor, input: In<typeof exchangeItemInput>) {
      await mustExist("variant", [input.variant_id], "variant_id");
      return d.exchangeAdmin.create(input, audited(actor, "exchange_item"));
    },
    async updateExchangeItem(actor: Actor, id: number, input: In<typeof exchangeItemInput>) {
      await mustExist("variant", [input.variant_id], "variant_id");
      return d.exchangeAdmin.update(id, input, audited(actor, "exchange_item"));
    },

    // Content
    createBanner: (actor: Actor, input: In<typeof bannerInput>) => d.contentAdmin.createBanner(input, audited(actor, "banner")),
    updateBanner: (actor: Actor, id: number, input: In<typeof bannerInput>) =>
      d.contentAdmin.updateBanner(id, input, audited(actor, "banner")),
    deleteBanner: (actor: Actor, id: number) => d.contentAdmin.deleteBanner(id, audited(actor, "banner")),
    createNews: (actor: Actor, input: In<typeof newsInput>) => d.contentAdmin.createNews(input, audited(actor, "news")),
    updateNews: (actor: Actor, id: number, input: In<typeof newsInput>) =>
      d.contentAdmin.updateNews(id, input, audited(actor, "news")),
    deleteNews: (actor: Actor, id: number) => d.contentAdmin.deleteNews(id, audited(actor, "news")),
    createPage: (actor: Actor, input: In<typeof staticPageInput>) => d.contentAdmin.createPage(input, audited(actor, "page")),
    updatePage: (actor: Actor, id: number, input: In<typeof staticPageInput>) =>
      d.contentAdmin.updatePage(id, input, audited(actor, "page")),
    deletePage: (actor: Actor, id: number) => d.contentAdmin.deletePage(id, audited(actor, "page")),
    async saveHome(actor: Actor, shopId: number, input: HomeBlocksInput) {
      await this.shop(shopId);
      return d.contentAdmin.saveHome(shopId, input, audited(actor, "home"));
    },

    // Marketing
    async createCoupon(actor: Actor, input: In<typeof couponInput>) {
      await mustExist("product", input.product_ids, "product_ids");
      await mustExist("category", input.category_ids, "category_ids");
      return d.couponsAdmin.create(input, audited(actor, "coupon"));
    },
    async updateCoupon(actor: Actor, id: number, input: In<typeof couponInput>) {
      await mustExist("product", input.product_ids, "product_ids");
      await mustExist("category", input.category_ids, "category_ids");
      return d.couponsAdmin.update(id, input, audited(actor, "coupon"));
    },
    async createPromotion(actor: Actor, input: In<typeof promotionInput>) {
      await mustExist("product", input.product_ids, "product_ids");
      return d.promotionsAdmin.create(input, audited(actor, "promotion"));
    },
    async updatePromotion(actor: Actor, id: number, input: In<typeof promotionInput>) {
      await mustExist("product", input.product_ids, "product_ids");
      return d.promotionsAdmin.update(id, input, audited(actor, "promotion"));
    },
    deletePromotion: (actor: Actor, id: number) => d.promotionsAdmin.remove(id, audited(actor, "promotion")),
    async checkPrizes(input: In<typeof raffleInput>) {
      for (const [i, p] of input.prizes.entries()) {
        if (p.kind === "goods" && p.variant_id) await mustExist("variant", [p.variant_id], `prizes.${i}.variant_id`);
        if (p.kind === "coupon" && p.coupon_id) await couponMustExist([p.coupon_id], `prizes.${i}.coupon_id`);
      }
    },
    async createRaffle(actor: Actor, input: In<typeof raffleInput>) {
      await this.checkPrizes(input);
      return d.rafflesAdmin.create(input, audited(actor, "raffle"));
    },
    async updateRaffle(actor: Actor, id: number, input: In<typeof raffleInput>) {
      await this.checkPrizes(input);
      return d.rafflesAdmin.update(id, input, audited(actor, "raffle"));
    },

    // Payouts
    decideWithdrawal: (actor: Actor, id: number, decision: WithdrawalDecision, note: string) =>
      d.payout.decide(id, decision, note, audited(actor, "withdrawal")),

    // Shops and dealers
    async shop(id: number) {
      const [shop, own] = await Promise.all([d.shops.adminGet(id), d.shops.ownSettings(id, SHOP_SETTING_KEYS)]);
      return { ...shop, ...Object.fromEntries(SHOP_SETTING_KEYS.map((k) => [k, own[k] ?? ""])) };
    },
    async createShop(actor: Actor, input: In<typeof shopCreateInput>) {
      if (!(await d.members.byId(input.owner_member_id))) throw fieldError("owner_member_id", "找不到此會員");
      return d.shops.adminCreate(input, withOwnerBinding(audited(actor, "shop")));
    },
    async updateShop(actor: Actor, id: number, input: In<typeof shopUpdateInput>) {
      if (input.owner_member_id && !(await d.members.byId(input.owner_member_id)))
        throw fieldError("owner_member_id", "找不到此會員");
      if (id === MAIN_SHOP_ID && input.domain) throw fieldError("domain", "主商城使用網站本身的網址");
      const audit = withOwnerBinding(audited(actor, "shop"));
      await d.shops.adminUpdate(id, input, async (tx, before, after) => {
        // Measurement ids, domain and footer details are shop settings, written with the shop and its audit entry.
        const ids = Object.fromEntries(SHOP_SETTING_KEYS.flatMap((k) => (input[k] !== undefined ? [[k, input[k]]] : [])));
        // Taken away, they are removed (a stray row would stop the sub-mall's home falling back, decision 4).
        if (Object.keys(ids).length > 0) await d.shops.setSettings(tx, id, ids, true);
        await audit(tx, before, after && { ...after, ...ids });
      });
      return this.shop(id);
    },
    async createDealer(actor: Actor, input: In<typeof dealerInput>) {
      await mustExist("product", input.product_ids, "product_ids");
      return d.dealersAdmin.create(input, audited(actor, "dealer"));
    },
    async updateDealer(actor: Actor, id: number, input: In<typeof dealerInput>) {
      await mustExist("product", input.product_ids, "product_ids");
      return d.dealersAdmin.update(id, input, audited(actor, "dealer"));
    },

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
      couponMustExist,
    }),

    // Settings
    async settings() {
      const stored = await d.shops.storedNumberSettings(SETTING_KEYS);
      return {
        id: "main",
        values: Object.fromEntries(SETTING_KEYS.map((k) => [k, stored[k] ?? SETTING_DEFAULTS[k]])),
        labels: SETTING_LABELS,
      };
    },
    async updateSettings(actor: Actor, input: SettingsInput) {
      const before = (await this.settings()).values;
      const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Record<string, number>;
      if (Object.keys(changes).length === 0) return this.settings();
      await d.db.transaction(async (tx) => {
        await d.shops.setNumberSettings(tx, changes);
        await record(tx, actor, {
          action: "settings.update",
          entity: "settings",
          entityId: "main",
          before,
          after: { ...before, ...changes },
        });
      });
      return this.settings();
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
