import { fastPayInfoInput, fastStoreOrderInput, payInfoInput, storeOrderInput } from "@shop/contract";
import { answers, payInfo, storeResult } from "@shop/contract/responses";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "../../lib/config/index.js";
import { fieldError } from "../../lib/errors.js";
import { ok, publicOrigin } from "../../lib/http.js";
import { cartTokenOf } from "../../plugins/cart-token.js";
import type { SessionGuards } from "../../plugins/session.js";
import type { Buyer } from "../orders/types.js";
import type { Admission } from "./admission.js";
import type { PlaceOrder } from "./place-order.js";
import type { Quotes } from "./quote.js";

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

export interface CheckoutRouteDeps {
  quotes: Pick<Quotes, "payInfo">;
  placeOrder: PlaceOrder;
  /** The checkout line (decision 100): entered before anything else, the session lookup included. */
  admission?: Pick<Admission, "enter" | "leave">;
}

/**
 * The checkout's endpoints under the specification's paths: the quote (`/order/pay_info`) and
 * placing the order (`/order/store`), each for chosen cart lines or one variant (`/fast`).
 */
export function checkoutRoutes(deps: CheckoutRouteDeps, guards: SessionGuards, config: Config): FastifyPluginAsyncZod {
  // In a rush (限時搶購, decision 100) every checkout request waits in the line first — before the
  // session lookup, so no database work queues unbounded — or is answered 429 目前排隊中 at once.
  const admitted = new WeakSet<FastifyRequest>();
  const { admission } = deps;
  const leave = async (req: FastifyRequest) => {
    if (admission && admitted.delete(req)) admission.leave();
  };
  const line = admission
    ? {
        onRequest: async (req: FastifyRequest) => {
          await admission.enter();
          // Gone while waiting (its abort already heard): the place goes to the next in line.
          if (req.raw.destroyed) admission.leave();
          else admitted.add(req);
        },
        onResponse: leave,
        onRequestAbort: leave,
      }
    : {};
  const withSession = { ...line, preHandler: guards.memberIfSignedIn };

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
    app.post("/order/pay_info", { ...withSession, schema: { body: payInfoInput, response: answers(payInfo) } }, async (req) =>
      ok(await deps.quotes.payInfo(buyerOf(req), { lineIds: req.body.line_ids }, req.body)),
    );
    app.post(
      "/order/pay_info/fast",
      { ...withSession, schema: { body: fastPayInfoInput, response: answers(payInfo) } },
      async (req) => ok(await deps.quotes.payInfo(buyerOf(req), { variantId: req.body.variant_id, qty: req.body.qty }, req.body)),
    );
    app.post("/order/store", { ...withSession, schema: { body: storeOrderInput, response: answers(storeResult) } }, async (req) =>
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
      { ...withSession, schema: { body: fastStoreOrderInput, response: answers(storeResult) } },
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
