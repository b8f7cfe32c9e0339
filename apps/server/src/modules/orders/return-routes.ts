import { RETURN_KINDS, returnRequestInput } from "@shop/contract";
import { answers, returnRequestView } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/http.js";
import type { SessionGuards } from "../../plugins/session.js";
import { sessionOf } from "../../plugins/session.js";
import type { Returns } from "./returns.js";

/** A member's return (退貨) or exchange (換貨) request on a delivered order; staff handle it in the back office. */
export function returnRoutes(services: { returns: Returns }, guards: SessionGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/order/return",
      { preHandler: guards.requireMember, schema: { body: returnRequestInput, response: answers(returnRequestView) } },
      async (req) =>
        ok(
          await services.returns.request(sessionOf(req).member.id, req.body),
          `已送出${RETURN_KINDS[req.body.kind]}申請，客服將盡快與您聯繫`,
        ),
    );
  };
}
