import type { FastifyInstance } from "fastify";
import inject, { type InjectOptions } from "light-my-request";

/**
 * A request to this app in-process, through its own routing. Not through `app.inject`, which
 * refuses every call from the moment a close begins: work that began before the close (a page
 * whose loaders are still calling the API, a simulated provider's callback) must still be served.
 * The close waits for the outer request, and the app is built with `return503OnClosing: false`.
 */
export function injectInProcess(app: FastifyInstance, options: InjectOptions) {
  return inject(app.routing, options);
}
