import type { SsrContext } from "@shop/contract";
import type { FastifyInstance } from "fastify";
import { injectInProcess } from "./lib/in-process.js";

/**
 * The API as the page loaders call it: in process (no network hop), answered even while a close
 * is under way: through `app.inject` a page whose loaders were still running then answered 500.
 */
export function ssrApi(app: FastifyInstance, request: { ip: string; id: string }): SsrContext["api"] {
  return async (apiPath, call = {}) => {
    const response = await injectInProcess(app, {
      method: call.method ?? "GET",
      url: apiPath,
      query: call.query
        ? Object.fromEntries(
            Object.entries(call.query)
              .filter(([, v]) => v !== undefined)
              .map(([k, v]) => [k, String(v)]),
          )
        : undefined,
      payload: call.body as object | undefined,
      headers: {
        ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
        "x-forwarded-for": request.ip,
        "x-request-id": request.id,
      },
    });
    return { ...response.json(), httpStatus: response.statusCode };
  };
}
