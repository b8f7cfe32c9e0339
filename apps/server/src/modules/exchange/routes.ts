import { exchangeInput, z } from "@shop/contract";
import { answers, exchangeItemView, exchangeSelfView, exchangeView } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/http.js";
import type { SessionGuards } from "../../plugins/session.js";
import { sessionOf } from "../../plugins/session.js";
import type { ExchangeService } from "./service.js";

export function exchangeRoutes(services: { exchange: ExchangeService }, guards: SessionGuards): FastifyPluginAsyncZod {
  const { exchange } = services;
  const member = { preHandler: guards.requireMember };
  return async (app) => {
    app.get("/user/rechange/self", { ...member, schema: { response: answers(exchangeSelfView) } }, async (req) =>
      ok(await exchange.selfOptions(sessionOf(req).member.id)),
    );
    app.get("/user/rechange/company", { ...member, schema: { response: answers(z.array(exchangeItemView)) } }, async () =>
      ok(await exchange.catalogue()),
    );
    app.get("/user/rechange/list", { ...member, schema: { response: answers(z.array(exchangeView)) } }, async (req) =>
      ok(await exchange.list(sessionOf(req).member.id)),
    );
    app.post(
      "/user/rechange/store",
      { ...member, schema: { body: exchangeInput, response: answers(exchangeView) } },
      async (req) => {
        const id = sessionOf(req).member.id;
        const b = req.body;
        return ok(
          b.kind === "self" ? await exchange.toWallet(id, b.points) : await exchange.toGoods(id, b.item_id, b.qty),
          "兌換完成",
        );
      },
    );
  };
}
