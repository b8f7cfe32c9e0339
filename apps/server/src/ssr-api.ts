import type { SsrContext } from "@shop/contract";
import type { FastifyInstance } from "fastify";
import inject from "light-my-request";

/**
 * The API as the page loaders call it: in process, through the app's own routing. Not through
 * `app.inject`, which refuses every call from the moment a close begins: a page whose loaders were
 * still running then answered 500. The page's own request is one the close waits for (the app is
 * built with `return503OnClosing: false`), so its API calls must be served to the end too.
 */
export function ssrApi(app: FastifyInstance, request: { ip: string; id: string }): SsrContext["api"] {
  return async (apiPath, call = {}) => {
    const response = await inject(app.routing, {
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
