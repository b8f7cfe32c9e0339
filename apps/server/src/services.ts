import type { Config } from "./config.js";
import type { Db } from "./db/client.js";
import type { SmsSender } from "./integrations/sms/index.js";
import { createAuthService } from "./modules/auth/service.js";
import { createCatalogueService } from "./modules/catalogue/service.js";
import { createContentService } from "./modules/content/service.js";
import { createMembersService } from "./modules/members/service.js";
import { createShopsService } from "./modules/shops/service.js";

export const BRAND_NAME = "茶山好物";

export interface ServiceDeps {
  db: Db;
  config: Config;
  sms: SmsSender;
  now?: () => Date;
}

/** Wires the domain services together; routes receive this, never the raw database. */
export function createServices({ db, config, sms, now }: ServiceDeps) {
  const members = createMembersService(db);
  const shops = createShopsService(db);
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
    catalogue: createCatalogueService(db),
    content: createContentService(db, now),
  };
}

export type Services = ReturnType<typeof createServices>;
