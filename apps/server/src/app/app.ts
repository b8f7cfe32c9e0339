import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import compress from "@fastify/compress";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import { isMobileUserAgent, type SsrContext } from "@shop/contract";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../db/client.js";
import { productFeedRoutes } from "../flows/product-feeds/routes.js";
import type { IdentitySimulator } from "../integrations/identity/simulator.js";
import type { FakeLineMessaging } from "../integrations/line/fake-messaging.js";
import type { LineMessaging } from "../integrations/line/messaging.js";
import type { MailSender } from "../integrations/mail/index.js";
import type { LocalSmtp } from "../integrations/mail/local-smtp.js";
import { chooseProviders, type Providers } from "../integrations/providers.js";
import type { CapturingSmsSender, SmsSender } from "../integrations/sms/index.js";
import { clientKey } from "../lib/client-key.js";
import type { Config } from "../lib/config/index.js";
import { notFound, tooManyRequests } from "../lib/errors.js";
import { createRedisRateLimiter, createSqlRateLimiter } from "../lib/rate-limit.js";
import { SnapshotRateStore } from "../lib/rate-limit-store.js";
import { connectRedis } from "../lib/redis.js";
import { createMediaService } from "../modules/media/service.js";
import { createUploadService } from "../modules/media/uploads.js";
import { createProviderStatus } from "../modules/system/provider-status.js";
import type { DevWeb } from "../plugins/dev-web.js";
import { registerErrorHandling } from "../plugins/errors.js";
import { registerInputGuard } from "../plugins/input-guard.js";
import { registerPageCache } from "../plugins/page-cache.js";
import { type PublicCacheReader, type ResponseCache, registerPublicCache } from "../plugins/public-cache.js";
import { reactRouterPages } from "../plugins/react-router-pages.js";
import { responseSerializer } from "../plugins/response-serializer.js";
import { securityHeaders } from "../plugins/security-headers.js";
import { registerSession } from "../plugins/session.js";
import { type ApiRouteContext, registerApiRoutes } from "./api-routes.js";
import { startBackgroundWork } from "./background-work.js";
import { objectStoreOf, registerFiles } from "./files.js";
import { createErrorReporter } from "./operations/error-reporter.js";
import { registerMetrics } from "./operations/metrics.js";
import { createServices, type Services } from "./services.js";
import { siteFileRoutes } from "./site-files.js";
import { ssrApi } from "./ssr-api.js";
import { adminApp, registerVisitCounting, webSecurity } from "./web-serving.js";

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Serve the React Router build (apps/web/build). Off for API-only tests. */
  web?: { buildDir: string; adminDir?: string; dev?: DevWeb } | false;
  sms?: SmsSender;
  mail?: MailSender;
  line?: LineMessaging;
  /** Payment and logistics providers; from the configuration when omitted. */
  providers?: Providers;
  now?: () => Date;
  logger?: boolean;
}

