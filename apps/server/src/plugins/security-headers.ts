import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/**
 * Helmet's security headers on every request of this scope. The middleware is built once:
 * @fastify/helmet built it again for every request (all twelve header middlewares and the CSP
 * directives parsed anew), in-process API calls included, which cost a few percent of every page
 * and API answer. Directives given as functions (the page CSP's nonce) still run per response.
 */
export function securityHeaders(scope: FastifyInstance, options: HelmetOptions) {
  const apply = helmet(options);
  scope.addHook("onRequest", (request, reply, done) => {
    apply(request.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined));
  });
}
