import { fastPayInfoInput, fastStoreOrderInput, payInfoInput, storeOrderInput } from "@shop/contract";
import { answers, payInfo, storeResult } from "@shop/contract/responses";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "../../lib/config/index.js";
import { conflict, fieldError } from "../../lib/errors.js";
import { ok, publicOrigin } from "../../lib/http.js";
import { cartTokenOf } from "../../plugins/cart-token.js";
import type { SessionGuards } from "../../plugins/session.js";
import type { Buyer } from "../orders/types.js";
import type { Admission, SoldOutMemory } from "./admission.js";
import type { PlaceOrder } from "./place-order.js";
import type { Quotes } from "./quote.js";

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

export interface CheckoutRouteDeps {
  quotes: Pick<Quotes, "payInfo">;
  placeOrder: PlaceOrder;
  /** The checkout line (decision 100): entered before anything else, the session lookup included. */
  admission?: Pick<Admission, "enter" | "leave">;
  /** Variants just found sold out (decision 100): a 立即購買 of one is refused before the line. */
  soldOut?: Pick<SoldOutMemory, "soldOut">;
}

/**
 * The checkout's endpoints under the specification's paths: the quote (`/order/pay_info`) and
 * placing the order (`/order/store`), each for chosen cart lines or one variant (`/fast`).
 */
export function checkoutRoutes(deps: CheckoutRouteDeps, guards: SessionGuards, config: Config): FastifyPluginAsyncZod {
  // In a rush (限時搶購, decision 100) every checkout request waits in the line first — before the
  // session lookup, so no database work queues unbounded — or is answered 429 目前排隊中 at once.
  // A 立即購買 of a variant just found sold out is answered 409 before it (a keyed order excepted:
  // it may be the retry of one already placed, and goes on to its stored answer).
  const { admission, soldOut } = deps;
  const soldOutFirst = (req: FastifyRequest, order: boolean) => {
    const variantId = (req.body as { variant_id?: unknown } | null)?.variant_id;
    if (typeof variantId !== "number" || !soldOut) return;
    if (order && req.headers["idempotency-key"] !== undefined) return;
    const gone = soldOut.soldOut([variantId]);
    if (gone !== undefined) throw conflict("VARIANT_SOLD_OUT", "商品已售完", { variant_id: gone });
  };
  /** The line's hooks for a quote or, `order`, for placing an order (orders wait ahead of quotes). */
  const lineFor = (order: boolean) =>
    admission
      ? {
          // After the body is read (a 立即購買's variant is in it), before validation and the session.
          preValidation: async (req: FastifyRequest, reply: FastifyReply) => {
            soldOutFirst(req, order);
            await admission.enter(order);
            // The place is given back when the response is sent, or its connection is gone —
            // even gone before any hook could hear it (decision 105). Not `req.raw.destroyed`: Node
            // marks a request destroyed once its body is read, and the line let everyone through.
            const res = reply.raw;
            if (res.closed || res.destroyed) return admission.leave();
            let given = false;
            const giveBack = () => {
              if (given) return;
              given = true;
              admission.leave();
            };
            // 'finish': handed to the connection (before the buyer can ask again); 'close': gone instead.
            res.once("finish", giveBack);
            res.once("close", giveBack);
          },
        }
      : {};
  const quoting = { ...lineFor(false), preHandler: guards.memberIfSignedIn };
  const ordering = { ...lineFor(true), preHandler: guards.memberIfSignedIn };

  const buyerOf = (req: FastifyRequest): Buyer =>
    req.session ? { memberId: req.session.member.id } : { cartToken: cartTokenOf(req) };
  const originOf = (req: FastifyRequest) => publicOrigin(config, req);
  const idempotencyKeyOf = (req: FastifyRequest) => {
    const key = req.headers["idempotency-key"];
    if (key === undefined) return undefined;
    if (typeof key !== "string" || !IDEMPOTENCY_KEY.test(key)) throw fieldError("Idempotency-Key", "Idempotency-Key 格式錯誤");
    return key;
  };

  return async (app) => {
    app.post("/order/pay_info", { ...quoting, schema: { body: payInfoInput, response: answers(payInfo) } }, async (req) =>
      ok(await deps.quotes.payInfo(buyerOf(req), { lineIds: req.body.line_ids }, req.body)),
    );
    app.post(
      "/order/pay_info/fast",
      { ...quoting, schema: { body: fastPayInfoInput, response: answers(payInfo) } },
      async (req) => ok(await deps.quotes.payInfo(buyerOf(req), { variantId: req.body.variant_id, qty: req.body.qty }, req.body)),
    );
    app.post("/order/store", { ...ordering, schema: { body: storeOrderInput, response: answers(storeResult) } }, async (req) =>
      ok(
        await deps.placeOrder.store(buyerOf(req), { lineIds: req.body.line_ids }, req.body, {
          idempotencyKey: idempotencyKeyOf(req),
          origin: originOf(req),
        }),
        "訂單已成立",
      ),
    );
    app.post(
      "/order/store/fast",
      { ...ordering, schema: { body: fastStoreOrderInput, response: answers(storeResult) } },
      async (req) =>
        ok(
          await deps.placeOrder.store(buyerOf(req), { variantId: req.body.variant_id, qty: req.body.qty }, req.body, {
            idempotencyKey: idempotencyKeyOf(req),
            origin: originOf(req),
          }),
          "訂單已成立",
        ),
    );
  };
}
