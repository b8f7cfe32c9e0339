import type { SignInProvider } from "@shop/contract/front-user";
import { createRemoteJWKSet, customFetch, errors, type JWTPayload, jwtVerify } from "jose";
import { unauthenticated } from "../../lib/errors.js";

/** What we keep from a verified ID token. */
export interface VerifiedIdentity {
  provider: SignInProvider;
  subject: string;
  name: string;
  /** Only when the provider says it is verified (Google's email_verified). */
  email: string | null;
  expiresAt: Date;
}

export interface IssuerSpec {
  provider: SignInProvider;
  /** Accepted `iss` values. */
  issuers: string[];
  /** Our client id at the provider: the token's `aud`. */
  audience: string;
  jwksUrl: string;
  /** Accepted signing algorithms; HS256 only with `hsSecret` (LINE Login on the web signs with the channel secret). */
  algorithms: string[];
  hsSecret?: string;
  /** In-process fetch for the simulator's keys. */
  fetch?: typeof fetch;
}

const KEY_CACHE_MS = 10 * 60_000;
const CLOCK_TOLERANCE_S = 30;

export const invalidToken = (message = "登入憑證無效，請重新登入") => unauthenticated("IDENTITY_TOKEN_INVALID", message);

/**
 * Verifies a provider's ID token ourselves: the signature against the provider's
 * published keys (fetched once and cached; re-fetched when a new `kid` appears), issuer, audience,
 * expiry, and the nonce when one was sent. Any failure is a 401 that names no detail.
 */
export function createIdTokenVerifier(spec: IssuerSpec) {
  const jwks = createRemoteJWKSet(new URL(spec.jwksUrl), {
    cacheMaxAge: KEY_CACHE_MS,
    cooldownDuration: 30_000,
    ...(spec.fetch ? { [customFetch]: spec.fetch } : {}),
  });
  const secret = spec.hsSecret ? new TextEncoder().encode(spec.hsSecret) : undefined;

  return {
    spec,
    async verify(token: string, expectedNonce?: string): Promise<VerifiedIdentity> {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(
          token,
          async (header, jws) => (header.alg === "HS256" && secret ? secret : jwks(header, jws)),
          {
            issuer: spec.issuers,
            audience: spec.audience,
            algorithms: spec.algorithms.filter((a) => a !== "HS256" || secret),
            clockTolerance: CLOCK_TOLERANCE_S,
            requiredClaims: ["sub", "exp", "iat"],
          },
        ));
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw invalidToken("登入憑證已過期，請重新登入");
        if (error instanceof errors.JOSEError || error instanceof TypeError) throw invalidToken();
        throw error;
      }
      if (expectedNonce !== undefined && payload.nonce !== expectedNonce) throw invalidToken();
      const claims = payload as JWTPayload & { name?: unknown; email?: unknown; email_verified?: unknown };
      const emailVerified = claims.email_verified === true || claims.email_verified === "true";
      return {
        provider: spec.provider,
        subject: String(payload.sub),
        name: typeof claims.name === "string" ? claims.name.slice(0, 30) : "",
        email: typeof claims.email === "string" && (emailVerified || spec.provider === "line") ? claims.email : null,
        expiresAt: new Date((payload.exp ?? 0) * 1000),
      };
    },
  };
}

export type IdTokenVerifier = ReturnType<typeof createIdTokenVerifier>;
