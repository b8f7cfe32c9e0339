import { createCartRemindersFlow, registerCartReminderJobs } from "../../flows/cart-reminders/cart-reminders.js";
import { createPersonalData, registerPersonalDataJobs } from "../../flows/personal-data/personal-data.js";
import { createProductFeeds } from "../../flows/product-feeds/product-feeds.js";
import { createProductReviews } from "../../flows/product-reviews/product-reviews.js";
import { createRestockNotices, registerRestockJobs } from "../../flows/restock-notices/restock-notices.js";
import { createShopAnalytics } from "../../flows/shop-analytics/shop-analytics.js";
import { createSitemaps } from "../../flows/sitemaps/sitemaps.js";
import { createShopChangeReview } from "../../modules/admin/shop-change-review.js";
import { createCatalogueFeed } from "../../modules/catalogue/feed.js";
import { createCatalogueSitemap } from "../../modules/catalogue/sitemap.js";
import { createContentService } from "../../modules/content/service.js";
import { createTakeoutFulfilment } from "../../modules/depot/takeout-fulfilment.js";
import { createRestockRequests } from "../../modules/inventory/restock-requests.js";
import { createShopDelivery } from "../../modules/logistics/shop-delivery.js";
import { createShopSales } from "../../modules/orders/shop-sales.js";
import { createReviewsService } from "../../modules/reviews/service.js";
import { createSelfDelivery } from "../../modules/sellers/self-delivery.js";
import { createSellersService } from "../../modules/sellers/service.js";
import { createSellerShopSettings } from "../../modules/sellers/shop-settings.js";
import { createSupportService } from "../../modules/support/service.js";
import { createBackOffice } from "../back-office.js";
import { createShippingDesks } from "../shipping-desks.js";
import { BRAND_NAME } from "../shop-essentials.js";
import type { Accounts } from "./accounts.js";
import type { Foundation } from "./foundation.js";
import type { Commerce, Orders } from "./orders.js";

/** Sub-malls and their sellers, the shop's own pages, sitemaps and analytics. */
export function wireShopFronts(base: Foundation, commerce: Commerce, o: Orders) {
  const { db, now } = base.deps;
  const { shops, catalogue, inventory, notifications, loyalty, traffic } = base;
  const { logistics, depot } = commerce;
  const content = createContentService(db, catalogue, shops, now);
  const shopDelivery = createShopDelivery(db);
  return {
    content,
    sitemaps: createSitemaps({
      catalogue: createCatalogueSitemap(db),
      openShops: shops.openShops,
      ownContent: content.ownForSitemap,
      domainOf: (shopId) => shops.domain(shopId),
      now,
    }),
    sellers: createSellersService({
      shops,
      orders: o.orders,
      payments: o.payments,
      selfDelivery: createSelfDelivery({ orders: o.lifecycle, inventory, logistics, notifications, now }),
      orderViews: o.orderViews,
      inventory,
      catalogue,
      logistics,
      depot,
      loyalty,
      now,
    }),
    sellerShopSettings: createSellerShopSettings({ shops, delivery: shopDelivery }),
    shopChangeReview: createShopChangeReview({ shops, shopDelivery, notifications, record: base.staff.record }),
    shopAnalytics: createShopAnalytics({ sales: createShopSales(db), traffic, catalogue }),
    productFeeds: createProductFeeds({
      catalogue: createCatalogueFeed(db),
      openShops: shops.openShops,
      domainOf: (shopId) => shops.domain(shopId),
      brandName: BRAND_NAME,
    }),
    productReviews: createProductReviews({
      db,
      reviews: createReviewsService(db),
      catalogue,
      orders: o.orderQueries,
      record: base.staff.record,
      now,
    }),
  };
}

/** The back office, the shipping desks, customer support, 到貨通知 and members' personal data. */
export function wireOffice(base: Foundation, accounts: Accounts, commerce: Commerce, o: Orders) {
  const { db, config, providers } = base.deps;
  const { clock, shops, catalogue, inventory, notifications, jobs, staff, loyalty, members, identities } = base;
  const takeouts = createTakeoutFulfilment({ db, notifications, now: base.deps.now });
  const restock = createRestockNotices({
    db,
    requests: createRestockRequests(db, clock),
    catalogue,
    notifications,
    siteUrl: (path) => `${base.siteOrigin}${path}`,
    brandName: BRAND_NAME,
  });
  const support = createSupportService({
    db,
    notifications,
    shops,
    inbox: config.SHOP_INBOX,
    orderExists: async (orderNo) => Boolean(await o.orderQueries.byNo(orderNo)),
    staffNames: staff.names,
    now: base.deps.now,
  });
  const { orderInvoices, charge, orderQueries, returns, lifecycle, payments, orderViews, preorderRelease } = o;
  const office = createBackOffice({
    db,
    catalogue,
    inventory,
    shops,
    jobs,
    outbox: base.outbox,
    orderInvoices,
    charge,
    orderQueries,
    takeouts,
    support,
    payout: accounts.payout,
    returns,
    staff,
    lifecycle,
    payments,
    orderViews,
    preorderRelease,
    members,
    identities,
    loyalty,
    logistics: commerce.logistics,
    now: clock,
  });
  const desks = createShippingDesks({
    db,
    config,
    siteOrigin: base.siteOrigin,
    providers,
    logistics: commerce.logistics,
    orderQueries,
    lifecycle,
    orderMessages: o.orderMessages,
    jobs,
    admin: office.admin,
    takeouts,
    staff,
    shops,
    returns,
    now: clock,
  });
  // Exports and erasure of a member's personal data, and the guest-order retention sweep (decision 78).
  const personalData = createPersonalData({
    db,
    parts: base.personalDataParts,
    auth: accounts.auth,
    loyalty,
    shops,
    staff,
    catalogue,
    brandName: BRAND_NAME,
    guestRetentionYears: config.GUEST_DATA_RETENTION_YEARS,
    now: clock,
  });
  registerRestockJobs(jobs, restock);
  // Abandoned-cart reminders (decision 97).
  const cartReminders = createCartRemindersFlow({
    db,
    cart: commerce.cart,
    members,
    notifications,
    templates: base.messageTemplates,
    siteUrl: (path) => `${base.siteOrigin}${path}`,
    brandName: BRAND_NAME,
    idleHours: config.CART_REMINDER_HOURS,
    now: clock,
  });
  registerCartReminderJobs(jobs, cartReminders);
  registerPersonalDataJobs(jobs, personalData);
  return {
    takeouts,
    restock,
    cartReminders,
    support,
    personalData,
    catalogueAdmin: office.catalogueAdmin,
    contentAdmin: office.contentAdmin,
    ...office.backOffice,
    admin: office.admin,
    stuckWork: office.stuckWork,
    // The ECPay desk serves store and 黑貓 / 郵局 orders alike behind the same routes (decision 90).
    cvsShipping: desks.ecpayDesk,
    ecpayStatus: desks.ecpayStatus,
    hctShipping: desks.hctShipping,
    returnsByCarrier: desks.returnsByCarrier,
    shippingBatch: desks.shippingBatch,
  };
}
