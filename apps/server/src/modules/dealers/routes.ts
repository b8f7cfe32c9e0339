import { idSchema, pageQuerySchema, z } from "@shop/contract";
import { answers, dealerDetail, dealerOutletPage, dealerSearchPage } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/http.js";
import type { DealersService } from "./service.js";

/** GET /api/dealer/* — the public dealer directory (cached like the rest of the storefront). */
export function dealerRoutes(services: { dealers: DealersService }): FastifyPluginAsyncZod {
  const { dealers } = services;
  const cached = { publicCache: true };
  const searchQuery = z.object({
    county: z.string().trim().max(10, { error: "縣市名稱過長" }).optional(),
    keyword: z.string().max(50, { error: "關鍵字最多 50 個字" }).optional(),
    ...pageQuerySchema.shape,
  });
  return async (app) => {
    app.get(
      "/dealer/search",
      { config: cached, schema: { querystring: searchQuery, response: answers(dealerSearchPage) } },
      async (req) => {
        const q = req.query;
        return ok(await dealers.search({ county: q.county || undefined, keyword: q.keyword, page: q.page, perPage: q.per_page }));
      },
    );
    app.get(
      "/dealer/subSearch",
      {
        config: cached,
        schema: {
          querystring: z.object({ dealer_id: idSchema, ...pageQuerySchema.shape }),
          response: answers(dealerOutletPage),
        },
      },
      async (req) => ok(await dealers.outlets(req.query.dealer_id, req.query.page, req.query.per_page)),
    );
    app.get(
      "/dealer/get",
      { config: cached, schema: { querystring: z.object({ id: idSchema }), response: answers(dealerDetail) } },
      async (req) => ok(await dealers.get(req.query.id)),
    );
  };
}
