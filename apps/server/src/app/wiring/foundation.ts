import type { SignInProvider } from "@shop/contract";
import { PAYABLE_METHODS } from "@shop/contract/order";
import type { Db } from "../../db/client.js";
import { createPersonalDataParts } from "../../flows/personal-data/parts.js";
import type { LineMessaging } from "../../integrations/line/messaging.js";
import type { MailSender } from "../../integrations/mail/index.js";
import type { Providers } from "../../integrations/providers.js";
import type { SmsSender } from "../../integrations/sms/index.js";
import type { Config } from "../../lib/config/index.js";
import type { RateLimiter } from "../../lib/rate-limit.js";
import { createCatalogueService } from "../../modules/catalogue/service.js";
import { createDealersService } from "../../modules/dealers/service.js";
import { createInventoryService } from "../../modules/inventory/service.js";
import { createJobsService, registerQueueJobs } from "../../modules/jobs/service.js";
import { registerLoyaltyJobs } from "../../modules/loyalty/jobs.js";
import { createLoyaltyService } from "../../modules/loyalty/service.js";
import { createAddressBookService } from "../../modules/members/addresses.js";
import { createFavoritesService } from "../../modules/members/favorites.js";
import { createIdentitiesService } from "../../modules/members/identities.js";
import { createMembersService } from "../../modules/members/service.js";
import { createOutbox } from "../../modules/notifications/outbox.js";
import { createNotificationsService } from "../../modules/notifications/service.js";
import { createMessageTemplates } from "../../modules/notifications/templates.js";
import { createShopsService } from "../../modules/shops/service.js";
import { createStaffService } from "../../modules/staff/service.js";
import type { ProviderStatus } from "../../modules/system/provider-status.js";
import { createTraffic } from "../../modules/traffic/service.js";
import type { ErrorReporter } from "../operations/error-reporter.js";
import { BRAND_NAME } from "../shop-essentials.js";

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

/**
 * The modules every area builds on: members, shops, the catalogue, stock, points, messages, jobs,
 * staff. Each knows no module above it.
 */
export function wireFoundation(deps: ServiceDeps) {
  const { db, config, sms, mail, line, providers, reportError, now } = deps;
  const clock = now ?? (() => new Date());
  const channels = providers.channels;
  const siteOrigin = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const members = createMembersService(db);
  // Transfers and cash on delivery always; each TapPay method this deployment has a merchant for.
  const deployed = PAYABLE_METHODS.filter((m) => m === "transfer" || m === "cod" || providers.tapPayMethods.merchants[m]);
  const shops = createShopsService(db, { deployed });
  const catalogue = createCatalogueService(db);
  const identities = createIdentitiesService(db, new Set(Object.keys(providers.signIn.byProvider) as SignInProvider[]));
  const outbox = createOutbox(db, { mail, line, sms }, { now, reclaimAfterSeconds: config.OUTBOX_RECLAIM_SECONDS });
  const notifications = createNotificationsService({
    db,
    outbox,
    contactOf: async (memberId, q) => ({
      memberId,
      email: (await members.byId(memberId, q))?.email ?? null,
      // LINE messages switched off (decision 74): nobody is reached there.
      lineUserId: channels.line_messages === "off" ? null : await identities.lineUserOf(memberId, q),
    }),
    langOf: async (memberId, q) => (await members.addressee(memberId, q)).lang,
    siteUrl: (path) => `${siteOrigin}${path}`,
    brandName: BRAND_NAME,
    lineOffered: channels.line_messages !== "off",
    now,
  });
  const loyalty = createLoyaltyService(
    db,
    shops.numberSetting,
    now,
    async (q, id) => (await members.byId(id, q))?.uplineId ?? null,
    async (q, id) => (await members.byId(id, q))?.status !== "closed",
  );
  const jobs = createJobsService(db, now, (job, error) => reportError?.(error, { job: job.kind, job_id: job.id }));
  registerQueueJobs(jobs);
  registerLoyaltyJobs(jobs, loyalty);
  return {
    deps,
    clock,
    channels,
    siteOrigin,
    members,
    // Each module's part of a member's personal data (decision 78); checkout holds the member's row with it.
    personalDataParts: createPersonalDataParts(db, clock),
    shops,
    catalogue,
    inventory: createInventoryService(db),
    identities,
    outbox,
    notifications,
    loyalty,
    addresses: createAddressBookService(db, now),
    jobs,
    staff: createStaffService(db, now),
    messageTemplates: createMessageTemplates(db, clock),
    traffic: createTraffic(db, { now: clock }),
    favorites: createFavoritesService(db, catalogue),
    dealers: createDealersService(db, catalogue),
  };
}

export type Foundation = ReturnType<typeof wireFoundation>;
