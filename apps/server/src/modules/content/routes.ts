import { idSchema, pageQuerySchema, shopQuerySchema, z } from "@shop/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badRequest } from "../../lib/errors.js";
import { ok } from "../../lib/http.js";
import type { Services } from "../../services.js";

/** GET /api/front/* — the storefront's public content. */
export function frontRoutes(services: Services): FastifyPluginAsyncZod {
  const { content, catalogue } = services;
  const shopQuery = { querystring: shopQuerySchema };

  return async (app) => {
    app.get("/front/top_href/get", { schema: shopQuery }, async (req) => ok(await content.topHrefs(req.query.shop_id)));
    app.get("/front/banner/search", { schema: shopQuery }, async (req) => ok(await content.banners(req.query.shop_id)));
    app.get("/front/category/search", { schema: shopQuery }, async () => ok(await catalogue.homeCategories()));
    app.get("/front/recommen/search", { schema: shopQuery }, async (req) => ok(await catalogue.recommended(req.query.shop_id)));
    app.get("/front/hot/search", { schema: shopQuery }, async (req) => ok(await catalogue.hot(req.query.shop_id)));
    app.get("/front/home/search", { schema: shopQuery }, async (req) => {
      const shopId = req.query.shop_id;
      const [recommended, newest, hot] = await Promise.all([
        catalogue.recommended(shopId),
        catalogue.newest(shopId),
        catalogue.hot(shopId),
      ]);
      return ok(
        [
          { title: "本月推薦", products: recommended },
          { title: "新品上市", products: newest },
          { title: "人氣熱銷", products: hot },
        ].filter((s) => s.products.length > 0),
      );
    });
    app.get("/front/home/desc", { schema: shopQuery }, async (req) => ok(await content.homeDesc(req.query.shop_id)));

    app.get(
      "/front/static/search",
      {
        schema: {
          querystring: shopQuerySchema.extend({
            key: z.string().trim().min(1).max(50).optional(),
            id: idSchema.optional(),
          }),
        },
      },
      async (req) => {
        const { shop_id, key, id } = req.query;
        if (key !== undefined && id !== undefined) throw badRequest("key 與 id 請擇一提供");
        if (key !== undefined || id !== undefined) return ok(await content.staticPage(shop_id, { key, id }));
        return ok(await content.staticList(shop_id));
      },
    );

    app.get("/front/new/searchthree", { schema: shopQuery }, async (req) =>
      ok((await content.newsPage(req.query.shop_id, 1, 3)).list),
    );
    app.get("/front/new/search", { schema: { querystring: shopQuerySchema.extend(pageQuerySchema.shape) } }, async (req) =>
      ok(await content.newsPage(req.query.shop_id, req.query.page, req.query.per_page)),
    );
    app.get("/front/new/get", { schema: { querystring: z.object({ id: idSchema }) } }, async (req) =>
      ok(await content.newsItem(req.query.id)),
    );
  };
}
