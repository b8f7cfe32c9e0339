import { takeoutInput, z } from "@shop/contract";
import { answers, depotLogView, depotStockView, takeoutView } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/http.js";
import type { SessionGuards } from "../../plugins/session.js";
import { sessionOf } from "../../plugins/session.js";
import type { DepotService } from "./service.js";

export function depotRoutes(services: { depot: DepotService }, guards: SessionGuards): FastifyPluginAsyncZod {
  const { depot } = services;
  const member = { preHandler: guards.requireMember };
  return async (app) => {
    app.get("/user/inventory/cloud", { ...member, schema: { response: answers(z.array(depotStockView)) } }, async (req) =>
      ok(await depot.stock(sessionOf(req).member.id)),
    );
    app.get("/user/inventory/cloud/log", { ...member, schema: { response: answers(z.array(depotLogView)) } }, async (req) =>
      ok(await depot.log(sessionOf(req).member.id)),
    );
    app.get("/user/takeout/list", { ...member, schema: { response: answers(z.array(takeoutView)) } }, async (req) =>
      ok(await depot.takeouts(sessionOf(req).member.id)),
    );
    app.post("/user/takeout/hct", { ...member, schema: { body: takeoutInput, response: answers(takeoutView) } }, async (req) =>
      ok(await depot.takeout(sessionOf(req).member.id, req.body.items, req.body.address_id), "已送出提貨申請"),
    );
  };
}
