import type { FastifyInstance } from "fastify";
import { badRequest } from "../lib/errors.js";

/**
 * True when a NUL character hides anywhere in a parsed body or query (PostgreSQL text cannot hold
 * one). Only parsed data is walked: arrays and plain objects (JSON, query strings). A body left
 * unparsed (the storefront's pages take the request stream itself) is an object graph with
 * cycles; walking it 32 levels deep never ended, and one form post stopped the server.
 */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 32 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const [k, v] of Object.entries(value)) if (k.includes("\u0000") || hasNul(v, depth + 1)) return true;
  return false;
}

/**
 * Refuses input no field may hold before any route sees it: NUL characters would reach
 * PostgreSQL as an encoding error (a 500) instead of a clear 400.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook("preValidation", async (req) => {
    if (hasNul(req.body) || hasNul(req.query) || hasNul(req.params))
      throw badRequest("NUL_CHARACTER", "輸入內容含有不允許的字元");
  });
}
