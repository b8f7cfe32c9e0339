import { Readable } from "node:stream";
import { MAIN_SHOP_ID, shopIdSchema, z } from "@shop/contract";
import { binary } from "@shop/contract/responses";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/errors.js";
import type { ProductFeeds } from "./product-feeds.js";

const CACHE = "public, max-age=3600";
const shopQuery = z.object({ shop: shopIdSchema.default(MAIN_SHOP_ID) });

/** `/feeds/google.xml` and `/feeds/meta.csv` (`?shop=N` for a sub-mall), streamed (decision 99). */
export function productFeedRoutes(feeds: ProductFeeds, publicUrl: string | undefined): FastifyPluginAsyncZod {
  // As the sitemaps: the configured public origin, else the request's own host (development).
  const originOf = (req: FastifyRequest) => publicUrl ?? `${req.protocol}://${req.host}`;
  return async (app) => {
    app.get(
      "/feeds/google.xml",
      {
        schema: {
          querystring: shopQuery,
          response: binary("application/xml", "Google Merchant Center product feed (RSS 2.0, g: namespace)"),
        },
      },
      async (req, reply) => {
        const body = await feeds.google(originOf(req), req.query.shop);
        if (!body) throw notFound("SHOP_NOT_FOUND", "找不到此商城");
        return reply.type("application/xml; charset=utf-8").header("cache-control", CACHE).send(Readable.from(body));
      },
    );
    app.get(
      "/feeds/meta.csv",
      { schema: { querystring: shopQuery, response: binary("text/csv", "Meta catalogue product feed (CSV, UTF-8)") } },
      async (req, reply) => {
        const body = await feeds.meta(originOf(req), req.query.shop);
        if (!body) throw notFound("SHOP_NOT_FOUND", "找不到此商城");
        return reply.type("text/csv; charset=utf-8").header("cache-control", CACHE).send(Readable.from(body));
      },
    );
  };
}
