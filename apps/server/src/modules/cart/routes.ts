import { cartDeleteInput, cartSearchInput, cartStoreInput, cartUpdateInput, MAIN_SHOP_ID } from "@shop/contract";
import { answers, cartView } from "@shop/contract/responses";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/http.js";
import { cartTokenOf } from "../../plugins/cart-token.js";
import type { SessionGuards } from "../../plugins/session.js";
import type { CartOwner, CartService } from "./service.js";

export function cartRoutes(services: { cart: CartService }, guards: SessionGuards): FastifyPluginAsyncZod {
  const { cart } = services;
  const ownerOf = (req: FastifyRequest): CartOwner =>
    req.session ? { memberId: req.session.member.id } : { token: cartTokenOf(req) };
  const withSession = { preHandler: guards.memberIfSignedIn };

  return async (app) => {
    app.post("/cart/store", { ...withSession, schema: { body: cartStoreInput, response: answers(cartView) } }, async (req) =>
      ok(await cart.add(ownerOf(req), req.body.shop_id ?? MAIN_SHOP_ID, req.body.variant_id, req.body.qty), "已加入購物車"),
    );
    app.post("/cart/search", { ...withSession, schema: { body: cartSearchInput, response: answers(cartView) } }, async (req) =>
      ok(await cart.search(ownerOf(req))),
    );
    app.post("/cart/update", { ...withSession, schema: { body: cartUpdateInput, response: answers(cartView) } }, async (req) =>
      ok(await cart.update(ownerOf(req), req.body.line_id, { qty: req.body.qty, selected: req.body.selected })),
    );
    app.post("/cart/delete", { ...withSession, schema: { body: cartDeleteInput, response: answers(cartView) } }, async (req) =>
      ok(await cart.remove(ownerOf(req), req.body.line_ids), "已從購物車移除"),
    );
  };
}
