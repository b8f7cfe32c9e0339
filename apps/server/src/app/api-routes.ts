import type { FastifyInstance } from "fastify";
import { orderInvoiceRoutes } from "../flows/e-invoicing/order-invoice-routes.js";
import { memberRewardRoutes } from "../flows/member-rewards/routes.js";
import { personalDataRoutes } from "../flows/personal-data/routes.js";
import { productReviewRoutes } from "../flows/product-reviews/routes.js";
import { restockRoutes } from "../flows/restock-notices/restock-routes.js";
import { returnNotifyRoutes } from "../flows/returns-by-carrier/return-notify-routes.js";
import { cvsShippingRoutes } from "../flows/store-pickup/cvs-shipping-routes.js";
import type { FakeLineMessaging } from "../integrations/line/fake-messaging.js";
import type { LocalSmtp } from "../integrations/mail/local-smtp.js";
import type { Providers } from "../integrations/providers.js";
import type { CapturingSmsSender } from "../integrations/sms/index.js";
import type { Config } from "../lib/config/index.js";
import { adminRoutes } from "../modules/admin/routes.js";
import { authRoutes } from "../modules/auth/routes.js";
import { identitySimulatorRoutes, thirdPartyRoutes } from "../modules/auth/third-party-routes.js";
import { cartRoutes } from "../modules/cart/routes.js";
import { catalogueRoutes } from "../modules/catalogue/routes.js";
import { checkoutRoutes } from "../modules/checkout/routes.js";
import { frontRoutes } from "../modules/content/routes.js";
import { dealerRoutes } from "../modules/dealers/routes.js";
import { depotRoutes } from "../modules/depot/routes.js";
import { exchangeRoutes } from "../modules/exchange/routes.js";
import { logisticsRoutes } from "../modules/logistics/routes.js";
import { loyaltyRoutes } from "../modules/loyalty/routes.js";
import type { UploadService } from "../modules/media/uploads.js";
import { memberRoutes } from "../modules/members/routes.js";
import { notificationRoutes } from "../modules/notifications/routes.js";
import { hctNotifyRoutes } from "../modules/orders/hct-notify.js";
import { returnRoutes } from "../modules/orders/return-routes.js";
import { orderRoutes } from "../modules/orders/routes.js";
import { payoutRoutes } from "../modules/payout/routes.js";
import { promotionRoutes } from "../modules/promotions/routes.js";
import { raffleRoutes } from "../modules/raffles/routes.js";
import { sellerRoutes } from "../modules/sellers/routes.js";
import { shopRoutes } from "../modules/shops/routes.js";
import { supportRoutes } from "../modules/support/routes.js";
import { healthRoutes, testModeRoutes } from "../modules/system/routes.js";
import { tierRoutes } from "../modules/tiers/routes.js";
import type { SessionGuards } from "../plugins/session.js";
import type { Services } from "./services.js";
import { BRAND_NAME } from "./shop-essentials.js";

export interface ApiRouteContext {
  services: Services;
  guards: SessionGuards;
  config: Config;
  providers: Providers;
  uploads: UploadService;
  driver: string;
  ping(): Promise<void>;
  draining(): boolean;
  /** Drops the storefront's cached answers and pages (after a back-office change). */
  invalidateCaches(): void;
  /** 測試模式: what the shop's own SMTP server received (the back office's 測試信箱). */
  testMailbox?: LocalSmtp["mailbox"];
  /** 測試模式: the LINE pushes the simulator accepted. */
  lineSimulator?: FakeLineMessaging;
  /** Test mode only: the SMS the simulator captured. */
  capturedSms?: CapturingSmsSender;
}

/**
 * Every `/api` route plugin, each handed only the services it uses, so a module's reach shows in
 * its signature (the composition root is the one place that sees them all).
 */
