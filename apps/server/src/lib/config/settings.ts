import { isIP } from "node:net";
import { z } from "zod";
import { documented as d } from "./setting-docs.js";
import { messagingSettings } from "./settings-messaging.js";
import { providerSettings } from "./settings-providers.js";

const bool = z.enum(["1", "0", "true", "false", ""]).transform((v) => v === "1" || v === "true");
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);
const isAddressOrRange = (part: string) => {
  if (NAMED_RANGES.has(part)) return true;
  const [address, prefix, extra] = part.split("/");
  if (extra !== undefined || !address || isIP(address) === 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (isIP(address) === 4 ? 32 : 128));
};
/** `false`, a hop count, or a list of trusted proxy addresses, as Fastify's trustProxy takes them. */
const trustProxy = z
  .string()
  .default("0")
  .transform((v) => v.trim())
  .refine((v) => v !== "true", {
    error: "TRUST_PROXY=true would trust every hop, the client's own: set the number of proxies in front (1) or their addresses",
  })
  .refine((v) => v === "" || v === "false" || /^\d{1,2}$/.test(v) || v.split(",").every((p) => isAddressOrRange(p.trim())), {
    error: "TRUST_PROXY must be 0, a number of hops, or comma-separated IPs, CIDRs, loopback, linklocal or uniquelocal",
  })
  .transform((v): false | number | string =>
    v === "" || v === "false" || v === "0"
      ? false
      : /^\d+$/.test(v)
        ? Number(v)
        : v
            .split(",")
            .map((p) => p.trim())
            .join(","),
  );
const optional = <T extends z.ZodType>(schema: T) => schema.optional().or(z.literal("").transform(() => undefined));

/**
 * Every setting the server reads, with its default and its documentation: docs/configuration.md
 * and deploy/shop.env.example are generated from here (`npm run config:docs`; decision 74).
 */
