import { Readable } from "node:stream";
import { z } from "@shop/contract";
import { binary, raw } from "@shop/contract/responses";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "./lib/errors.js";
import type { Sitemaps } from "./sitemaps.js";

const CACHE = "public, max-age=3600";

/** `/robots.txt`, `/sitemap.xml` and the files it lists (src/sitemaps.ts). */
export function sitemapRoutes(sitemaps: Sitemaps, publicUrl: string | undefined): FastifyPluginAsyncZod {
  // Behind a proxy without PUBLIC_URL the request's own host is the best guess (development).
  const originOf = (req: FastifyRequest) => publicUrl ?? `${req.protocol}://${req.host}`;
  return async (app) => {
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
        const [, kind, n] = /^(shop|products)-(\d{1,9})\.xml$/.exec(req.params.file) ?? [];
        const origin = originOf(req);
        const body = !kind
          ? null
          : kind === "shop"
            ? await sitemaps.shopPages(origin, Number(n))
            : await sitemaps.products(origin, Number(n));
        if (body === null) throw notFound("SITEMAP_NOT_FOUND", "找不到此網站地圖");
        return reply
          .type("application/xml; charset=utf-8")
          .header("cache-control", CACHE)
          .send(typeof body === "string" ? body : Readable.from(body));
      },
    );
  };
}
