import type { SignInProvider } from "@shop/contract";
import type { Config } from "../config/index.js";
import type { Db } from "../db/client.js";
import { createAccountNotices } from "../flows/account-security/notices.js";
import { createOrderInvoices } from "../flows/e-invoicing/order-invoices.js";
import { wireOrderEffects } from "../flows/order-effects/order-effects.js";
import { createOrderMessages } from "../flows/order-effects/order-messages.js";
import { createPersonalDataParts } from "../flows/personal-data/parts.js";
import { createPersonalData } from "../flows/personal-data/personal-data.js";
import { createRestockNotices } from "../flows/restock-notices/restock-notices.js";
import { createShopAnalytics } from "../flows/shop-analytics/shop-analytics.js";
import { createSitemaps } from "../flows/sitemaps/sitemaps.js";
import type { LineMessaging } from "../integrations/line/messaging.js";
import type { MailSender } from "../integrations/mail/index.js";
import type { Providers } from "../integrations/providers.js";
import type { SmsSender } from "../integrations/sms/index.js";
import type { RateLimiter } from "../lib/rate-limit.js";
import { createMemberCare } from "../modules/admin/member-care.js";
import { createShopChangeReview } from "../modules/admin/shop-change-review.js";
import { createAuthService } from "../modules/auth/service.js";
import { createThirdPartySignIn } from "../modules/auth/third-party.js";
import { createCartService } from "../modules/cart/service.js";
import { createCatalogueService } from "../modules/catalogue/service.js";
import { createCatalogueSitemap } from "../modules/catalogue/sitemap.js";
import { createIdempotency } from "../modules/checkout/idempotency.js";
import { createPlaceOrder } from "../modules/checkout/place-order.js";
import { createQuotes } from "../modules/checkout/quote.js";
import { createContentService } from "../modules/content/service.js";
import { createDealersService } from "../modules/dealers/service.js";
import { createDepotService } from "../modules/depot/service.js";
import { createTakeoutFulfilment } from "../modules/depot/takeout-fulfilment.js";
import { createExchangeService } from "../modules/exchange/service.js";
import { createRestockRequests } from "../modules/inventory/restock-requests.js";
import { createInventoryService } from "../modules/inventory/service.js";
import { createJobsService } from "../modules/jobs/service.js";
import { createLogisticsService } from "../modules/logistics/service.js";
import { createShopDelivery } from "../modules/logistics/shop-delivery.js";
import { createLoyaltyService } from "../modules/loyalty/service.js";
import { createAddressBookService } from "../modules/members/addresses.js";
import { createFavoritesService } from "../modules/members/favorites.js";
import { createIdentitiesService } from "../modules/members/identities.js";
import { createReferralsService } from "../modules/members/referrals.js";
import { createMembersService } from "../modules/members/service.js";
import { createOutbox } from "../modules/notifications/outbox.js";
import { createNotificationsService } from "../modules/notifications/service.js";
import { createMessageTemplates } from "../modules/notifications/templates.js";
import { createCardCharge } from "../modules/orders/card-charge.js";
import { CARD_REFUND_JOB, createCardRefunds } from "../modules/orders/card-refund.js";
import { createOrderConsistency } from "../modules/orders/consistency.js";
import { createGuestAccess } from "../modules/orders/guest-access.js";
import { createPayments } from "../modules/orders/payments.js";
import { createOrderQueries } from "../modules/orders/queries.js";
import { reconcilePayments } from "../modules/orders/reconcile.js";
import { createReturns } from "../modules/orders/returns.js";
import { createOrderLifecycle } from "../modules/orders/service.js";
import { createShopSales } from "../modules/orders/shop-sales.js";
import { createOrderViews } from "../modules/orders/views.js";
import { createPayoutService } from "../modules/payout/service.js";
import { createPromotionsService } from "../modules/promotions/service.js";
import { createRafflesService } from "../modules/raffles/service.js";
import { createSelfDelivery } from "../modules/sellers/self-delivery.js";
import { createSellersService } from "../modules/sellers/service.js";
import { createSellerShopSettings } from "../modules/sellers/shop-settings.js";
import { createShopsService } from "../modules/shops/service.js";
import { createStaffService } from "../modules/staff/service.js";
import { createSupportService } from "../modules/support/service.js";
import type { ProviderStatus } from "../modules/system/provider-status.js";
import { createTraffic } from "../modules/traffic/service.js";
import { createBackOffice } from "./back-office.js";
import type { ErrorReporter } from "./operations/error-reporter.js";
import { createShippingDesks } from "./shipping-desks.js";
import { BRAND_NAME } from "./shop-essentials.js";

