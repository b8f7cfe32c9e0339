import type { FastifyInstance } from "fastify";

/**
 * Parses HTML form posts (providers' browser returns) into a flat string record. Register inside
 * the scope of the routes that need it; the rest of the API stays JSON only.
 */
export function acceptFormPosts(scope: FastifyInstance) {
  scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}
