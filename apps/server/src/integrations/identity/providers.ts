import type { SignInProvider } from "@shop/contract/front-user";
import type { Config } from "../../config.js";
import {
  createIdentitySimulator,
  type IdentitySimulator,
  SIM_BASE,
  SIM_CLIENT_IDS,
  SIM_ISSUERS,
  SIM_LINE_SECRET,
} from "./simulator.js";
import { createIdTokenVerifier, type IdTokenVerifier } from "./verify.js";

interface SignInProviderSetup {
  provider: SignInProvider;
  clientId: string;
  simulated: boolean;
  verifier: IdTokenVerifier;
  /** Where the browser is sent to sign in (LINE Login, Facebook); Google uses its button script. */
  authorizeUrl: string;
  /** LINE Login's token endpoint, for the authorization code. */
  tokenUrl?: string;
  clientSecret?: string;
  /** LINE's in-process fetch when simulated. */
  fetch?: typeof fetch;
}

export interface SignInProviders {
  byProvider: Partial<Record<SignInProvider, SignInProviderSetup>>;
  liffId: string | null;
  simulator?: IdentitySimulator;
}

/**
 * The sign-in providers this shop offers: each configured one with the real endpoints; each other
 * one through the local simulator when it runs (development and tests, labelled 測試模式); the
 * rest are not offered at all.
 */
export async function createSignInProviders(config: Config): Promise<SignInProviders> {
  const simulate = config.SIGN_IN_SIMULATOR ?? config.NODE_ENV !== "production";
  const simulator = simulate ? await createIdentitySimulator() : undefined;
  const byProvider: SignInProviders["byProvider"] = {};

  const real: Record<SignInProvider, { clientId: string; ready: boolean }> = {
    line: { clientId: config.LINE_CHANNEL_ID, ready: Boolean(config.LINE_CHANNEL_ID && config.LINE_CHANNEL_SECRET) },
    google: { clientId: config.GOOGLE_CLIENT_ID, ready: Boolean(config.GOOGLE_CLIENT_ID) },
    facebook: { clientId: config.FACEBOOK_APP_ID, ready: Boolean(config.FACEBOOK_APP_ID) },
  };
  for (const provider of ["line", "google", "facebook"] as const) {
    if (real[provider].ready) {
      const clientId = real[provider].clientId;
      byProvider[provider] = {
        provider,
        clientId,
        simulated: false,
        ...{
          line: {
            verifier: createIdTokenVerifier({
              provider,
              issuers: ["https://access.line.me"],
              audience: clientId,
              jwksUrl: `${config.LINE_API_URL}/oauth2/v2.1/certs`,
              algorithms: ["ES256", "HS256"],
              hsSecret: config.LINE_CHANNEL_SECRET,
            }),
            authorizeUrl: config.LINE_AUTHORIZE_URL,
            tokenUrl: `${config.LINE_API_URL}/oauth2/v2.1/token`,
            clientSecret: config.LINE_CHANNEL_SECRET,
          },
          google: {
            verifier: createIdTokenVerifier({
              provider,
              issuers: ["accounts.google.com", "https://accounts.google.com"],
              audience: clientId,
              jwksUrl: config.GOOGLE_JWKS_URL,
              algorithms: ["RS256"],
            }),
            authorizeUrl: "",
          },
          facebook: {
            verifier: createIdTokenVerifier({
              provider,
              issuers: ["https://www.facebook.com"],
              audience: clientId,
              jwksUrl: config.FACEBOOK_JWKS_URL,
              algorithms: ["RS256"],
            }),
            authorizeUrl: config.FACEBOOK_AUTHORIZE_URL,
          },
        }[provider],
      };
    } else if (simulator) {
      byProvider[provider] = {
        provider,
        clientId: SIM_CLIENT_IDS[provider],
        simulated: true,
        verifier: createIdTokenVerifier({
          provider,
          issuers: [SIM_ISSUERS[provider]],
          audience: SIM_CLIENT_IDS[provider],
          jwksUrl: `${SIM_BASE}/${provider}/jwks`,
          algorithms: provider === "line" ? ["ES256", "HS256"] : ["RS256"],
          hsSecret: provider === "line" ? SIM_LINE_SECRET : undefined,
          fetch: simulator.fetch,
        }),
        authorizeUrl: `/api/idp-sim/${provider}/authorize`,
        tokenUrl: provider === "line" ? `${SIM_BASE}/line/oauth2/v2.1/token` : undefined,
        clientSecret: provider === "line" ? SIM_LINE_SECRET : undefined,
        fetch: simulator.fetch,
      };
    }
  }
  const liffId = config.LIFF_ID || (byProvider.line?.simulated ? `${SIM_CLIENT_IDS.line}-simulated` : null);
  return { byProvider, liffId, simulator };
}