export interface ServiceDeps {
  db: Db;
  config: Config;
  sms: SmsSender;
  mail: MailSender;
  /** LINE Messaging API push (the in-process simulator unless a channel access token is set). */
  line: LineMessaging;
  providers: Providers;
  /** Counters for SMS limits (Redis when configured, else the database). */
  limiter: RateLimiter;
  /** Each outside provider's calls and last answers (the 系統狀態 page and /metrics). */
  providerStatus: ProviderStatus;
  /** Unexpected errors to the error reporter (Sentry when configured). */
  reportError?: ErrorReporter["report"];
  now?: () => Date;
}

/** Wires the domain services together; routes receive this, never the raw database. */
export function createServices(deps: ServiceDeps) {
  const { db, config, sms, mail, line, providers, limiter, providerStatus, reportError, now } = deps;
  const clock = now ?? (() => new Date());
  const members = createMembersService(db);
  // Each module's part of a member's personal data (decision 78); checkout holds the member's row with it.
  const personalDataParts = createPersonalDataParts(db, clock);
  const channels = providers.channels;
  const shops = createShopsService(db, { cardOffered: channels.card !== "off" });
  const catalogue = createCatalogueService(db);
  const auth = createAuthService({
    db,
    members,
    shops,
    sms,
    limiter,
    tokenTtlDays: config.TOKEN_TTL_DAYS,
    brandName: BRAND_NAME,
    smsCodesPerIpPerHour: config.SMS_CODES_PER_IP_PER_HOUR,
    // The member hears of a lock at once by SMS, and on the site, LINE and e-mail (decision 77).
    onLocked: (member, until) => accountNotices.locked(member, until),
    now,
  });
  const cart = createCartService(db, catalogue);
  const inventory = createInventoryService(db);
  const promotions = createPromotionsService(db, catalogue, now);
  const logistics = createLogisticsService(db, providers.ecpay, now, channels.store_pickup !== "off");
  const loyalty = createLoyaltyService(
    db,
    shops.numberSetting,
    now,
    async (q, id) => (await members.byId(id, q))?.uplineId ?? null,
    async (q, id) => (await members.byId(id, q))?.status !== "closed",
  );
  const identities = createIdentitiesService(db, new Set(Object.keys(providers.signIn.byProvider) as SignInProvider[]));
  const outbox = createOutbox(db, { mail, line, sms }, { now, reclaimAfterSeconds: config.OUTBOX_RECLAIM_SECONDS });
  const siteOrigin = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const notifications = createNotificationsService({
    db,
    outbox,
    contactOf: async (memberId, q) => ({
      memberId,
      email: (await members.byId(memberId, q))?.email ?? null,
      // LINE messages switched off (decision 74): nobody is reached there.
      lineUserId: channels.line_messages === "off" ? null : await identities.lineUserOf(memberId, q),
    }),
    siteUrl: (path) => `${siteOrigin}${path}`,
    brandName: BRAND_NAME,
    lineOffered: channels.line_messages !== "off",
    now,
  });
  const accountNotices = createAccountNotices({ db, notifications, members, brandName: BRAND_NAME });
  const addresses = createAddressBookService(db, now);
  const depot = createDepotService({ db, catalogue, loyalty, inventory, logistics, addresses, now });
  const raffles = createRafflesService({ db, loyalty, depot, notifications, now });
  const jobs = createJobsService(db, now, (job, error) => reportError?.(error, { job: job.kind, job_id: job.id }));

  // Orders (decision 30): the lifecycle knows no other module; order-effects.ts wires them to it.
  const orderQueries = createOrderQueries(db);
  const lifecycle = createOrderLifecycle({ db, completeAfterDays: () => shops.numberSetting("order_complete_days"), now });
  const orders = { ...orderQueries, ...lifecycle };
  const cardRefunds = createCardRefunds({ db, card: providers.card, now });
  jobs.register(CARD_REFUND_JOB, (payload) => cardRefunds.runCardRefund(Number(payload.payment_id)));
  const payments = createPayments({
    db,
    lifecycle,
    card: providers.card,
    runCardRefund: cardRefunds.runCardRefund,
    cardPublic: providers.cardPublic,
    transferAccount: (shopId) => shops.transferAccount(shopId),
    creditWallet: (tx, memberId, amount, reason, ref) => loyalty.changeWallet(tx, memberId, amount, reason, ref),
    // Retried by the queue if the attempt right after the commit did not get through.
    enqueue: (tx, kind, payload, dedupeKey) =>
      jobs.enqueue(kind, payload, { dedupeKey, runAt: new Date(clock().getTime() + 30_000) }, tx),
    now,
  });
  const charge = createCardCharge({ db, lifecycle, card: providers.card, payments, now });
  jobs.register("payments.reconcile", () => reconcilePayments(charge, cardRefunds));
  const messageTemplates = createMessageTemplates(db, clock);
  const orderMessages = createOrderMessages(notifications, messageTemplates);
  wireOrderEffects(lifecycle, {
    inventory,
    loyalty,
    depot,
    raffles,
    shops,
    notifications,
    messages: orderMessages,
    logistics,
    payments,
    now: clock,
  });
  const staff = createStaffService(db, now);
  // Every sale's e-invoice (decision 57), opened and given back with the order, sent by the job queue.
  const orderInvoices = createOrderInvoices({
    db,
    lifecycle,
    orderQueries,
    messages: orderMessages,
    shops,
    jobs,
    staff,
    providers,
    enabled: channels.einvoice !== "off",
    leaseSeconds: config.EINVOICE_LEASE_SECONDS,
    now: clock,
  });
  const guestAccess = createGuestAccess({ db, codes: auth.codes, brandName: BRAND_NAME, now });
  const quotes = createQuotes({
    catalogue,
    cart,
    promotions,
    logistics,
    loyalty,
    shops,
    addresses,
    pastAddresses: orderQueries.pastAddresses,
    cardConfig: payments.cardConfig,
    einvoice: orderInvoices.enabled,
  });
  const placeOrder = createPlaceOrder({
    db,
    quotes,
    cart,
    inventory,
    loyalty,
    addresses,
    lifecycle,
    payments,
    charge,
    idempotency: createIdempotency(
      db,
      async (orderNo) => {
        const o = await orderQueries.byNo(orderNo);
        return o ? { order_no: o.orderNo, next: await payments.nextFor(o) } : undefined;
      },
      now,
    ),
    guestAccess,
    findOrder: orderQueries.byNo,
    checkInvoice: orderInvoices.checks.check,
    holdMember: personalDataParts.members.holdActive,
    now,
  });
  const appraisalDays = () => shops.numberSetting("order_complete_days");
  const returns = createReturns({
    db,
    lifecycle,
    notifications,
    appraisalDays,
    now,
    // The returned units come back first, so the replacement is never short of the very units received.
    exchangeStock: async (tx, items, ref) => {
      for (const i of items) await inventory.restock(tx, i.variantId, i.qty, ref);
      await inventory.reserve(tx, items, `${ref}:replacement`);
    },
  });
  const orderViews = createOrderViews(db, orderQueries, payments, logistics, {
    latestFor: returns.latestFor,
    appraisalDays,
    invoiceOf: orderInvoices.viewFor,
    now: clock,
  });
  const payout = createPayoutService(db, loyalty, shops, notifications, now, auth.codes);
  const takeouts = createTakeoutFulfilment({ db, notifications, now });
  const restock = createRestockNotices({
    db,
    requests: createRestockRequests(db, clock),
    catalogue,
    notifications,
    siteUrl: (path) => `${siteOrigin}${path}`,
    brandName: BRAND_NAME,
  });
  jobs.register("inventory.restock_notices", () => restock.sendDue());
  const support = createSupportService({ db, notifications, shops, inbox: config.SHOP_INBOX, staffNames: staff.names, now });
  const { backOffice, catalogueAdmin, contentAdmin, stuckWork, admin } = createBackOffice({
    db,
    catalogue,
    inventory,
    shops,
    jobs,
    outbox,
    orderInvoices,
    charge,
    orderQueries,
    takeouts,
    support,
    payout,
    returns,
    staff,
    lifecycle,
    payments,
    orderViews,
    members,
    identities,
    loyalty,
    now: clock,
  });
  const { cvsShipping, hctShipping } = createShippingDesks({
    db,
    config,
    siteOrigin,
    providers,
    logistics,
    orderQueries,
    lifecycle,
    orderMessages,
    jobs,
    admin,
    takeouts,
    staff,
    now: clock,
  });
  const content = createContentService(db, catalogue, shops, now);
  const shopDelivery = createShopDelivery(db);
  const traffic = createTraffic(db, { now: clock });
  // Exports and erasure of a member's personal data, and the guest-order retention sweep (decision 78).
  const personalData = createPersonalData({
    db,
    parts: personalDataParts,
    auth,
    loyalty,
    shops,
    staff,
    catalogue,
    brandName: BRAND_NAME,
    guestRetentionYears: config.GUEST_DATA_RETENTION_YEARS,
    now: clock,
  });
  return {
    members,
    shops,
    auth,
    catalogue,
    favorites: createFavoritesService(db, catalogue),
    cart,
    inventory,
    content,
    sitemaps: createSitemaps({
      catalogue: createCatalogueSitemap(db),
      openShops: shops.openShops,
      ownContent: content.ownForSitemap,
      domainOf: (shopId) => shops.domain(shopId),
      now,
    }),
    promotions,
    logistics,
    dealers: createDealersService(db, catalogue),
    loyalty,
    notifications,
    messageTemplates,
    outbox,
    raffles,
    payout,
    referrals: createReferralsService(db, loyalty, catalogue, now),
    identities,
    thirdParty: createThirdPartySignIn({ db, providers: providers.signIn, auth, identities, onBound: accountNotices.bound, now }),
    addresses,
    exchange: createExchangeService(db, loyalty, inventory, shops, depot, now),
    depot,
    orders,
    payments,
    cardRefunds,
    charge,
    quotes,
    placeOrder,
    guestAccess,
    orderViews,
    orderConsistency: createOrderConsistency(db, inventory),
    sellers: createSellersService({
      shops,
      orders,
      payments,
      selfDelivery: createSelfDelivery({ orders: lifecycle, inventory, logistics, notifications, now }),
      orderViews,
      inventory,
      catalogue,
      logistics,
      depot,
      loyalty,
      now,
    }),
    sellerShopSettings: createSellerShopSettings({ shops, delivery: shopDelivery }),
    shopChangeReview: createShopChangeReview({ shops, shopDelivery, notifications, record: staff.record }),
    shopAnalytics: createShopAnalytics({ sales: createShopSales(db), traffic, catalogue }),
    traffic,
    takeouts,
    restock,
    support,
    returns,
    memberCare: createMemberCare({ db, members, auth, staff, onPhoneChanged: accountNotices.phoneChanged }),
    personalData,
    staff,
    jobs,
    catalogueAdmin,
    contentAdmin,
    ...backOffice,
    admin,
    cvsShipping,
    hctShipping,
    orderInvoices,
    stuckWork,
    providerStatus,
  };
}

export type Services = ReturnType<typeof createServices>;
