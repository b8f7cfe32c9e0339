import type { FastifyInstance, FastifyRequest } from "fastify";
import { unauthorized } from "../lib/errors.js";
import type { AuthService, Session } from "../modules/auth/service.js";

declare module "fastify" {
  interface FastifyRequest {
    session: Session | null;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export function registerSession(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest("session", null);

  /** Reads the bearer token if one is sent; anonymous otherwise. */
  const optionalMember = async (request: FastifyRequest) => {
    const token = bearer(request);
    request.session = token ? ((await auth.authenticate(token)) ?? null) : null;
  };

  /** Member calls: no valid token → 401 with message "logout" (the client signs out). */
  const requireMember = async (request: FastifyRequest) => {
    await optionalMember(request);
    if (!request.session) throw unauthorized();
  };

  /**
   * Calls a visitor or a member may make (cart, checkout, the mall check): a token that no longer
   * works is a 401 "logout", not a quiet switch to a visitor — the shopper would put goods in a
   * visitor's cart believing they are signed in (decision 49). Sign-in flows keep `optionalMember`.
   */
  const memberIfSignedIn = async (request: FastifyRequest) => {
    await optionalMember(request);
    if (!request.session && bearer(request)) throw unauthorized();
  };

  return { optionalMember, requireMember, memberIfSignedIn };
}

export type SessionGuards = ReturnType<typeof registerSession>;

/** For handlers behind requireMember. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized();
  return request.session;
}
