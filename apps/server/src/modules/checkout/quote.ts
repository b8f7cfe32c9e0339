import type { ShipMethodCode } from "@shop/contract";
import type { Buyer } from "../orders/types.js";
import { payInfo } from "./pay-info.js";
import {
  type BuiltQuote,
  buildQuote,
  paymentOptions,
  type QuoteContext,
  type QuoteDeps,
  type QuoteInputs,
  type Source,
} from "./quote-steps.js";
import { createQuoteReference } from "./reference.js";

/**
 * The quote (pay_info): the server prices the chosen lines from the catalogue, promotions, the
 * member's coupons, points and wallet; the client never sends a price. Placing the order quotes
 * again with the same code. The steps are in quote-steps.ts.
 */
export function createQuotes(deps: QuoteDeps) {
  const d: QuoteContext = { ...deps, reference: createQuoteReference(deps) };

  return {
    build: (buyer: Buyer, source: Source, input: QuoteInputs) => buildQuote(d, buyer, source, input),
    paymentOptions: (b: BuiltQuote, ship?: ShipMethodCode) => paymentOptions(b, ship),
    /** Drops the kept reference reads (the cache switch calls this on every storefront write). */
    forgetReference: () => d.reference.forget(),
    payInfo: (buyer: Buyer, source: Source, input: QuoteInputs) => payInfo(d, buyer, source, input),
  };
}

export type Quotes = ReturnType<typeof createQuotes>;
