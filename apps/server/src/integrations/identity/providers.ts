import type { SignInProvider } from "@shop/contract/front-user";
import type { Config } from "../../lib/config/index.js";
import { ignoreCalls, observedFetch, type ProviderCalls } from "../observed.js";
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
 * The sign-in providers this shop offers (decision 74): each channel that is on and configured with
 * the real endpoints; each one on the local simulator (development and tests, labelled 測試模式);
 * those switched off are not offered at all.
 */
export async function createSignInProviders(config: Config, calls: ProviderCalls = ignoreCalls): Promise<SignInProviders> {
  const mode = {
    line: config.channels.line_login,
    google: config.channels.google_login,
    facebook: config.channels.facebook_login,
  } as const;
  const simulator = Object.values(mode).includes("simulator") ? await createIdentitySimulator() : undefined;
  const byProvider: SignInProviders["byProvider"] = {};
  const clientIds: Record<SignInProvider, string> = {
    line: config.LINE_CHANNEL_ID,
    google: config.GOOGLE_CLIENT_ID,
    facebook: config.FACEBOOK_APP_ID,
  };
  for (const provider of ["line", "google", "facebook"] as const) {
    const channel = `${provider}_login` as const;
    if (mode[provider] === "real") {
      const clientId = clientIds[provider];
      const observed = observedFetch(calls, channel);
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
              fetch: observed,
            }),
            authorizeUrl: config.LINE_AUTHORIZE_URL,
            tokenUrl: `${config.LINE_API_URL}/oauth2/v2.1/token`,
            clientSecret: config.LINE_CHANNEL_SECRET,
            fetch: observed,
          },
          google: {
            verifier: createIdTokenVerifier({
              provider,
              issuers: ["accounts.google.com", "https://accounts.google.com"],
              audience: clientId,
              jwksUrl: config.GOOGLE_JWKS_URL,
              algorithms: ["RS256"],
              fetch: observed,
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
              fetch: observed,
            }),
            authorizeUrl: config.FACEBOOK_AUTHORIZE_URL,
          },
        }[provider],
      };
    } else if (mode[provider] === "simulator" && simulator) {
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
  const line = byProvider.line;
  const liffId = !line ? null : line.simulated ? config.LIFF_ID || `${SIM_CLIENT_IDS.line}-simulated` : config.LIFF_ID || null;
  return { byProvider, liffId, simulator };
}
