import { Readable } from "node:stream";
import { z } from "@shop/contract";
import { binary, raw } from "@shop/contract/responses";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Sitemaps } from "../flows/sitemaps/sitemaps.js";
import { notFound } from "../lib/errors.js";

const CACHE = "public, max-age=3600";

/** GA4 and Meta Pixel events for the storefront's own names (view_item, add_to_cart…). */
const META_EVENTS = {
  view_item: "ViewContent",
  add_to_cart: "AddToCart",
  begin_checkout: "InitiateCheckout",
  purchase: "Purchase",
};

/**
 * The loader a shop's pages include from 'self' (so the page's CSP needs no inline script): it
 * starts gtag.js and fbevents.js for the shop's ids, then sends what pages queued on `shopQ`
 * (lib/track.ts) and whatever they queue later. The ids are validated at save; JSON keeps them data.
 */
function analyticsLoader(ga4: string, pixel: string) {
  return `(function(){var w=window,d=document,ga=${JSON.stringify(ga4)},px=${JSON.stringify(pixel)},M=${JSON.stringify(META_EVENTS)};
function load(src){var s=d.createElement("script");s.async=true;s.src=src;d.head.appendChild(s)}
if(ga){w.dataLayer=w.dataLayer||[];w.gtag=function(){w.dataLayer.push(arguments)};w.gtag("js",new Date());w.gtag("config",ga);load("https://www.googletagmanager.com/gtag/js?id="+encodeURIComponent(ga))}
if(px&&!w.fbq){var f=w.fbq=function(){f.callMethod?f.callMethod.apply(f,arguments):f.queue.push(arguments)};w._fbq=f;f.push=f;f.loaded=true;f.version="2.0";f.queue=[];load("https://connect.facebook.net/en_US/fbevents.js");f("init",px);f("track","PageView")}
function send(a){var e=a[0],p=a[1]||{};if(ga)w.gtag("event",e,p);if(px&&M[e])w.fbq("track",M[e],{value:p.value,currency:p.currency,content_type:"product",content_ids:(p.items||[]).map(function(i){return String(i.item_id)})},p.transaction_id?{eventID:String(p.transaction_id)}:{})}
var q=w.shopQ||[];w.shopQ={push:send};for(var i=0;i<q.length;i++)send(q[i]);})();
`;
}

/**
 * Files the site serves at its root: `/robots.txt`, `/sitemap.xml` and the files it lists
 * (flows/sitemaps/sitemaps.ts), each shop's analytics loader `/analytics/shop-N.js` (decision 45),
 * and Apple Pay's domain-verification file when set.
 */
export function siteFileRoutes(
  sitemaps: Sitemaps,
  tracking: (shopId: number) => Promise<{ ga4: string; pixel: string }>,
  publicUrl: string | undefined,
  appleDomainAssociation = "",
): FastifyPluginAsyncZod {
  // Behind a proxy without PUBLIC_URL the request's own host is the best guess (development).
  const originOf = (req: FastifyRequest) => publicUrl ?? `${req.protocol}://${req.host}`;
  return async (app) => {
    // Apple Pay on the web checks the shop's domain with Apple's file (decision 88).
    if (appleDomainAssociation)
      app.get(
        "/.well-known/apple-developer-merchantid-domain-association",
        { schema: { response: raw("text/plain", "Apple Pay 網域驗證檔") } },
        async (_req, reply) =>
          reply.type("text/plain; charset=utf-8").header("cache-control", CACHE).send(appleDomainAssociation),
      );
    app.get(
      "/analytics/:file",
      {
        schema: {
          params: z.object({ file: z.string().max(40) }),
          response: raw("text/javascript", "the shop's GA4 / Meta Pixel loader"),
        },
      },
      async (req, reply) => {
        const n = /^shop-(\d{1,9})\.js$/.exec(req.params.file)?.[1];
        if (!n) throw notFound("SCRIPT_NOT_FOUND", "找不到此檔案");
        const ids = await tracking(Number(n));
        return reply
          .type("text/javascript; charset=utf-8")
          .header("cache-control", "public, max-age=300")
          .send(analyticsLoader(ids.ga4, ids.pixel));
      },
    );
    app.get("/robots.txt", { schema: { response: raw("text/plain", "robots.txt") } }, async (req, reply) =>
      reply
        .type("text/plain; charset=utf-8")
        .header("cache-control", CACHE)
        .send(sitemaps.robots(originOf(req))),
    );
    app.get("/sitemap.xml", { schema: { response: raw("application/xml", "the sitemap index") } }, async (req, reply) =>
      reply
        .type("application/xml; charset=utf-8")
        .header("cache-control", CACHE)
        .send(await sitemaps.index(originOf(req))),
    );
    app.get(
      "/sitemaps/:file",
      {
        schema: {
          params: z.object({ file: z.string().max(40) }),
          // Product files stream out: documented as XML, sent as they are.
          response: binary("application/xml", "one shop's pages, or a file of product pages"),
        },
      },
      async (req, reply) => {
        // `shop-2.xml` lists the zh-TW pages, `shop-2-en.xml` the English ones (decision 109).
        const [, kind, n, en] = /^(shop|products)-(\d{1,9})(-en)?\.xml$/.exec(req.params.file) ?? [];
        const origin = originOf(req);
        const lang = en ? "en" : "zh-TW";
        const body = !kind
          ? null
          : kind === "shop"
            ? await sitemaps.shopPages(origin, Number(n), lang)
            : await sitemaps.products(origin, Number(n), lang);
        if (body === null) throw notFound("SITEMAP_NOT_FOUND", "找不到此網站地圖");
        return reply
          .type("application/xml; charset=utf-8")
          .header("cache-control", CACHE)
          .send(typeof body === "string" ? body : Readable.from(body));
      },
    );
  };
}
