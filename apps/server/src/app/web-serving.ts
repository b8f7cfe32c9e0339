import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isbot } from "isbot";
import type { Providers } from "../integrations/providers.js";
import { type Traffic, trafficSource } from "../modules/traffic/service.js";
import { securityHeaders } from "../plugins/security-headers.js";

declare module "http" {
  interface IncomingMessage {
    cspNonce?: string;
    /** The page's shop loads its own analytics: its CSP allows Google's and Meta's hosts. */
    analytics?: boolean;
  }
}

/**
 * The back office's built files at /admin/: hashed assets cached for good, every other path gets
 * index.html (the app routes in the browser). Its CSP allows only our own scripts; MUI's
 * emotion styles are inline.
 */
export function adminApp(adminDir: string) {
  return async (scope: FastifyInstance) => {
    securityHeaders(scope, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:"],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", "data:"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      hsts: false,
    });
    await scope.register(compress, { threshold: 1024 });
    await scope.register(fastifyStatic, {
      root: path.join(adminDir, "assets"),
      prefix: "/admin/assets/",
      decorateReply: false,
      immutable: true,
      maxAge: "365d",
      index: false,
    });
    const indexFile = path.join(adminDir, "index.html");
    const page = async (_req: unknown, reply: FastifyReply) => {
      const html = await fs.promises.readFile(indexFile, "utf8").catch(() => null);
      reply.header("cache-control", "no-cache").header("x-robots-tag", "noindex");
      if (html === null) return reply.code(503).type("text/plain; charset=utf-8").send("後台尚未建置，請先執行 npm run build");
      return reply.type("text/html; charset=utf-8").send(html);
    };
    scope.get("/admin", page);
    scope.get("/admin/*", page);
  };
}

/** How long a shop's "has analytics ids" answer is reused for its pages' CSP. */
const ANALYTICS_MEMO_MS = 30_000;

/**
 * CSP for server-rendered pages: scripts only from us or with this response's nonce; Google's and
 * Meta's hosts only on the pages of a shop that set a GA4 or Meta Pixel id (decision 45).
 */
export async function webSecurity(
  scope: FastifyInstance,
  providers: Providers,
  tracking: (shopId: number) => Promise<{ ga4: string; pixel: string }>,
) {
  // Real providers: TapPay's card fields (script + iframes) and the form post to ECPay's map.
  const tapPay = providers.card.simulated ? [] : ["https://js.tappaysdk.com"];
  const ecpayMap = providers.ecpay.simulated ? [] : [new URL(providers.ecpay.mapUrl).origin];
  const google = providers.signIn.byProvider.google?.simulated === false ? ["https://accounts.google.com"] : [];
  // The LIFF SDK talks to LINE's API from the page (init, token checks) when LINE is real.
  const liff =
    providers.signIn.byProvider.line?.simulated === false
      ? ["https://api.line.me", "https://access.line.me", "https://liff.line.me"]
      : [];
  // A shop's GA4 / Meta Pixel: their scripts, beacons and pixels.
  const analytics = {
    script: ["https://www.googletagmanager.com", "https://connect.facebook.net"],
    connect: [
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
      "https://www.googletagmanager.com",
      "https://www.facebook.com",
    ],
    img: ["https://*.google-analytics.com", "https://www.googletagmanager.com", "https://www.facebook.com"],
  };
  const memo = new Map<number, { at: number; on: boolean }>();
  async function analyticsOn(url: string) {
    const shopId = Number(/^\/shop_(\d{1,9})(?:[/?]|$)/.exec(url)?.[1] ?? 1);
    const seen = memo.get(shopId);
    if (seen && Date.now() - seen.at < ANALYTICS_MEMO_MS) return seen.on;
    const ids = await tracking(shopId).catch(() => ({ ga4: "", pixel: "" }));
    const on = Boolean(ids.ga4 || ids.pixel);
    if (memo.size > 1000) memo.clear();
    memo.set(shopId, { at: Date.now(), on });
    return on;
  }
  const when =
    (hosts: string[]) =>
    (req: unknown): string =>
      (req as IncomingMessage).analytics ? hosts.join(" ") : "'self'";
  scope.addHook("onRequest", async (request) => {
    request.raw.cspNonce = randomBytes(16).toString("base64");
    request.raw.analytics = await analyticsOn(request.url);
  });
  securityHeaders(scope, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          ...tapPay,
          ...google,
          when(analytics.script),
          (req) => `'nonce-${(req as IncomingMessage).cspNonce}'`,
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", when(analytics.img)],
        connectSrc: ["'self'", ...tapPay, ...google, ...liff, when(analytics.connect)],
        fontSrc: ["'self'", "data:"],
        frameSrc: ["'self'", "https://www.youtube-nocookie.com", "https://www.youtube.com", ...tapPay, ...google],
        mediaSrc: ["'self'"],
        formAction: ["'self'", ...ecpayMap],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // TLS ends at the load balancer; upgrading would break plain-HTTP local and LAN use.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  /** Dropped with the page cache on every catalogue, content or shop write: a shop's new ids apply at once. */
  return { invalidate: () => memo.clear() };
}

export function safeDecode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

const PRODUCT_PAGE = /^\/product\/details(?:Child)?(?:\.data)?$/;
const SHOP_PREFIX = /^\/shop_(\d{1,9})(\/.*)?$/;

/**
 * A landing on the storefront from outside it: a typed address, a bookmark, or a link on another
 * site or app, opening the page itself (not another site's <img> or fetch of it). Moves inside
 * the shop (and their full-page loads) are same-origin and not counted.
 */
function isEntry(request: FastifyRequest): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site) return (site === "none" || site === "cross-site") && request.headers["sec-fetch-mode"] === "navigate";
  const referer = request.headers.referer;
  if (!referer) return true;
  try {
    return new URL(referer).host !== request.headers.host;
  } catch {
    return true;
  }
}

