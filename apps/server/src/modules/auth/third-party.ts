import type { AuthResult, SignInOptions, SignInProvider, ThreeWayStart } from "@shop/contract";
import type { Db } from "../../db/client.js";
import type { SignInProviders } from "../../integrations/identity/providers.js";
import type { IdentitiesService } from "../members/identities.js";
import type { AuthService } from "./service.js";
import {
  bindExisting,
  bindSignedIn,
  liffLogin,
  type ProofOfIdentity,
  providerLogin,
  registerAndBind,
  signInOptions,
  startSignIn,
  type ThirdPartyDeps,
  type Visit,
} from "./third-party-steps.js";

export type { ProofOfIdentity } from "./third-party-steps.js";

/**
 * Sign-in with LINE (LIFF and LINE Login), Google and Facebook: every ID token is
 * verified here (verify.ts), used once, and matched to the nonce of the flow we started. A known
 * identity signs its member in; an unknown one gets a single-use bind ticket to bind an existing
 * account or register. Each method is a function of third-party-steps.ts taking `d`.
 */
export function createThirdPartySignIn(deps: {
  db: Db;
  providers: SignInProviders;
  auth: AuthService;
  identities: IdentitiesService;
  /** Told when a signed-in member binds a provider: the member hears of it (decision 77). */
  onBound?: (memberId: number, provider: string) => Promise<void>;
  now?: () => Date;
}) {
  const d: ThirdPartyDeps = { ...deps, now: deps.now ?? (() => new Date()) };
  return {
    options: (): SignInOptions => signInOptions(d),
    /** Starts a flow: a state and nonce kept for ten minutes, and where to send the browser. */
    start: (provider: SignInProvider, purpose: "login" | "bind", origin: string, memberId?: number): Promise<ThreeWayStart> =>
      startSignIn(d, provider, purpose, origin, memberId),
    login: (input: ProofOfIdentity & Visit, origin: string) => providerLogin(d, input, origin),
    /** LIFF: LINE's own ID token from inside the LINE app (no redirect, so no state). */
    liffLogin: (input: { id_token: string } & Visit) => liffLogin(d, input),
    bindExisting: (ticket: string, account: string, password: string): Promise<AuthResult> =>
      bindExisting(d, ticket, account, password),
    registerAndBind: (ticket: string, input: Omit<Parameters<AuthService["register"]>[0], "shop_id">): Promise<AuthResult> =>
      registerAndBind(d, ticket, input),
    /** Binds a provider to the signed-in member (account_binding). */
    bindSignedIn: (memberId: number, input: ProofOfIdentity, origin: string) => bindSignedIn(d, memberId, input, origin),
  };
}

export type ThirdPartySignIn = ReturnType<typeof createThirdPartySignIn>;
