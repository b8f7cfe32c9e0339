import { randomBytes } from "node:crypto";
import type { SignInProvider } from "@shop/contract/front-user";
import { type CryptoKey, exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from "jose";

/** Client ids the simulated providers issue tokens for. */
export const SIM_CLIENT_IDS: Record<SignInProvider, string> = {
  line: "1650000000",
  google: "sim-google-client.apps.googleusercontent.com",
  facebook: "1000000000000000",
};
export const SIM_LINE_SECRET = "sim-line-channel-secret-0123456789abcdef";
export const SIM_ISSUERS: Record<SignInProvider, string> = {
  line: "https://access.line.me",
  google: "https://accounts.google.com",
  facebook: "https://www.facebook.com",
};
/** The base URL the simulator answers on through its in-process fetch. */
export const SIM_BASE = "http://idp.simulator";

const ALGS: Record<SignInProvider, "ES256" | "RS256"> = { line: "ES256", google: "RS256", facebook: "RS256" };
const CODE_TTL_MS = 5 * 60_000;

interface Signer {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

/**
 * Local LINE, Google and Facebook identity providers that speak the parts of their protocols we
 * use: published keys (JWKS), ID tokens signed like theirs (LINE ES256 for LIFF, HS256 with the
 * channel secret for LINE Login's code exchange; Google and Facebook RS256), LINE's token endpoint
 * for authorization codes. The default configuration signs in through it (測試模式); tests mint
 * tokens with it, including expired, mis-addressed and forged ones.
 */
export async function createIdentitySimulator(now: () => number = Date.now) {
  const signers = {} as Record<SignInProvider, Signer>;
  for (const provider of ["line", "google", "facebook"] as const) {
    const { privateKey, publicKey } = await generateKeyPair(ALGS[provider], { extractable: true });
    const kid = `${provider}-${randomBytes(4).toString("hex")}`;
    signers[provider] = { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: ALGS[provider], use: "sig" } };
  }
  const codes = new Map<string, { idToken: string; redirectUri: string; expiresAt: number }>();

  async function mint(
    provider: SignInProvider,
    claims: JWTPayload & { nonce?: string; name?: string; email?: string; email_verified?: boolean },
    opts: { ttlSeconds?: number; audience?: string; issuer?: string; hs256?: boolean; key?: CryptoKey } = {},
  ): Promise<string> {
    const iat = Math.floor(now() / 1000);
    const s = signers[provider];
    const alg = opts.hs256 ? "HS256" : ALGS[provider];
    const jwt = new SignJWT({ ...claims })
      .setProtectedHeader(opts.hs256 ? { alg, typ: "JWT" } : { alg, kid: s.kid, typ: "JWT" })
      .setIssuer(opts.issuer ?? SIM_ISSUERS[provider])
      .setAudience(opts.audience ?? SIM_CLIENT_IDS[provider])
      .setIssuedAt(iat)
      .setExpirationTime(iat + (opts.ttlSeconds ?? 3600));
    return jwt.sign(opts.hs256 ? new TextEncoder().encode(SIM_LINE_SECRET) : (opts.key ?? s.privateKey));
  }

  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

  /** LINE's token endpoint and every provider's JWKS, as an in-process fetch. */
  const simFetch: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const jwks = /^\/(line|google|facebook)\/jwks$/.exec(url.pathname);
    if (jwks) return json({ keys: [signers[jwks[1] as SignInProvider].jwk] });
    if (url.pathname === "/line/oauth2/v2.1/token" && init?.method === "POST") {
      const form = new URLSearchParams(String(init.body ?? ""));
      const entry = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      if (
        form.get("grant_type") !== "authorization_code" ||
        form.get("client_id") !== SIM_CLIENT_IDS.line ||
        form.get("client_secret") !== SIM_LINE_SECRET ||
        !entry ||
        entry.expiresAt < now() ||
        entry.redirectUri !== form.get("redirect_uri")
      ) {
        return json({ error: "invalid_grant", error_description: "invalid authorization code" }, 400);
      }
      return json({
        access_token: randomBytes(16).toString("hex"),
        token_type: "Bearer",
        expires_in: 2592000,
        id_token: entry.idToken,
      });
    }
    return json({ error: "not_found" }, 404);
  };

  return {
    mint,
    fetch: simFetch,
    jwks: (provider: SignInProvider) => ({ keys: [signers[provider].jwk] }),
    /**
     * The provider's consent page said yes for this test identity: where the browser goes back to.
     * LINE returns a code (exchanged by the server); Facebook returns the ID token in the fragment.
     */
    async approve(
      provider: "line" | "facebook",
      p: { redirectUri: string; state: string; nonce: string; subject: string; name: string },
    ): Promise<string> {
      const back = new URL(p.redirectUri);
      if (provider === "line") {
        const idToken = await mint("line", { sub: p.subject, name: p.name, nonce: p.nonce }, { hs256: true });
        const code = randomBytes(16).toString("hex");
        codes.set(code, { idToken, redirectUri: p.redirectUri, expiresAt: now() + CODE_TTL_MS });
        back.searchParams.set("code", code);
        back.searchParams.set("state", p.state);
        return back.href;
      }
      const idToken = await mint("facebook", { sub: p.subject, name: p.name, nonce: p.nonce });
      back.hash = new URLSearchParams({ id_token: idToken, state: p.state }).toString();
      return back.href;
    },
  };
}

export type IdentitySimulator = Awaited<ReturnType<typeof createIdentitySimulator>>;