export async function registerApiRoutes(api: FastifyInstance, ctx: ApiRouteContext): Promise<void> {
  const { services: s, guards, config, providers } = ctx;
  const perMinute = config.AUTH_RATE_LIMIT_PER_MINUTE;
  await api.register(healthRoutes(ctx.driver, ctx.ping, ctx.draining));
  await api.register(authRoutes({ auth: s.auth, cart: s.cart, members: s.members }, guards, perMinute));
  await api.register(shopRoutes({ shops: s.shops, content: s.content, logistics: s.logistics }, guards));
  await api.register(frontRoutes({ content: s.content, catalogue: s.catalogue, dealers: s.dealers }));
  await api.register(catalogueRoutes({ catalogue: s.catalogue, loyalty: s.loyalty }));
  await api.register(promotionRoutes({ promotions: s.promotions }));
  await api.register(logisticsRoutes({ logistics: s.logistics, catalogue: s.catalogue }, config, providers.ecpay));
  await api.register(
    memberRoutes(
      { addresses: s.addresses, favorites: s.favorites, identities: s.identities, referrals: s.referrals },
      guards,
      config,
    ),
  );
  await api.register(cartRoutes({ cart: s.cart }, guards));
  await api.register(memberRewardRoutes({ memberRewards: s.memberRewards }, guards));
  await api.register(restockRoutes({ restock: s.restock, codes: s.auth.codes, brandName: BRAND_NAME }, guards));
  await api.register(productReviewRoutes({ productReviews: s.productReviews, uploads: ctx.uploads }, guards));
  await api.register(notificationRoutes({ notifications: s.notifications }, guards));
  await api.register(personalDataRoutes({ personalData: s.personalData }, guards));
  await api.register(payoutRoutes({ payout: s.payout, shops: s.shops }, guards));
  await api.register(loyaltyRoutes({ loyalty: s.loyalty }, guards));
  await api.register(tierRoutes({ tiers: s.tiers }, guards));
  await api.register(exchangeRoutes({ exchange: s.exchange }, guards));
  await api.register(raffleRoutes({ raffles: s.raffles }, guards));
  await api.register(dealerRoutes({ dealers: s.dealers }));
  await api.register(
    sellerRoutes(
      { sellers: s.sellers, shopSettings: s.sellerShopSettings, analytics: s.shopAnalytics, uploads: ctx.uploads },
      guards,
      ctx.invalidateCaches,
    ),
  );
  await api.register(
    thirdPartyRoutes({ thirdParty: s.thirdParty, identities: s.identities, cart: s.cart, members: s.members }, guards, config),
  );
  if (providers.signIn.simulator) await api.register(identitySimulatorRoutes(providers.signIn.simulator));
  await api.register(depotRoutes({ depot: s.depot }, guards));
  await api.register(cvsShippingRoutes({ cvsShipping: s.cvsShipping }, providers.ecpayCarrierSimulator));
  await api.register(returnNotifyRoutes({ returnsByCarrier: s.returnsByCarrier }));
  await api.register(hctNotifyRoutes({ orders: s.orders, logistics: s.logistics }, config.HCT_NOTIFY_SECRET));
  await api.register(
    checkoutRoutes(
      { quotes: s.quotes, placeOrder: s.placeOrder, admission: s.checkoutAdmission, soldOut: s.checkoutSoldOut },
      guards,
      config,
    ),
  );
  await api.register(
    orderRoutes(
      {
        orders: s.orders,
        payments: s.payments,
        charge: s.charge,
        views: s.orderViews,
        guestAccess: s.guestAccess,
      },
      guards,
      config,
      { tapPaySimulator: providers.tapPaySimulator, lookupRateLimit: perMinute * 3 },
    ),
  );
  await api.register(
    returnRoutes({ returns: s.returns, guestAccess: s.guestAccess }, guards, { lookupRateLimit: perMinute * 3 }),
  );
  await api.register(
    orderInvoiceRoutes({ orders: s.orders, guestAccess: s.guestAccess, invoices: s.orderInvoices }, guards, {
      lookupRateLimit: perMinute * 3,
      // Only in test mode: e2e reads the invoices back from the simulator.
      simulator: ctx.capturedSms ? providers.einvoiceSimulator : undefined,
    }),
  );
  await api.register(supportRoutes({ support: s.support }, perMinute, guards));
  await api.register(
    adminRoutes(
      {
        admin: s.admin,
        staff: s.staff,
        shops: s.shops,
        payout: s.payout,
        catalogueAdmin: s.catalogueAdmin,
        contentAdmin: s.contentAdmin,
        couponsAdmin: s.couponsAdmin,
        tiers: s.tiers,
        dealersAdmin: s.dealersAdmin,
        exchangeAdmin: s.exchangeAdmin,
        logisticsAdmin: s.logisticsAdmin,
        promotionsAdmin: s.promotionsAdmin,
        dealsAdmin: s.dealsAdmin,
        rafflesAdmin: s.rafflesAdmin,
        outbox: s.outbox,
        messageTemplates: s.messageTemplates,
        support: s.support,
        takeouts: s.takeouts,
        returns: s.returns,
        memberCare: s.memberCare,
        personalData: s.personalData,
        invoices: s.orderInvoices.admin,
        cvsShipping: s.cvsShipping,
        hctShipping: s.hctShipping,
        returnsByCarrier: s.returnsByCarrier,
        shippingBatch: s.shippingBatch,
        memberRewards: s.memberRewards,
        shopChangeReview: s.shopChangeReview,
        shopAnalytics: s.shopAnalytics,
        productReviews: s.productReviews,
        testMailbox: ctx.testMailbox,
        system: {
          channels: providers.channels,
          providerStatus: s.providerStatus,
          stuckWork: s.stuckWork.read,
          jobs: s.jobs,
        },
      },
      ctx.uploads,
      perMinute,
      ctx.invalidateCaches,
    ),
  );
  if (ctx.capturedSms)
    await api.register(
      testModeRoutes(
        ctx.capturedSms,
        s.orders,
        s.payments,
        s.jobs,
        async () => ({
          unbalanced_stock: await s.inventory.unbalanced(),
          unbalanced_ledgers: await s.loyalty.unbalanced(),
          stuck_reservations: await s.orderConsistency.stuckReservations(),
          money_mismatches: await s.orderConsistency.moneyMismatches(),
          open_card_refunds: await s.orderConsistency.refundsOutstanding(),
        }),
        { mailbox: ctx.testMailbox, line: ctx.lineSimulator?.pushed },
      ),
    );
}
