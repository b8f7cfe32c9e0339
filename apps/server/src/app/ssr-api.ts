import type { SsrContext } from "@shop/contract";
import type { FastifyInstance } from "fastify";
import { injectInProcess } from "../lib/in-process.js";
import { deepFreeze, type PublicCacheReader } from "../plugins/public-cache.js";

/**
 * The API as the page loaders call it: in process (no network hop), answered even while a close
 * is under way: through `app.inject` a page whose loaders were still running then answered 500.
 *
 * A GET whose answer the public cache holds is read from it directly: the in-process request would
 * run the hooks up to the cache's (request id, security headers) for headers nobody reads, and
 * end with the same body. That was about a sixth of an uncached product page's server CPU.
 *
 * Answers are read-only (deeply frozen), cached or not: a cached one is shared by every page that
 * reads it, parsed once, and a loader changing one fails the same way on a miss as on a hit.
 */
export function ssrApi(
  app: FastifyInstance,
  cache: PublicCacheReader,
  request: { ip: string | undefined; id: string },
  inject: typeof injectInProcess = injectInProcess,
): SsrContext["api"] {
  // Read now: once the shopper's connection closes (a tab closed mid-page) the socket has no address.
  const ip = request.ip;
  return async (apiPath, call = {}) => {
    const method = call.method ?? "GET";
    const url = requestLine(apiPath, call.query);
    if (method === "GET") {
      const cached = cache.answer(url);
      // The envelope the route answered with (typed by the caller, as response.json() is).
      if (cached !== undefined) return { ...(cached as object), httpStatus: 200 } as never;
    }
    const response = await inject(app, {
      method,
      url,
      payload: call.body as object | undefined,
      headers: {
        ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
        ...(ip ? { "x-forwarded-for": ip } : {}),
        "x-request-id": request.id,
      },
    });
    return { ...deepFreeze(response.json()), httpStatus: response.statusCode };
  };
}

const PLAIN_PATH = /^(?:\/[A-Za-z0-9_-]+)+$/;

/** Path and query as the routed request's `url` will read them (the public cache's key). */
export function requestLine(apiPath: string, query: Record<string, unknown> | undefined): string {
  // A plain path is its own normal form; its query serialises as URL's searchParams would.
  if (PLAIN_PATH.test(apiPath)) {
    const search = new URLSearchParams();
    if (query) for (const [k, v] of Object.entries(query)) if (v !== undefined) search.set(k, String(v));
    const line = search.toString();
    return line ? `${apiPath}?${line}` : apiPath;
  }
  const url = new URL(apiPath, "http://in-process");
  if (query) for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
  return url.pathname + url.search;
}
