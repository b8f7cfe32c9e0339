import { MAIN_SHOP_ID } from "@shop/contract";
import type { Db } from "../db/client.js";
import type { OrderInvoices } from "../flows/e-invoicing/order-invoices.js";
import type { PreorderRelease } from "../flows/preorders/release.js";
import { createAdminService } from "../modules/admin/service.js";
import { createCatalogueAdmin } from "../modules/catalogue/admin.js";
import type { CatalogueService } from "../modules/catalogue/service.js";
import { createContentAdmin } from "../modules/content/admin.js";
import { createDealersAdmin } from "../modules/dealers/admin.js";
import type { TakeoutFulfilment } from "../modules/depot/takeout-fulfilment.js";
import { createExchangeAdmin } from "../modules/exchange/admin.js";
import type { InventoryService } from "../modules/inventory/service.js";
import type { JobsService } from "../modules/jobs/service.js";
import { createLogisticsAdmin } from "../modules/logistics/admin.js";
import type { LogisticsService } from "../modules/logistics/service.js";
import { createCouponsAdmin } from "../modules/loyalty/coupons-admin.js";
import type { LoyaltyService } from "../modules/loyalty/service.js";
import type { IdentitiesService } from "../modules/members/identities.js";
import type { MembersService } from "../modules/members/service.js";
import type { Outbox } from "../modules/notifications/outbox.js";
import type { CardCharge } from "../modules/orders/card-charge.js";
import type { Payments } from "../modules/orders/payments.js";
import type { OrderQueries } from "../modules/orders/queries.js";
import type { Returns } from "../modules/orders/returns.js";
import type { OrderLifecycle } from "../modules/orders/service.js";
import type { OrderViews } from "../modules/orders/views.js";
import type { PayoutService } from "../modules/payout/service.js";
import { createPromotionsAdmin } from "../modules/promotions/admin.js";
import { createDealsAdmin } from "../modules/promotions/deals-admin.js";
import { createRafflesAdmin } from "../modules/raffles/admin.js";
import type { ShopsService } from "../modules/shops/service.js";
import type { StaffService } from "../modules/staff/service.js";
import type { SupportService } from "../modules/support/service.js";
import { createStuckWork } from "./operations/stuck-work.js";

/**
 * The back office's side of the composition root (services.ts): each module's staff reads, the
 * audited admin service that writes, and the stuck work its dashboard and /metrics count.
 */
export function createBackOffice(d: {
  db: Db;
  catalogue: CatalogueService;
  inventory: InventoryService;
  shops: ShopsService;
  jobs: JobsService;
  outbox: Outbox;
  orderInvoices: Pick<OrderInvoices, "parkedCount">;
  charge: CardCharge;
  orderQueries: OrderQueries;
  takeouts: TakeoutFulfilment;
  support: SupportService;
  payout: PayoutService;
  returns: Returns;
  staff: StaffService;
  lifecycle: OrderLifecycle;
  /** Stock received releases waiting pre-orders (decision 96). */
  preorderRelease: Pick<PreorderRelease, "releaseVariant">;
  payments: Payments;
  orderViews: OrderViews;
  members: MembersService;
  identities: IdentitiesService;
  loyalty: LoyaltyService;
  /** ECPay shipments that never heard a status (stuck work, decision 90). */
  logistics: Pick<LogisticsService, "silentShipments">;
  now: () => Date;
}) {
  const { db } = d;
  // Each module's back-office side: reads are routed to them, writes go through the audited admin service.
  const backOffice = {
    logisticsAdmin: createLogisticsAdmin(db),
    couponsAdmin: createCouponsAdmin(db),
    promotionsAdmin: createPromotionsAdmin(db),
    dealsAdmin: createDealsAdmin(db, async (ids) => {
      const rows = await d.catalogue.variantsForCart(ids, MAIN_SHOP_ID);
      return new Map(rows.map((v) => [v.id, v.variantName ? `${v.name}（${v.variantName}）` : v.name]));
    }),
    rafflesAdmin: createRafflesAdmin(db, d.inventory),
    exchangeAdmin: createExchangeAdmin(db),
    dealersAdmin: createDealersAdmin(db),
  };
  const catalogueAdmin = createCatalogueAdmin(db, d.catalogue);
  const contentAdmin = createContentAdmin(
    db,
    d.shops,
    async (ids) => new Map((await d.catalogue.variantsByIds(ids)).map((v) => [v.id, v.productId])),
  );
  // Work that should have finished and has not (decision 75): /metrics, 待處理異常, 系統狀態.
  const stuckWork = createStuckWork({
    jobs: d.jobs,
    outbox: d.outbox,
    invoicesParked: d.orderInvoices.parkedCount,
    charge: d.charge,
    orders: d.orderQueries,
    shipments: d.logistics,
    now: d.now,
  });
  const admin = createAdminService({
    db,
    stuckWork: stuckWork.read,
    queues: async () => ({
      takeouts: await d.takeouts.waiting(),
      inquiries: await d.support.waiting(),
      withdrawals: (await d.payout.staffList("requested", 1, 1)).total,
      returns: await d.returns.waiting(),
      failed_messages: await d.outbox.failedCount(),
      invoices: await d.orderInvoices.parkedCount(),
    }),
    staff: d.staff,
    catalogueAdmin,
    contentAdmin,
    inventory: d.inventory,
    orders: d.lifecycle,
    stockReceived: d.preorderRelease.releaseVariant,
    payments: d.payments,
    orderViews: d.orderViews,
    members: d.members,
    identities: d.identities,
    loyalty: d.loyalty,
    shops: d.shops,
    payout: d.payout,
    ...backOffice,
    now: d.now,
  });
  return { backOffice, catalogueAdmin, contentAdmin, stuckWork, admin };
}