export const settingsShape = {
  NODE_ENV: d(z.enum(["development", "production", "test"]).default("development"), {
    group: "Server",
    description: '`production` refuses simulators, demo data and the embedded database (see "What production refuses").',
    defaultText: "`development` under `npm start`, `production` under `npm run serve` and in the image",
  }),
  HOST: d(z.string().default("0.0.0.0"), { group: "Server", description: "The interface to listen on." }),
  PORT: d(z.coerce.number().int().min(0).max(65535).default(3000), { group: "Server", description: "The HTTP port." }),
  PUBLIC_URL: d(optional(z.url()), {
    group: "Server",
    description:
      "The shop's public https origin, used in provider callbacks (TapPay result URLs, ECPay's map reply, sign-in) and canonical links.",
    production: "required",
    example: "https://shop.example.com",
    defaultText: "— (outside production taken from the request)",
  }),
  LOG_LEVEL: d(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"), {
    group: "Server",
    description: "The log level (pino).",
  }),
  TRUST_PROXY: d(trustProxy, {
    group: "Server",
    description:
      "Which proxies in front may say who the client is (X-Forwarded-For): `0` none; a number, how many hops (nginx alone: `1`; a load balancer in front of nginx: `2`); or their addresses, comma-separated IPs or CIDRs, or `loopback`, `linklocal`, `uniquelocal` (private networks). Rate limits and the audit log use the address the trusted hops report, never what the client wrote (decision 77). `true` is refused: it would trust every hop, the client's own included. A hop count trusts whoever connects on the port: use it only when the instances are reachable through the proxies alone (docs/deploy.md).",
    example: "loopback,uniquelocal",
    defaultText: "`0`",
  }),
  BODY_LIMIT_BYTES: d(z.coerce.number().int().min(1024).default(1_048_576), {
    group: "Server",
    description: "The largest request body, in bytes.",
  }),
  SHUTDOWN_DRAIN_SECONDS: d(z.coerce.number().int().min(0).max(120).default(0), {
    group: "Server",
    description:
      "On SIGTERM, how long `/api/ready` answers 503 before the server stops taking requests (set it above the load balancer's health-check interval; the image sets 10).",
  }),
  SERVE_WEB: d(bool.default(true), { group: "Server", description: "`0` serves the API only (process-level tests)." }),
  WEB_DEV: d(bool.default(false), {
    group: "Server",
    description:
      "`1` (`npm run dev`) renders the storefront from its source through Vite, with hot reload, instead of the build; no page cache and no CSP. Needs the development install (Vite).",
    production: "refused",
  }),
  WEB_BUILD_DIR: d(z.string().optional(), {
    group: "Server",
    description: "Where the built storefront is.",
    defaultText: "`apps/web/build`",
  }),

  DATA_DIR: d(z.string().default("./data"), {
    group: "Database and instances",
    description: "The PGlite database (`data/db`) and uploads (`data/uploads`); relative to where npm runs.",
  }),
  DATABASE_URL: d(optional(z.string().regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")), {
    group: "Database and instances",
    description: "`postgres://…`: a PostgreSQL server instead of the embedded PGlite.",
    production: "required",
    example: "postgres://shop:CHANGE_ME@db:5432/shop",
    secret: true,
  }),
  DATABASE_POOL_SIZE: d(z.coerce.number().int().min(1).max(200).default(10), {
    group: "Database and instances",
    description: "PostgreSQL connections per instance (instances × pool must stay under the server's max_connections).",
  }),
  REDIS_URL: d(optional(z.string().regex(/^rediss?:\/\//, "REDIS_URL must be a redis:// URL")), {
    group: "Database and instances",
    description: "`redis://…` shared by all instances: rate limits and cache invalidation (needed with more than one instance).",
    example: "redis://redis:6379/0",
  }),
  SEED_DEMO: d(bool.default(true), {
    group: "Database and instances",
    description: "Load the demo shop (with its published passwords) into an empty database at start.",
    production: "refused",
    defaultText: "`1` (`0` in production)",
  }),

  ...providerSettings,
  ...messagingSettings,

  S3_BUCKET: d(z.string().default(""), {
    group: "Uploads",
    description:
      "S3-compatible bucket for uploads (several instances); each instance keeps a read-through copy in `DATA_DIR/uploads`. Empty: uploads stay in `DATA_DIR`.",
  }),
  S3_REGION: d(z.string().default("ap-northeast-1"), { group: "Uploads", description: "The bucket's region." }),
  S3_ENDPOINT: d(optional(z.url()), { group: "Uploads", description: "An S3-compatible endpoint (not AWS)." }),
  S3_FORCE_PATH_STYLE: d(bool.default(false), {
    group: "Uploads",
    description: "Path-style bucket addresses (most S3-compatible stores).",
  }),
  S3_ACCESS_KEY_ID: d(z.string().default(""), { group: "Uploads", description: "The bucket's access key id." }),
  S3_SECRET_ACCESS_KEY: d(z.string().default(""), { group: "Uploads", description: "The bucket's secret key.", secret: true }),

  TOKEN_TTL_DAYS: d(z.coerce.number().int().min(1).max(365).default(30), {
    group: "Limits",
    description: "How long a member's sign-in token lives, in days.",
  }),
  AUTH_RATE_LIMIT_PER_MINUTE: d(z.coerce.number().int().min(1).default(20), {
    group: "Limits",
    description: "Sign-in, registration and SMS calls per address per minute.",
  }),
  CHECKOUT_MAX_IN_FLIGHT: d(z.coerce.number().int().min(1).max(1000).default(8), {
    group: "Limits",
    description:
      "Orders one instance places at once (限時搶購 admission, decision 100); the rest wait in line, first come first served.",
  }),
  CHECKOUT_QUEUE_MAX: d(z.coerce.number().int().min(0).max(100_000).default(200), {
    group: "Limits",
    description:
      "Buyers one instance lets wait in the checkout line; whoever finds it full is answered 429 「目前排隊中，請稍候再試」 at once.",
  }),
  CHECKOUT_QUEUE_WAIT_MS: d(z.coerce.number().int().min(0).max(60_000).default(1000), {
    group: "Limits",
    description:
      "How long a buyer waits in the checkout line before a 429 「目前排隊中，請稍候再試」 with Retry-After (kept well under the 2 s a buyer should be answered in).",
  }),
  SMS_CODES_PER_IP_PER_HOUR: d(z.coerce.number().int().min(1).max(10_000).default(20), {
    group: "Limits",
    description:
      "Verification codes one address may ask for in an hour (the e2e server sets 1000: its whole suite registers from 127.0.0.1).",
  }),

  JOB_POLL_SECONDS: d(z.coerce.number().int().min(0).max(3600).default(5), {
    group: "Background work",
    description:
      "How often an instance looks for due background jobs (the queue is in PostgreSQL); 0: never (tests run them by hand).",
  }),
  ORDER_SWEEP_SECONDS: d(z.coerce.number().int().min(1).default(60), {
    group: "Background work",
    description:
      "How often unpaid orders past their deadline are cancelled. A 限時搶購 order's stock goes back to sale at most this long after its hold ends (decision 100).",
  }),
  RESTOCK_SWEEP_SECONDS: d(z.coerce.number().int().min(1).default(60), {
    group: "Background work",
    description: "How often 到貨通知 go out for variants back in stock.",
  }),
  CART_REMINDER_HOURS: d(z.coerce.number().int().min(0).max(720).default(24), {
    group: "Background work",
    description:
      "Hours a member's cart must stay untouched before one reminder (LINE / e-mail) is sent; each cart content is reminded of once, and members can turn it off on /member/notice. 0 switches reminders off (decision 97).",
  }),
  GUEST_DATA_RETENTION_YEARS: d(z.coerce.number().int().min(1).max(30).default(5), {
    group: "Background work",
    description:
      "How many years a guest order keeps its buyer's personal fields (receiver, phone, e-mail, address, mobile barcode, note): a daily job masks those of finished guest orders placed earlier, and their e-invoices' contact and messages. The order and its amounts stay (decision 78).",
  }),

  METRICS_TOKEN: d(optional(z.string().min(24, "METRICS_TOKEN must be at least 24 characters")), {
    group: "Operations",
    description: "Bearer token for Prometheus' scrape of `/metrics` on the main port; without it `/metrics` answers 404 there.",
    example: "",
    secret: true,
  }),
  METRICS_PORT: d(z.coerce.number().int().min(0).max(65535).default(0), {
    group: "Operations",
    description: "A second, private listener serving `/metrics` without a token (e.g. 9464 on a private network); 0: none.",
    example: "0",
  }),
  METRICS_HOST: d(z.string().default("127.0.0.1"), {
    group: "Operations",
    description: "The interface of the private metrics listener.",
  }),
  SENTRY_DSN: d(optional(z.url()), {
    group: "Operations",
    description: "Sentry DSN: when set, unexpected errors (500s, failed background work) are reported there.",
    example: "",
    secret: true,
  }),

  TEST_MODE: d(bool.default(false), {
    group: "Development and tests",
    description: "Exposes `/api/test/*` (read captured SMS) for the e2e suite.",
    production: "refused",
  }),
};