export interface ShopApp {
  /** Starts draining: /api/ready answers 503 from now on (shutdown, before closing). */
  drain(): void;
  app: FastifyInstance;
  services: Services;
  /** Present in TEST_MODE: the SMS messages sent so far. */
  capturedSms?: CapturingSmsSender;
  /** Present when e-mail goes to the shop's own SMTP server (測試模式): what it received. */
  localSmtp?: LocalSmtp;
  /** Present when LINE pushes go to the in-process Messaging API simulator: what it accepted. */
  lineSimulator?: FakeLineMessaging;
  /** The in-memory cache of public reads; call invalidate() after writing catalogue or content. */
  publicCache: ResponseCache & PublicCacheReader;
  /** Present when sign-in runs on the local LINE/Google/Facebook (tests mint tokens with it). */
  identitySimulator?: IdentitySimulator;
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(options: BuildOptions): Promise<ShopApp> {
  const { config, database } = options;
  const app = createFastify(config, options.logger);
  const world = await connectOutsideWorld(app, options);
  const { providers, messages, shared, reporter } = world;
  const services = createServices({
    db: database.db,
    config,
    sms: messages.sms,
    mail: messages.mail,
    line: messages.line,
    providers,
    limiter: world.limiter,
    providerStatus: world.providerStatus,
    reportError: reporter.report,
    now: options.now,
  });
  startBackgroundWork(app, services, config);

  // Set when shutdown begins: /api/ready answers 503 so the load balancer stops sending traffic
  // while requests already in flight finish (app.close waits for them).
  let draining = false;
  app.addHook("preClose", async () => {
    draining = true;
  });
  await registerHttpBasics(app, config, shared);
  registerErrorHandling(app, (error, requestId) => reporter.report(error, { request_id: requestId }));
  await registerMetrics(app, config, {
    stuckWork: services.stuckWork,
    providerCalls: services.providerStatus.counts,
  });
  registerInputGuard(app);
  const guards = registerSession(app, services.auth);

  const objectStore = objectStoreOf(config);
  const media = createMediaService(config.dataDir, objectStore);
  let caches: (ResponseCache & PublicCacheReader) | undefined;
  const apiCache = await registerApi(app, {
    services,
    guards,
    config,
    providers,
    uploads: createUploadService(config.dataDir, media),
    driver: database.driver,
    ping: async () => {
      await database.db.execute(sql`select 1`);
    },
    draining: () => draining,
    invalidateCaches: () => caches?.invalidate(),
    capturedSms: messages.capturedSms,
    testMailbox: messages.localSmtp?.mailbox,
    lineSimulator: messages.lineSimulator,
  });
  await registerFiles(app, config, media, objectStore, (id) => services.shops.info(id));
  await app.register(
    siteFileRoutes(
      services.sitemaps,
      (id) => services.shops.tracking(id),
      config.PUBLIC_URL,
      providers.tapPayMethods.appleDomainAssociation,
    ),
  );
  await app.register(productFeedRoutes(services.productFeeds, config.PUBLIC_URL));
  const adminDir = options.web ? options.web.adminDir : undefined;
  if (adminDir) await app.register(adminApp(adminDir));
  const pageCache = options.web
    ? await registerPages(app, options.web, { config, providers, services, apiCache, testMode: world.simulated })
    : undefined;

  // One switch for the caches (and the quote's reference reads): any write the storefront shows calls this.
  const dropLocal = () => {
    services.catalogue.forgetListings();
    services.sitemaps.forget();
    services.quotes.forgetReference();
    services.promotions.forgetDeals();
    services.messageTemplates.forget();
    services.orderInvoices.forgetSettings();
    apiCache.invalidate();
    pageCache?.invalidate();
  };
  shared?.onInvalidate(dropLocal);
  caches = {
    answer: (url) => apiCache.answer(url),
    invalidate() {
      dropLocal();
      shared?.broadcastInvalidate();
    },
    get size() {
      return apiCache.size;
    },
  };
  return {
    app,
    services,
    capturedSms: messages.capturedSms,
    localSmtp: messages.localSmtp,
    lineSimulator: messages.lineSimulator,
    publicCache: caches,
    identitySimulator: providers.signIn.simulator,
    drain: () => {
      draining = true;
    },
  };
}

function createFastify(config: Config, logger: boolean | undefined) {
  const app = Fastify({
    logger: logger === false ? false : { level: config.LOG_LEVEL, redact: ["req.headers.authorization", "req.headers.cookie"] },
    bodyLimit: config.BODY_LIMIT_BYTES,
    // A hop count trusts that many proxies nearest the server (decision 77); addresses are Fastify's own form.
    trustProxy: typeof config.TRUST_PROXY === "number" ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    // Accept an upstream id only when it is harmless in a log line.
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    // A request that arrives on an open connection after a close began is still answered (with
    // Connection: close), not refused with 503: the close waits for it like any other in flight.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(config.NODE_ENV !== "production"));

  return app;
}

/**
 * What lies outside the process: the providers (chosen in one place, integrations/providers.ts),
 * their status log, Redis when configured (shared limits and cache invalidation), the rate limiter
 * and the error reporter (Sentry when SENTRY_DSN is set, decision 75).
 */
async function connectOutsideWorld(app: FastifyInstance, options: BuildOptions) {
  const { config, database } = options;
  // Each outside provider's calls, for the 系統狀態 page and /metrics (decision 74).
  const providerStatus = createProviderStatus(
    database.db,
    (err) => app.log.warn({ err }, "provider status not written"),
    options.now,
  );
  const { providers, messages, simulated } = await chooseProviders(config, app.log, providerStatus.calls, options);
  app.addHook("onClose", () => messages.close());
  // Several instances share rate limits and cache invalidation through Redis when it is configured.
  const shared = config.REDIS_URL ? await connectRedis(config.REDIS_URL, app.log) : undefined;
  if (shared) app.addHook("onClose", () => shared.close());
  const sqlLimiter = createSqlRateLimiter(database.db, options.now);
  const limiter = shared ? createRedisRateLimiter(shared.client, sqlLimiter) : sqlLimiter;
  const reporter = await createErrorReporter(config.SENTRY_DSN, {
    environment: config.NODE_ENV,
    release: process.env.npm_package_version ?? "shop",
    onError: (err) => app.log.warn({ err }, "error report not sent"),
  });
  app.addHook("onClose", () => reporter.close());
  return { providerStatus, providers, messages, simulated, shared, limiter, reporter };
}

type Shared = Awaited<ReturnType<typeof connectRedis>> | undefined;

/** Request ids, security headers, rate limits and the OpenAPI document: what every answer shares. */
async function registerHttpBasics(app: FastifyInstance, config: Config, shared: Shared) {
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  // Security headers everywhere; the Content-Security-Policy (with a per-response nonce for
  // React Router's inline scripts) only on pages, where it matters (web-serving.ts).
  securityHeaders(app, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    hsts: config.NODE_ENV === "production",
  });

  await app.register(rateLimit, {
    global: false,
    // Per client: an IPv6 address counts by its /64 (lib/client-key.ts).
    keyGenerator: (req) => clientKey(req.ip),
    ...(shared
      ? {
          redis: shared.client,
          nameSpace: "shop:rl:",
          // Redis down: let requests through (sign-in stays possible) rather than refuse everyone.
          skipOnError: true,
        }
      : { store: SnapshotRateStore }),
    errorResponseBuilder: (_req, ctx) => tooManyRequests("RATE_LIMITED", "操作過於頻繁，請稍後再試", Math.ceil(ctx.ttl / 1000)),
  });

  // The OpenAPI document is generated from the routes' zod schemas (GET /api/openapi.json).
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Shop API", version: "1.0.0", description: "Storefront, member, seller and back-office API." },
      components: {
        securitySchemes: {
          memberToken: { type: "apiKey", in: "header", name: "authorization" },
          staffToken: { type: "http", scheme: "bearer" },
        },
      },
    },
    // Pages and static files are not API: only /api/* goes into the document.
    transform: (input) => {
      if (!input.url.startsWith("/api/")) return { schema: { hide: true }, url: input.url };
      const out = jsonSchemaTransform(input);
      const staffOnly = input.url.startsWith("/api/admin/") && input.url !== "/api/admin/auth/login";
      return staffOnly ? { ...out, schema: { ...out.schema, security: [{ staffToken: [] }] } } : out;
    },
  });
}