/** isbot's verdicts by user agent: a phone sends the same one on every page (~8 µs a check saved). */
function crawlerCheck() {
  const seen = new Map<string, boolean>();
  return (userAgent: string) => {
    let bot = seen.get(userAgent);
    if (bot === undefined) {
      if (seen.size >= 2_000) seen.clear();
      bot = isbot(userAgent);
      seen.set(userAgent, bot);
    }
    return bot;
  };
}

/**
 * Counts a shop's visits and product views from the pages served (decision 47), cached pages
 * included, without a cookie (so pages stay cacheable) or a database write per view: visits are
 * landings on a document, views are product pages loaded as a document or by client navigation
 * (`.data`); crawlers, files and error answers are left out. Requests that count nothing leave
 * after a string test or two.
 */
export function registerVisitCounting(scope: FastifyInstance, traffic: Traffic) {
  const isCrawler = crawlerCheck();
  scope.addHook("onResponse", async (request, reply) => {
    if (request.method !== "GET" || reply.statusCode !== 200) return;
    const [pathname = "/", search = ""] = request.url.split("?", 2);
    const prefixed = SHOP_PREFIX.exec(pathname);
    const path = prefixed ? (prefixed[2] ?? "/") : pathname;
    const product = PRODUCT_PAGE.test(path);
    const data = path.endsWith(".data");
    // Files, and client navigations to anything but a product, count nothing.
    if (data ? !product : /\.[a-z0-9]{1,5}$/i.test(path)) return;
    const dest = request.headers["sec-fetch-dest"];
    const entry = !data && (dest === undefined || dest === "document") && isEntry(request);
    // A product view is the page opened, or the shop's own client navigation to it.
    const site = request.headers["sec-fetch-site"];
    const viewed = product && (data ? site === undefined || site === "same-origin" : dest === undefined || dest === "document");
    if (!viewed && !entry) return;
    const userAgent = request.headers["user-agent"];
    if (!userAgent || isCrawler(userAgent)) return;
    const shopId = prefixed ? Number(prefixed[1]) : 1;
    const query = new URLSearchParams(search);
    // Plain digits only: "1e9" or " 7" would name products that the page did not show.
    const id = query.get("id") ?? "";
    if (viewed && /^[1-9]\d{0,8}$/.test(id)) traffic.productView(shopId, Number(id));
    if (entry) traffic.visit(shopId, trafficSource(query.get("utm_source"), request.headers.referer, userAgent));
  });
  scope.addHook("onClose", () => traffic.close());
}
