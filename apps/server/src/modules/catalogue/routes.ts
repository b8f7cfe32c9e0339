import { shopQuerySchema } from "@shop/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/http.js";
import type { Services } from "../../services.js";

export function catalogueRoutes(services: Services): FastifyPluginAsyncZod {
  const { catalogue } = services;
  return async (app) => {
    app.get("/category/search", { schema: { querystring: shopQuerySchema } }, async () => ok(await catalogue.categoryTree()));
  };
}