/** The API under /api, behind the public cache; returns the cache. */
async function registerApi(app: FastifyInstance, deps: ApiRouteContext): Promise<ResponseCache & PublicCacheReader> {
  const { config } = deps;
  let publicCache: (ResponseCache & PublicCacheReader) | undefined;
  await app.register(
    async (api) => {
      publicCache = registerPublicCache(api);
      // After the cache's hooks, so the cache keeps plain JSON and each response is encoded.
      await api.register(compress, { threshold: 1024 });
      await registerApiRoutes(api, deps);
      // Public outside production only: in production it would list every back-office operation to anyone.
      if (config.NODE_ENV !== "production") api.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
      // Unknown API paths answer in the envelope, not with the storefront's 404 page.
      api.all("/*", { schema: { hide: true } }, async () => {
        throw notFound("API_NOT_FOUND", "找不到此 API");
      });
    },
    { prefix: "/api" },
  );

  if (!publicCache) throw new Error("public cache not registered");
  return publicCache;
}

/** The storefront's pages (React Router), with their CSP, page cache and visit counting; returns the page cache. */
async function registerPages(
  app: FastifyInstance,
  web: Exclude<BuildOptions["web"], false | undefined>,
  d: { config: Config; providers: Providers; services: Services; apiCache: PublicCacheReader; testMode: boolean },
) {
  const { config, providers, services, apiCache } = d;
  let pageCache: { invalidate(): void } | undefined;
  const { buildDir, dev } = web;
  await app.register(async (scope) => {
    // npm run dev: no page cache (it would keep the page an edit changed) and no CSP (Vite's
    // HMR client talks to its own port).
    if (!dev) {
      const csp = await webSecurity(scope, providers, (id) => services.shops.tracking(id));
      const pages = registerPageCache(scope);
      pageCache = {
        invalidate() {
          pages.invalidate();
          csp.invalidate();
        },
      };
    }
    registerVisitCounting(scope, services.traffic);
    if (!dev) await scope.register(compress, { threshold: 1024 });
    await reactRouterPages(scope, {
      dev,
      buildDir,
      loadContext: (request): SsrContext => ({
        isMobile: isMobileUserAgent(request.headers["user-agent"]),
        nonce: (request.raw as IncomingMessage).cspNonce ?? "",
        testMode: d.testMode,
        walletSimulator: providers.channels.card === "simulator",
        origin: config.PUBLIC_URL,
        api: ssrApi(app, apiCache, request),
      }),
    });
  });
  return pageCache;
}
