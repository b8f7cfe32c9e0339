import type { StoreResult } from "@shop/contract";
import type { Buyer } from "../orders/types.js";
import { type SoldOutMemory, throughSoldOut } from "./admission.js";
import { type PlaceInput, type PlaceOrderDeps, placeOrder } from "./place-order-steps.js";
import type { Source } from "./quote-steps.js";

/**
 * Placing an order (POST /order/store and /order/store/fast): re-quote, then in one transaction
 * take the cart lines, reserve stock, apply coupon, points and wallet, open the payment; then
 * charge a card outside the transaction. Once per cart content or Idempotency-Key (decision 30).
 * The steps are in place-order-steps.ts. A variant just found sold out is refused at once
 * (decision 100; the admission line itself is the routes').
 */
export function createPlaceOrder(deps: PlaceOrderDeps & { soldOut?: SoldOutMemory }) {
  const d = { ...deps, now: deps.now ?? (() => new Date()) };
  return {
    store: (
      buyer: Buyer,
      source: Source,
      input: PlaceInput,
      options: { idempotencyKey?: string; origin: string },
    ): Promise<StoreResult> =>
      // A keyed request may be the retry of an order already placed: it goes on to its claim first (place-order-steps.ts).
      throughSoldOut(deps.soldOut, "variantId" in source && !options.idempotencyKey ? source.variantId : undefined, () =>
        placeOrder(d, buyer, source, input, options),
      ),
  };
}

export type PlaceOrder = ReturnType<typeof createPlaceOrder>;
