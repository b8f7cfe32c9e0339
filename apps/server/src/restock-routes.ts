import { restockNotifyInput, z } from "@shop/contract";
import { answers } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fieldError } from "./lib/errors.js";
import { ok } from "./lib/http.js";
import type { SessionGuards } from "./plugins/session.js";
import type { RestockNotices } from "./restock-notices.js";

/** 到貨通知 sign-up on a product page (decision 53): rate-limited, since it leads to e-mail and SMS. */
export function restockRoutes(deps: { restock: Pick<RestockNotices, "ask"> }, guards: SessionGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/product/restock_notify",
      {
        preHandler: guards.memberIfSignedIn,
        config: { rateLimit: { max: 20, timeWindow: "1 hour" } },
        schema: { body: restockNotifyInput, response: answers(z.null()) },
      },
      async (req) => {
        const { variant_id, shop_id, email, phone } = req.body;
        const memberId = req.session?.member.id;
        if (!memberId && !email && !phone) throw fieldError("email", "請留下電子郵件或手機號碼，到貨時通知您");
        await deps.restock.ask({ variantId: variant_id, shopId: shop_id, memberId, email, phone });
        return ok(null, "已登記到貨通知，商品到貨時會通知您");
      },
    );
  };
}
