import { idSchema, pageQuerySchema, shopQuerySchema, z } from "@shop/contract";
import {
  answers,
  banner,
  dealerCard,
  homeCategory,
  homeDesc,
  homeSection,
  homeVideo,
  newsItem,
  newsSummary,
  paged,
  productCard,
  promoImage,
  quickOrderEntry,
  staticPage,
  staticPageSummary,
  topHref,
} from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badRequest } from "../../lib/errors.js";
import { ok } from "../../lib/http.js";
import type { CatalogueService } from "../catalogue/service.js";
import type { DealersService } from "../dealers/service.js";
import type { ContentService } from "./service.js";

/** GET /api/front/* — the storefront's public content (cached: see plugins/public-cache.ts). */
export function frontRoutes(services: {
  catalogue: CatalogueService;
  content: ContentService;
  dealers: DealersService;
}): FastifyPluginAsyncZod {
  const { content, catalogue, dealers } = services;
  const shopQuery = { querystring: shopQuerySchema };
  const cached = { publicCache: true };

  return async (app) => {
    // `load` is checked against the schema here; the route itself sees the schema as untyped.
    const get = <T extends z.ZodType>(path: string, data: T, load: (shopId: number) => Promise<z.input<T>>) =>
      app.get(
        path,
        { schema: { ...shopQuery, response: answers(data as z.ZodType) }, config: cached },
        async (req) =>
          // `load` is already checked against the schema; the generic envelope defeats the provider's inference.
          ok(await load(req.query.shop_id)) as never,
      );

    get("/front/top_href/get", z.array(topHref), (s) => content.topHrefs(s));
    get("/front/banner/search", z.array(banner), (s) => content.banners(s));
    get("/front/category/search", z.array(homeCategory), () => catalogue.homeCategories());
    get("/front/fastoder/get", z.array(quickOrderEntry), (s) => content.quickOrders(s));
    get("/front/singleimage/get", promoImage.nullable(), async (s) => (await content.promoImages(s, "single"))[0] ?? null);
    get("/front/twiceimage/search", z.array(promoImage), async (s) => (await content.promoImages(s, "twice")).slice(0, 2));
    get("/front/recommen/search", z.array(productCard), (s) => catalogue.recommended(s));
    get("/front/hot/search", z.array(productCard), (s) => catalogue.hot(s));
    get("/front/video/get", homeVideo.nullable(), (s) => content.video(s));
    get("/front/home/desc", homeDesc, (s) => content.homeDesc(s));
    get("/front/dealer/search", z.array(dealerCard), () => dealers.featured());
    get("/front/new/searchthree", z.array(newsSummary), async (s) => (await content.newsPage(s, 1, 3)).list);
    // Home sections: what is new, then four of each top-level category (recommended and hot
    // products have their own blocks).
    get("/front/home/search", z.array(homeSection), (shopId) => catalogue.homeSections(shopId));

    app.get(
      "/front/static/search",
      {
        config: cached,
        schema: {
          querystring: shopQuerySchema.extend({
            key: z.string().trim().min(1).max(50).optional(),
            id: idSchema.optional(),
          }),
          response: answers(z.union([staticPage, z.array(staticPageSummary)])),
        },
      },
      async (req) => {
        const { shop_id, key, id } = req.query;
        if (key !== undefined && id !== undefined) throw badRequest("KEY_AND_ID_EXCLUSIVE", "key 與 id 請擇一提供");
        if (key !== undefined || id !== undefined) return ok(await content.staticPage(shop_id, { key, id }));
        return ok(await content.staticList(shop_id));
      },
    );

    app.get(
      "/front/new/search",
      {
        config: cached,
        schema: { querystring: shopQuerySchema.extend(pageQuerySchema.shape), response: answers(paged(newsSummary)) },
      },
      async (req) => ok(await content.newsPage(req.query.shop_id, req.query.page, req.query.per_page)),
    );
    app.get(
      "/front/new/get",
      { config: cached, schema: { querystring: z.object({ id: idSchema }), response: answers(newsItem) } },
      async (req) => ok(await content.newsItem(req.query.id)),
    );
  };
}
