import { shopIdSchema, z } from "@shop/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/http.js";
import type { Services } from "../../services.js";

export function logisticsRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/shipmethod/search",
      { schema: { body: z.strictObject({ shop_id: shopIdSchema.default(1) }).nullish() } },
      async (req) => ok(await services.logistics.shipMethods(req.body?.shop_id ?? 1)),
    );
  };
}
