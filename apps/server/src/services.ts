import type { SignInProvider } from "@shop/contract";
import type { Config } from "./config.js";
import type { Db } from "./db/client.js";
import type { MailSender } from "./integrations/mail/index.js";
import type { Providers } from "./integrations/providers.js";
import type { SmsSender } from "./integrations/sms/index.js";
import { createAdminService } from "./modules/admin/service.js";
import { createAuthService } from "./modules/auth/service.js";
import { createThirdPartySignIn } from "./modules/auth/third-party.js";
import { createCartService } from "./modules/cart/service.js";
import { createCatalogueAdmin } from "./modules/catalogue/admin.js";
import { createCatalogueService } from "./modules/catalogue/service.js";
import { createContentAdmin } from "./modules/content/admin.js";
import { createContentService } from "./modules/content/service.js";
import { createDealersAdmin } from "./modules/dealers/admin.js";
import { createDealersService } from "./modules/dealers/service.js";
import { createDepotService } from "./modules/depot/service.js";
import { createExchangeAdmin } from "./modules/exchange/admin.js";
import { createExchangeService } from "./modules/exchange/service.js";
import { createInventoryService } from "./modules/inventory/service.js";
import { createJobsService } from "./modules/jobs/service.js";
import { createLogisticsAdmin } from "./modules/logistics/admin.js";
import { createLogisticsService } from "./modules/logistics/service.js";
import { createCouponsAdmin } from "./modules/loyalty/coupons-admin.js";
import { createLoyaltyService } from "./modules/loyalty/service.js";
import { createAddressBookService } from "./modules/members/addresses.js";
import { createFavoritesService } from "./modules/members/favorites.js";
import { createIdentitiesService } from "./modules/members/identities.js";
import { createReferralsService } from "./modules/members/referrals.js";
import { createMembersService } from "./modules/members/service.js";
import { createNotificationsService } from "./modules/notifications/service.js";
import { createOrdersService } from "./modules/orders/service.js";
import { createOrderViews } from "./modules/orders/views.js";
import { createPayoutService } from "./modules/payout/service.js";
import { createPromotionsAdmin } from "./modules/promotions/admin.js";
import { createPromotionsService } from "./modules/promotions/service.js";
import { createRafflesAdmin } from "./modules/raffles/admin.js";
import { createRafflesService } from "./modules/raffles/service.js";
import { createSellersService } from "./modules/sellers/service.js";
import { createShopsService } from "./modules/shops/service.js";
import { createStaffService } from "./modules/staff/service.js";
import { createSupportService } from "./modules/support/service.js";

export const BRAND_NAME = "茶山好物";

export interface ServiceDeps {
  db: Db;
  config: Config;
  sms: SmsSender;
  mail: MailSender;
  providers: Providers;
  now?: () => Date;
}

/** Wires the domain services together; routes receive this, never the raw database. */
export function createServices({ db, config, sms, mail, providers, now }: ServiceDeps) {
  const members = createMembersService(db);
  const shops = createShopsService(db);
  const catalogue = createCatalogueService(db);
  const auth = createAuthService({
    db,
    members,
    shops,
    sms,
    tokenTtlDays: config.TOKEN_TTL_DAYS,
    brandName: BRAND_NAME,
    now,
  });
  const cart = createCartService(db, catalogue);
  const inventory = createInventoryService(db);
  const promotions = createPromotionsService(db, catalogue, now);
  const logistics = createLogisticsService(db, providers.ecpay, now);
  const loyalty = createLoyaltyService(db, now, async (q, id) => (await members.byId(id, q))?.uplineId ?? null);
  const notifications = createNotificationsService(db, now);
  const addresses = createAddressBookService(db, now);
  const raffles = createRafflesService({ db, loyalty, notifications, now });
  const orders = createOrdersService({
    db,
    catalogue,
    cart,
    inventory,
    promotions,
    logistics,
    loyalty,
    shops,
    notifications,
    addresses,
    raffles,
    card: providers.card,
    card_public: providers.cardPublic,
    now,
  });
  const orderViews = createOrderViews(db, orders, logistics);
  const identities = createIdentitiesService(db, new Set(Object.keys(providers.signIn.byProvider) as SignInProvider[]));
  const depot = createDepotService({ db, catalogue, loyalty, inventory, logistics, addresses, now });
  const staff = createStaffService(db, now);
  const jobs = createJobsService(db, now);
  const payout = createPayoutService(db, loyalty, shops, now);
  // Each module's back-office side: reads are routed to them, writes go through the audited admin service.
  const backOffice = {
    logisticsAdmin: createLogisticsAdmin(db),
    couponsAdmin: createCouponsAdmin(db),
    promotionsAdmin: createPromotionsAdmin(db),
    rafflesAdmin: createRafflesAdmin(db, inventory),
    exchangeAdmin: createExchangeAdmin(db),
    dealersAdmin: createDealersAdmin(db),
  };
  const catalogueAdmin = createCatalogueAdmin(db, catalogue);
  const contentAdmin = createContentAdmin(
    db,
    async (ids) => new Map((await catalogue.variantsByIds(ids)).map((v) => [v.id, v.productId])),
  );
  const clock = now ?? (() => new Date());
  return {
    members,
    shops,
    auth,
    catalogue,
    favorites: createFavoritesService(db, catalogue),
    cart,
    inventory,
    content: createContentService(db, catalogue, now),
    promotions,
    logistics,
    dealers: createDealersService(db, catalogue),
    loyalty,
    notifications,
    raffles,
    payout,
    referrals: createReferralsService(db, loyalty, catalogue, now),
    identities,
    thirdParty: createThirdPartySignIn({ db, providers: providers.signIn, auth, identities, now }),
    addresses,
    exchange: createExchangeService(db, loyalty, inventory, shops, now),
    depot,
    orders,
    orderViews,
    sellers: createSellersService({ shops, orders, orderViews, inventory, catalogue, logistics, depot }),
    support: createSupportService({ db, mail, shops, inbox: config.SHOP_INBOX, now }),
    staff,
    jobs,
    catalogueAdmin,
    contentAdmin,
    ...backOffice,
    admin: createAdminService({
      db,
      staff,
      catalogueAdmin,
      contentAdmin,
      inventory,
      orders,
      orderViews,
      members,
      identities,
      loyalty,
      shops,
      payout,
      ...backOffice,
      now: clock,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
