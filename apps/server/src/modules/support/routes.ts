import { inquiryInput } from "@shop/contract";
import { answers, inquiryReceipt } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/http.js";
import type { SupportService } from "./service.js";

export function supportRoutes(services: { support: SupportService }, rateLimitPerMinute: number): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/contactu/email",
      {
        schema: { body: inquiryInput, response: answers(inquiryReceipt) },
        config: { rateLimit: { max: rateLimitPerMinute, timeWindow: "1 minute" } },
      },
      async (req) => ok(await services.support.submit(req.body, req.ip), "已收到您的訊息，我們會盡快與您聯繫"),
    );
  };
}
