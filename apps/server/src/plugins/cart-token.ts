import type { FastifyRequest } from "fastify";

/** A visitor's cart travels in this header; members are known by their bearer token. */
const CART_TOKEN_HEADER = "x-cart-token";

/** The visitor's cart token, when the header holds a well-formed one (sign-in, cart and checkout read it). */
export function cartTokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers[CART_TOKEN_HEADER];
  return typeof value === "string" && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
}
