import type { AuthResult, BindTicketView, SignInOptions, SignInProvider, ThreeWayStart } from "@shop/contract";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { bindTickets, signInStates, usedIdTokens } from "../../db/schema/index.js";
import type { SignInProviders } from "../../integrations/identity/providers.js";
import { invalidToken, type VerifiedIdentity } from "../../integrations/identity/verify.js";
import { newToken, sha256 } from "../../lib/crypto.js";
import { conflict, DomainError, unauthorized, unprocessable } from "../../lib/errors.js";
import { type IdentitiesService, providerLabel } from "../members/identities.js";
import type { AuthService } from "./service.js";

const STATE_TTL_MS = 10 * 60_000;
const TICKET_TTL_MS = 15 * 60_000;

/** Where a redirect sign-in lands (our /threeway/callback page on this origin). */
const callbackUrl = (origin: string) => `${origin}/threeway/callback`;

export interface ProofOfIdentity {
  provider: SignInProvider;
  id_token?: string;
  code?: string;
  state: string;
}

/** Where the visitor came from when a sign-in starts: their sub-mall and referral code. */
export interface Visit {
  shop_id?: number;
  refcode?: string;
}

/** What third-party sign-in works with (third-party.ts builds it once). */
export interface ThirdPartyDeps {
  db: Db;
  providers: SignInProviders;
  auth: AuthService;
  identities: IdentitiesService;
  /** Told when a signed-in member binds a provider: the member hears of it (decision 77). */
  onBound?: (memberId: number, provider: string) => Promise<void>;
  now: () => Date;
}

function setup(deps: Pick<ThirdPartyDeps, "providers">, provider: SignInProvider) {
  const p = deps.providers.byProvider[provider];
  if (!p) throw unprocessable("SIGN_IN_PROVIDER_DISABLED", `目前未開放 ${providerLabel(provider)} 登入`);
  return p;
}

/** A token is good once: a second use (a replay) is refused, at least until it has expired anyway. */
async function useOnce(deps: ThirdPartyDeps, idToken: string, identity: VerifiedIdentity) {
  const { db, now } = deps;
  await db.delete(usedIdTokens).where(lt(usedIdTokens.expiresAt, now()));
  const claimed = await db
    .insert(usedIdTokens)
    .values({ tokenHash: sha256(idToken), expiresAt: identity.expiresAt })
    .onConflictDoNothing()
    .returning({ tokenHash: usedIdTokens.tokenHash });
  if (claimed.length === 0) throw invalidToken("此登入憑證已使用過，請重新登入");
  return identity;
}

async function consumeState(
  deps: ThirdPartyDeps,
  state: string,
  provider: SignInProvider,
  purpose: "login" | "bind",
  memberId?: number,
) {
  const { db, now } = deps;
  const [row] = await db
    .update(signInStates)
    .set({ usedAt: now() })
    .where(and(eq(signInStates.stateHash, sha256(state)), isNull(signInStates.usedAt), gt(signInStates.expiresAt, now())))
    .returning();
  if (!row || row.provider !== provider || row.purpose !== purpose || (purpose === "bind" && row.memberId !== memberId)) {
    throw new DomainError("invalid", "SIGN_IN_STATE_INVALID", "登入流程已失效，請重新登入");
  }
  return row;
}

/** LINE Login's authorization code for its ID token (the token endpoint, our channel secret). */
async function exchangeLineCode(deps: ThirdPartyDeps, code: string, redirectUri: string): Promise<string> {
  const line = setup(deps, "line");
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: redirectUri,
    client_id: line.clientId,
    client_secret: line.clientSecret ?? "",
  });
  const res = await (line.fetch ?? fetch)(line.tokenUrl ?? "", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: body.toString(),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (!res) throw new DomainError("upstream_failed", "LINE_UNREACHABLE", "LINE 暫時無法連線，請稍後再試");
  const json = (await res.json().catch(() => ({}))) as { id_token?: string };
  if (!res.ok || !json.id_token) throw invalidToken("LINE 授權已失效，請重新登入");
  return json.id_token;
}

