import { RETURN_KINDS, returnRequestInput } from "@shop/contract";
import { answers, returnRequestView } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fieldError } from "../../lib/errors.js";
import { ok } from "../../lib/http.js";
import type { SessionGuards } from "../../plugins/session.js";
import type { GuestAccess } from "./guest-access.js";
import type { Returns } from "./returns.js";

/**
 * A buyer's return (退貨) or exchange (換貨) request on a delivered order; staff handle it in the
 * back office. Members are signed in; a guest gives the order's phone and the access token of
 * its SMS check (the order look-up's), like cancelling.
 */
export function returnRoutes(
  services: { returns: Returns; guestAccess: GuestAccess },
  guards: SessionGuards,
  options: { lookupRateLimit: number },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/order/return",
      {
        preHandler: guards.memberIfSignedIn,
        config: { rateLimit: { max: options.lookupRateLimit, timeWindow: "1 minute" } },
        schema: { body: returnRequestInput, response: answers(returnRequestView) },
      },
      async (req) => {
        const { phone, access_token, ...input } = req.body;
        if (!req.session && !phone) throw fieldError("phone", "請輸入訂購時填寫的手機號碼");
        const asker = req.session
          ? { memberId: req.session.member.id }
          : { phone: phone ?? "", verifiedOrderId: await services.guestAccess.orderIdOf(access_token) };
        return ok(await services.returns.request(asker, input), `已送出${RETURN_KINDS[input.kind]}申請，客服將盡快與您聯繫`);
      },
    );
  };
}
