import { idSchema, pageQuerySchema, shopQuerySchema } from "@shop/contract";
import { answers, paged, promotion, promotionDetail } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/http.js";
import type { PromotionsService } from "./service.js";

export function promotionRoutes(services: { promotions: PromotionsService }): FastifyPluginAsyncZod {
  const { promotions } = services;
  return async (app) => {
    app.get(
      "/discount/search",
      {
        config: { publicCache: true },
        schema: { querystring: shopQuerySchema.extend(pageQuerySchema.shape), response: answers(paged(promotion)) },
      },
      async (req) => ok(await promotions.list(req.query.shop_id, req.query.page, req.query.per_page)),
    );
    app.get(
      "/discount/get",
      {
        config: { publicCache: true },
        schema: { querystring: shopQuerySchema.extend({ id: idSchema }), response: answers(promotionDetail) },
      },
      async (req) => ok(await promotions.get(req.query.id, req.query.shop_id)),
    );
  };
}
