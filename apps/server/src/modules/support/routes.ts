import { inquiryInput } from "@shop/contract";
import { answers, inquiryReceipt } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/http.js";
import { pageLangOf } from "../../lib/page-lang.js";
import type { SessionGuards } from "../../plugins/session.js";
import type { SupportService } from "./service.js";

/** 聯絡我們 and 訪客詢問: a signed-in member's inquiry is linked to them (a stale token sends it as a visitor's). */
export function supportRoutes(
  services: { support: SupportService },
  rateLimitPerMinute: number,
  guards: Pick<SessionGuards, "optionalMember">,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/contactu/email",
      {
        schema: { body: inquiryInput, response: answers(inquiryReceipt) },
        config: { rateLimit: { max: rateLimitPerMinute, timeWindow: "1 minute" } },
        preHandler: guards.optionalMember,
      },
      async (req) =>
        ok(
          await services.support.submit(req.body, req.ip, req.session?.member.id ?? null, pageLangOf(req.headers)),
          "已收到您的訊息，我們會盡快與您聯繫",
        ),
    );
  };
}
