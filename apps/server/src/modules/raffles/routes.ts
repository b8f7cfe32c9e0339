import { scratchInput, z } from "@shop/contract";
import { answers, raffleView, scratchResult, ticketView } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/http.js";
import type { SessionGuards } from "../../plugins/session.js";
import { sessionOf } from "../../plugins/session.js";
import type { RafflesService } from "./service.js";

export function raffleRoutes(services: { raffles: RafflesService }, guards: SessionGuards): FastifyPluginAsyncZod {
  const { raffles } = services;
  const member = { preHandler: guards.requireMember };
  return async (app) => {
    app.post("/raffle/search", { schema: { response: answers(z.array(raffleView)) } }, async () => ok(await raffles.running()));
    // Ours (the public API names no list call): the cards behind /member/my_ticket.
    app.get("/user/ticket/search", { ...member, schema: { response: answers(z.array(ticketView)) } }, async (req) =>
      ok(await raffles.tickets(sessionOf(req).member.id)),
    );
    app.post(
      "/order/changeStratchCard",
      { ...member, schema: { body: scratchInput, response: answers(scratchResult) } },
      async (req) => ok(await raffles.scratch(sessionOf(req).member.id, req.body.ticket_id)),
    );
  };
}
