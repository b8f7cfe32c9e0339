import type { StoreResult } from "@shop/contract";
import { conflict, DomainError } from "../../lib/errors.js";
import type { Buyer } from "../orders/types.js";
import type { Admission, SoldOutMemory } from "./admission.js";
import { type PlaceInput, type PlaceOrderDeps, placeOrder } from "./place-order-steps.js";
import type { Source } from "./quote-steps.js";

/** Refusals that mean a variant has no unit left (its id in the error's data). */
const SOLD_OUT_CODES = new Set(["INSUFFICIENT_STOCK", "VARIANT_SOLD_OUT"]);

function soldOutVariant(error: unknown): number | undefined {
  if (!(error instanceof DomainError) || !SOLD_OUT_CODES.has(error.code)) return undefined;
  const id = (error.data as { variant_id?: unknown } | null)?.variant_id;
  return typeof id === "number" ? id : undefined;
}

/**
 * Placing an order (POST /order/store and /order/store/fast): re-quote, then in one transaction
 * take the cart lines, reserve stock, apply coupon, points and wallet, open the payment; then
 * charge a card outside the transaction. Once per cart content or Idempotency-Key (decision 30).
 * The steps are in place-order-steps.ts. Before them, the admission (decision 100): a variant just
 * found sold out is refused at once, and only so many orders are placed at once per instance.
 */
export function createPlaceOrder(deps: PlaceOrderDeps & { admission?: Admission; soldOut?: SoldOutMemory }) {
  const d = { ...deps, now: deps.now ?? (() => new Date()) };
  const { admission, soldOut } = deps;
  const place = async (buyer: Buyer, source: Source, input: PlaceInput, options: { idempotencyKey?: string; origin: string }) => {
    try {
      return await placeOrder(d, buyer, source, input, options);
    } catch (error) {
      const variantId = soldOutVariant(error);
      if (variantId !== undefined) soldOut?.remember(variantId);
      throw error;
    }
  };
  return {
    store: (
      buyer: Buyer,
      source: Source,
      input: PlaceInput,
      options: { idempotencyKey?: string; origin: string },
    ): Promise<StoreResult> => {
      // A keyed request may be the retry of an order already placed: it goes on to its stored answer.
      const gone = "variantId" in source && !options.idempotencyKey ? soldOut?.soldOut([source.variantId]) : undefined;
      if (gone !== undefined)
        return Promise.reject(conflict("INSUFFICIENT_STOCK", "庫存不足，部分商品已售完", { variant_id: gone }));
      const work = () => place(buyer, source, input, options);
      return admission ? admission.run(work) : work();
    },
  };
}

export type PlaceOrder = ReturnType<typeof createPlaceOrder>;