/** The identity a web flow proves: our state (and its nonce), then the provider's ID token. */
async function prove(deps: ThirdPartyDeps, input: ProofOfIdentity, purpose: "login" | "bind", origin: string, memberId?: number) {
  const p = setup(deps, input.provider);
  const state = await consumeState(deps, input.state, input.provider, purpose, memberId);
  let idToken = input.id_token;
  if (input.provider === "line") {
    if (!input.code) throw new DomainError("invalid", "AUTHORIZATION_CODE_MISSING", "缺少授權碼");
    idToken = await exchangeLineCode(deps, input.code, callbackUrl(origin));
  }
  if (!idToken) throw new DomainError("invalid", "IDENTITY_TOKEN_MISSING", "缺少登入憑證");
  return useOnce(deps, idToken, await p.verifier.verify(idToken, state.nonce));
}

async function signInOrTicket(deps: ThirdPartyDeps, identity: VerifiedIdentity, visit: { shopId?: number; refcode?: string }) {
  const memberId = await deps.identities.memberFor(identity.provider, identity.subject);
  if (memberId !== undefined) return { signedIn: await deps.auth.signInMember(memberId) } as const;
  const ticket = newToken();
  await deps.db.insert(bindTickets).values({
    ticketHash: sha256(ticket),
    provider: identity.provider,
    subject: identity.subject,
    name: identity.name,
    email: identity.email,
    shopId: visit.shopId ?? null,
    refcode: visit.refcode ?? null,
    expiresAt: new Date(deps.now().getTime() + TICKET_TTL_MS),
  });
  const view: BindTicketView = {
    bind_ticket: ticket,
    provider: identity.provider,
    label: providerLabel(identity.provider),
    name: identity.name,
    email: identity.email,
  };
  return { ticket: view } as const;
}

async function liveTicket(deps: ThirdPartyDeps, ticket: string) {
  const [row] = await deps.db
    .select()
    .from(bindTickets)
    .where(and(eq(bindTickets.ticketHash, sha256(ticket)), isNull(bindTickets.usedAt), gt(bindTickets.expiresAt, deps.now())));
  if (!row) throw new DomainError("invalid", "BIND_TICKET_INVALID", "綁定資料已失效，請重新登入");
  return row;
}

async function consumeTicket(deps: ThirdPartyDeps, ticket: string) {
  const { db, now } = deps;
  const [row] = await db
    .update(bindTickets)
    .set({ usedAt: now() })
    .where(and(eq(bindTickets.ticketHash, sha256(ticket)), isNull(bindTickets.usedAt), gt(bindTickets.expiresAt, now())))
    .returning();
  if (!row) throw new DomainError("invalid", "BIND_TICKET_INVALID", "綁定資料已失效，請重新登入");
  return row;
}

/** The providers on offer, and what the sign-in page loads for them. */
export function signInOptions(deps: Pick<ThirdPartyDeps, "providers">): SignInOptions {
  const { providers } = deps;
  const list = Object.values(providers.byProvider);
  const google = providers.byProvider.google;
  return {
    providers: list.map((p) => ({
      provider: p.provider,
      label: providerLabel(p.provider),
      simulated: p.simulated,
      client_id: p.clientId,
    })),
    liff_id: providers.byProvider.line ? providers.liffId : null,
    google_script: google ? (google.simulated ? "/api/idp-sim/google/gsi.js" : "https://accounts.google.com/gsi/client") : null,
  };
}

