import { couponQuery, ledgerQuery, z } from "@shop/contract";
import { answers, couponView, ledgerPage, monthMemberView, pointMonth, teamPointsView } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/http.js";
import type { SessionGuards } from "../../plugins/session.js";
import { sessionOf } from "../../plugins/session.js";
import type { LoyaltyService } from "./service.js";

/** The member's points, wallet and coupons (reads; each only ever the caller's own). */
export function loyaltyRoutes(services: { loyalty: LoyaltyService }, guards: SessionGuards): FastifyPluginAsyncZod {
  const { loyalty } = services;
  const member = { preHandler: guards.requireMember };
  return async (app) => {
    app.get("/point/search", { ...member, schema: { querystring: ledgerQuery, response: answers(ledgerPage) } }, async (req) =>
      ok(await loyalty.ledger("points", sessionOf(req).member.id, req.query.page, req.query.per_page)),
    );
    app.get("/point/month", { ...member, schema: { response: answers(z.array(pointMonth)) } }, async (req) =>
      ok(await loyalty.pointMonths(sessionOf(req).member.id)),
    );
    app.get("/point/team", { ...member, schema: { response: answers(teamPointsView) } }, async (req) =>
      ok(await loyalty.teamPoints(sessionOf(req).member.id)),
    );
    app.get("/user/verifyMonthMember", { ...member, schema: { response: answers(monthMemberView) } }, async (req) =>
      ok(await loyalty.monthMember(sessionOf(req).member.id)),
    );
    app.get(
      "/user/wallet/home",
      { ...member, schema: { querystring: ledgerQuery, response: answers(ledgerPage) } },
      async (req) => ok(await loyalty.ledger("wallet", sessionOf(req).member.id, req.query.page, req.query.per_page)),
    );
    app.get(
      "/coupon/search",
      { ...member, schema: { querystring: couponQuery, response: answers(z.array(couponView)) } },
      async (req) => ok(await loyalty.couponsIn(sessionOf(req).member.id, req.query.state)),
    );
  };
}
