import { answers, memberTierView } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/http.js";
import type { SessionGuards } from "../../plugins/session.js";
import { sessionOf } from "../../plugins/session.js";
import type { TiersService } from "./service.js";

/** The member's level page (/member/level): the caller's own level only. */
export function tierRoutes(services: { tiers: TiersService }, guards: SessionGuards): FastifyPluginAsyncZod {
  const member = { preHandler: guards.requireMember };
  return async (app) => {
    app.get("/member/tier", { ...member, schema: { response: answers(memberTierView) } }, async (req) =>
      ok(await services.tiers.memberView(sessionOf(req).member.id)),
    );
  };
}