/** Starts a flow: a state and nonce kept for ten minutes, and where to send the browser. */
export async function startSignIn(
  deps: ThirdPartyDeps,
  provider: SignInProvider,
  purpose: "login" | "bind",
  origin: string,
  memberId?: number,
): Promise<ThreeWayStart> {
  const { db, now } = deps;
  const p = setup(deps, provider);
  if (purpose === "bind" && memberId === undefined) throw unauthorized();
  const state = newToken();
  const nonce = newToken();
  await db.delete(signInStates).where(lt(signInStates.expiresAt, now()));
  await db.insert(signInStates).values({
    stateHash: sha256(state),
    provider,
    nonce,
    purpose,
    memberId: memberId ?? null,
    expiresAt: new Date(now().getTime() + STATE_TTL_MS),
  });
  let authorize: string | null = null;
  if (provider !== "google") {
    const url = new URL(p.authorizeUrl, origin);
    const q =
      provider === "line"
        ? {
            response_type: "code",
            client_id: p.clientId,
            redirect_uri: callbackUrl(origin),
            state,
            scope: "openid profile",
            nonce,
          }
        : {
            client_id: p.clientId,
            redirect_uri: callbackUrl(origin),
            state,
            response_type: "id_token",
            scope: "openid",
            nonce,
          };
    for (const [k, v] of Object.entries(q)) url.searchParams.set(k, v);
    authorize = url.href;
  }
  return { state, nonce, authorize_url: authorize };
}

/** A redirect or pop-up flow's proof: a known identity signs in, an unknown one gets a bind ticket. */
export async function providerLogin(deps: ThirdPartyDeps, input: ProofOfIdentity & Visit, origin: string) {
  const identity = await prove(deps, input, "login", origin);
  return signInOrTicket(deps, identity, { shopId: input.shop_id, refcode: input.refcode });
}

/** LIFF: LINE's own ID token from inside the LINE app (no redirect, so no state). */
export async function liffLogin(deps: ThirdPartyDeps, input: { id_token: string } & Visit) {
  const identity = await useOnce(deps, input.id_token, await setup(deps, "line").verifier.verify(input.id_token));
  return signInOrTicket(deps, identity, { shopId: input.shop_id, refcode: input.refcode });
}

/** A bind ticket used on an existing account, proven by its password. */
export async function bindExisting(deps: ThirdPartyDeps, ticket: string, account: string, password: string): Promise<AuthResult> {
  const member = await deps.auth.checkPassword({ account, password });
  const t = await consumeTicket(deps, ticket);
  await deps.identities.bind(member.id, t.provider, t.subject);
  // A phished password turned into a standing way in must not pass silently: the member hears of it.
  await deps.onBound?.(member.id, t.provider).catch(() => undefined);
  return deps.auth.signInMember(member.id);
}

/** A bind ticket used to register a new member, who is then bound to the identity. */
export async function registerAndBind(
  deps: ThirdPartyDeps,
  ticket: string,
  input: Omit<Parameters<AuthService["register"]>[0], "shop_id">,
): Promise<AuthResult> {
  const { auth, identities } = deps;
  // The ticket stays usable if the registration is refused (a wrong SMS code, a taken phone).
  const t = await liveTicket(deps, ticket);
  if ((await identities.memberFor(t.provider, t.subject)) !== undefined)
    throw conflict("IDENTITY_BOUND_ELSEWHERE", `此 ${providerLabel(t.provider)} 帳號已綁定其他會員`);
  const result = await auth.register({
    ...input,
    refcode: input.refcode ?? t.refcode ?? undefined,
    shop_id: t.shopId ?? undefined,
  });
  await consumeTicket(deps, ticket);
  await identities.bind(result.user.id, t.provider, t.subject);
  return result;
}

/** Binds a provider to the signed-in member (account_binding). */
export async function bindSignedIn(deps: ThirdPartyDeps, memberId: number, input: ProofOfIdentity, origin: string) {
  const identity = await prove(deps, input, "bind", origin, memberId);
  await deps.identities.bind(memberId, identity.provider, identity.subject);
  // A new way into the account: its owner is told, so a binding made with a stolen session is seen.
  await deps.onBound?.(memberId, identity.provider).catch(() => undefined);
  return deps.identities.bindings(memberId);
}
