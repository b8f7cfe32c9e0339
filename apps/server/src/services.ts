import type { Config } from "./config.js";
import type { Db } from "./db/client.js";
import type { MailSender } from "./integrations/mail/index.js";
import type { SmsSender } from "./integrations/sms/index.js";
import { createAuthService } from "./modules/auth/service.js";
import { createCartService } from "./modules/cart/service.js";
import { createCatalogueService } from "./modules/catalogue/service.js";
import { createContentService } from "./modules/content/service.js";
import { createDealersService } from "./modules/dealers/service.js";
import { createInventoryService } from "./modules/inventory/service.js";
import { createLogisticsService } from "./modules/logistics/service.js";
import { createLoyaltyService } from "./modules/loyalty/service.js";
import { createFavoritesService } from "./modules/members/favorites.js";
import { createMembersService } from "./modules/members/service.js";
import { createPromotionsService } from "./modules/promotions/service.js";
import { createShopsService } from "./modules/shops/service.js";
import { createSupportService } from "./modules/support/service.js";

export const BRAND_NAME = "茶山好物";

export interface ServiceDeps {
  db: Db;
  config: Config;
  sms: SmsSender;
  mail: MailSender;
  now?: () => Date;
}

/** Wires the domain services together; routes receive this, never the raw database. */
export function createServices({ db, config, sms, mail, now }: ServiceDeps) {
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
  return {
    members,
    shops,
    auth,
    catalogue,
    favorites: createFavoritesService(db, catalogue),
    cart: createCartService(db, catalogue),
    inventory: createInventoryService(db),
    content: createContentService(db, catalogue, now),
    promotions: createPromotionsService(db, catalogue, now),
    logistics: createLogisticsService(db),
    dealers: createDealersService(db),
    loyalty: createLoyaltyService(db),
    support: createSupportService({ db, mail, shops, inbox: config.SHOP_INBOX, now }),
  };
}

export type Services = ReturnType<typeof createServices>;
