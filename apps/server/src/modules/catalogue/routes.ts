import { idSchema, listingFilterQuery, pageQuerySchema, productSorts, shopQuerySchema, z } from "@shop/contract";
import {
  answers,
  categoryNode,
  categoryPage,
  pointPercent,
  productView,
  searchPage,
  suggestion,
  teamPointPercent,
} from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/http.js";
import type { LoyaltyService } from "../loyalty/service.js";
import type { CatalogueService } from "./service.js";

const sortSchema = z.enum(productSorts, { error: "排序方式錯誤" }).default("newest");
const keywordSchema = z.string({ error: "請輸入關鍵字" }).max(100, { error: "關鍵字最多 100 個字" });

export function catalogueRoutes(services: { catalogue: CatalogueService; loyalty: LoyaltyService }): FastifyPluginAsyncZod {
  const { catalogue, loyalty } = services;
  const cached = { publicCache: true };

  return async (app) => {
    app.get(
      "/category/search",
      { config: cached, schema: { querystring: shopQuerySchema, response: answers(z.array(categoryNode)) } },
      async () => ok(await catalogue.categoryTree()),
    );

    app.get(
      "/category/find",
      {
        config: cached,
        schema: {
          querystring: shopQuerySchema.extend({
            id: idSchema,
            sort: sortSchema,
            ...pageQuerySchema.shape,
            ...listingFilterQuery.shape,
          }),
          response: answers(categoryPage),
        },
      },
      async (req) => {
        const q = req.query;
        return ok(await catalogue.categoryPage(q.id, q.shop_id, q.page, q.per_page, q.sort, q));
      },
    );

    app.get(
      "/product/get",
      { config: cached, schema: { querystring: shopQuerySchema.extend({ id: idSchema }), response: answers(productView) } },
      async (req) => ok(await catalogue.product(req.query.id, req.query.shop_id)),
    );

    app.get(
      "/product/search/fast",
      {
        config: cached,
        schema: {
          querystring: shopQuerySchema.extend({
            keyword: keywordSchema,
            limit: z.coerce.number().int().min(1).max(10, { error: "最多 10 筆建議" }).default(8),
          }),
          response: answers(z.array(suggestion)),
        },
      },
      async (req) => ok(await catalogue.suggestions(req.query.keyword, req.query.limit, req.query.shop_id)),
    );

    // Ours (not in the specification): the search results page.
    app.get(
      "/product/search",
      {
        config: cached,
        schema: {
          querystring: shopQuerySchema.extend({
            keyword: keywordSchema.default(""),
            sort: sortSchema,
            ...pageQuerySchema.shape,
            ...listingFilterQuery.shape,
          }),
          response: answers(searchPage),
        },
      },
      async (req) => {
        const q = req.query;
        return ok(await catalogue.search(q.keyword, q.shop_id, q.page, q.per_page, q.sort, q));
      },
    );

    app.get(
      "/point/productPercent",
      { config: cached, schema: { querystring: z.object({ product_id: idSchema }), response: answers(pointPercent) } },
      async (req) => ok(await catalogue.pointPercent(req.query.product_id)),
    );
    app.get("/point/teamPointPercent", { config: cached, schema: { response: answers(teamPointPercent) } }, async () =>
      ok(await loyalty.teamPointPercent()),
    );
  };
}
