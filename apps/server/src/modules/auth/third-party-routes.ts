import {
  liffLoginInput,
  threeWayLoginBindInput,
  threeWayLoginInput,
  threeWayStartInput,
  threeWayUnbindInput,
  z,
} from "@shop/contract";
import {
  answers,
  authResult,
  bindingView,
  raw,
  redirect,
  signInOptions,
  simulatedCredential,
  simulatedIdToken,
  threeWayOutcome,
  threeWayStart,
} from "@shop/contract/responses";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { IdentitySimulator } from "../../integrations/identity/simulator.js";
import type { Config } from "../../lib/config/index.js";
import { acceptFormPosts } from "../../lib/form.js";
import { ok, publicOrigin } from "../../lib/http.js";
import { pageLangOf } from "../../lib/page-lang.js";
import type { SessionGuards } from "../../plugins/session.js";
import { sessionOf } from "../../plugins/session.js";
import type { CartService } from "../cart/service.js";
import type { IdentitiesService } from "../members/identities.js";
import type { MembersService } from "../members/service.js";
import { afterSignIn } from "./signed-in.js";
import type { ThirdPartySignIn } from "./third-party.js";

/** LINE (LIFF and LINE Login), Google and Facebook sign-in and account binding. */
export function thirdPartyRoutes(
  services: { cart: CartService; members: MembersService; identities: IdentitiesService; thirdParty: ThirdPartySignIn },
  guards: SessionGuards,
  config: Config,
): FastifyPluginAsyncZod {
  const { thirdParty } = services;
  const limited = { rateLimit: { max: config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: "1 minute" } };
  const origin = (req: FastifyRequest) => publicOrigin(config, req);
  const adoptCart = afterSignIn(services);
  type Outcome = Awaited<ReturnType<typeof thirdParty.login>>;
  const answer = async (req: FastifyRequest, r: Outcome, opts: { keepLang?: boolean } = {}) =>
    r.signedIn
      ? ok(await adoptCart(req, r.signedIn, opts), "登入成功")
      : { status: false, message: `此 ${r.ticket.label} 帳號尚未綁定會員，請登入既有帳號或註冊新會員`, data: r.ticket };

  return async (app) => {
    // Ours: which providers this shop offers (the sign-in page shows only these).
    app.get("/threeway/options", { schema: { response: answers(signInOptions) } }, async () => ok(thirdParty.options()));

    app.post(
      "/threeway/start",
      {
        schema: { body: threeWayStartInput, response: answers(threeWayStart) },
        preHandler: guards.optionalMember,
        config: limited,
      },
      async (req) => ok(await thirdParty.start(req.body.provider, req.body.purpose, origin(req), req.session?.member.id)),
    );

    app.post(
      "/threeway/login",
      { schema: { body: threeWayLoginInput, response: answers(threeWayOutcome) }, config: limited },
      async (req) => answer(req, await thirdParty.login(req.body, origin(req))),
    );

    app.post(
      "/auth/liff_login",
      { schema: { body: liffLoginInput, response: answers(threeWayOutcome) }, config: limited },
      // A LIFF page's address has no language: the member's stays as their last page left it.
      async (req) => answer(req, await thirdParty.liffLogin(req.body), { keepLang: true }),
    );

    app.post(
      "/auth/threeWayLoginBind",
      { schema: { body: threeWayLoginBindInput, response: answers(authResult) }, config: limited },
      async (req) => {
        const b = req.body;
        const result =
          "register" in b
            ? await thirdParty.registerAndBind(b.bind_ticket, { ...b.register, lang: pageLangOf(req.headers) })
            : await thirdParty.bindExisting(b.bind_ticket, b.account, b.password);
        return ok(await adoptCart(req, result), "register" in b ? "註冊成功，已完成綁定" : "綁定成功");
      },
    );

    app.post(
      "/user/threeway/bind",
      {
        schema: { body: threeWayLoginInput, response: answers(z.array(bindingView)) },
        preHandler: guards.requireMember,
        config: limited,
      },
      async (req) => ok(await thirdParty.bindSignedIn(sessionOf(req).member.id, req.body, origin(req)), "綁定成功"),
    );

    // Ours: unbinding, refused for the member's last way to sign in.
    app.post(
      "/user/threeway/unbind",
      { schema: { body: threeWayUnbindInput, response: answers(z.array(bindingView)) }, preHandler: guards.requireMember },
      async (req) => {
        const id = sessionOf(req).member.id;
        await services.identities.unbind(id, req.body.provider);
        return ok(await services.identities.bindings(id), "已解除綁定");
      },
    );
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The simulated providers' pages (測試模式): LINE's and Facebook's consent page, Google's button
 * script double, and LINE ID tokens for the LIFF mock. Mounted only when the simulator runs.
 */
export function identitySimulatorRoutes(sim: IdentitySimulator): FastifyPluginAsyncZod {
  const provider = z.enum(["line", "facebook"]);
  const authorizeQuery = z.object({
    redirect_uri: z.url(),
    state: z.string().min(1).max(200),
    nonce: z.string().min(1).max(200),
  });
  const identity = {
    subject: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: "測試帳號 ID 為 1–40 個英數字" }),
    name: z.string().trim().min(1).max(30),
  };
  const labels = { line: "LINE", facebook: "Facebook" } as const;

  return async (app) => {
    acceptFormPosts(app);
    app.get(
      "/idp-sim/:provider/authorize",
      {
        schema: {
          params: z.object({ provider }),
          querystring: authorizeQuery,
          response: raw("text/html", "the simulated provider's consent page (測試模式)"),
        },
      },
      async (req, reply) => {
        const p = req.params.provider;
        const q = req.query;
        const hidden = (k: string, v: string) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`;
        reply.type("text/html; charset=utf-8");
        return `<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${labels[p]} 登入（測試模式）</title>
<style>body{font-family:system-ui,"Noto Sans CJK TC",sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#292524}
label{display:block;margin:12px 0 4px}input{width:100%;padding:10px;font-size:16px;box-sizing:border-box}
button{margin-top:16px;width:100%;padding:12px;font-size:16px;background:#06c755;color:#fff;border:0;border-radius:8px}
.tag{background:#fef3c7;padding:2px 8px;border-radius:4px}</style></head><body>
<h1>${labels[p]} 登入 <span class="tag">測試模式</span></h1>
<p>這是本機模擬的 ${labels[p]}，用來測試第三方登入流程；不會連線到真正的 ${labels[p]}。</p>
<form method="post" action="/api/idp-sim/${p}/approve">
${hidden("redirect_uri", q.redirect_uri)}${hidden("state", q.state)}${hidden("nonce", q.nonce)}
<label for="subject">測試帳號 ID</label><input id="subject" name="subject" value="${p}-user-1" required>
<label for="name">顯示名稱</label><input id="name" name="name" value="${labels[p]} 測試使用者" required>
<button type="submit">同意並登入</button></form></body></html>`;
      },
    );

    app.post(
      "/idp-sim/:provider/approve",
      {
        schema: {
          params: z.object({ provider }),
          body: authorizeQuery.extend(identity),
          response: redirect("back to the shop's /threeway/callback with the code (LINE) or ID token (Facebook)"),
        },
      },
      async (req, reply) => {
        const b = req.body;
        const to = await sim.approve(req.params.provider, {
          redirectUri: b.redirect_uri,
          state: b.state,
          nonce: b.nonce,
          subject: b.subject,
          name: b.name,
        });
        return reply.redirect(to, 303);
      },
    );

    // Google's account chooser, simulated: an ID token for a test account and the page's nonce.
    app.post(
      "/idp-sim/google/credential",
      {
        schema: {
          body: z.strictObject({ nonce: z.string().min(1).max(200), ...identity }),
          response: answers(simulatedCredential),
        },
      },
      async (req) =>
        ok({
          credential: await sim.mint("google", {
            sub: req.body.subject,
            name: req.body.name,
            nonce: req.body.nonce,
            email: `${req.body.subject}@example.com`,
            email_verified: true,
          }),
        }),
    );

    // What LINE gives a LIFF page: an ES256 ID token for the LIFF mock to hand out.
    app.post(
      "/idp-sim/line/liff-token",
      { schema: { body: z.strictObject(identity), response: answers(simulatedIdToken) } },
      async (req) => ok({ id_token: await sim.mint("line", { sub: req.body.subject, name: req.body.name }) }),
    );

    app.get(
      "/idp-sim/google/gsi.js",
      { schema: { response: raw("text/javascript", "a double of Google Identity Services' client (測試模式)") } },
      async (_req, reply) => {
        reply.type("text/javascript; charset=utf-8");
        return GSI_DOUBLE;
      },
    );
  };
}

/**
 * A stand-in for Google Identity Services' client (google.accounts.id): initialize, renderButton
 * and a click that returns a credential for the test account in localStorage `simGoogleSub`.
 */
const GSI_DOUBLE = `(() => {
  let options = null;
  const id = {
    initialize(o) { options = o; },
    renderButton(el) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = document.documentElement.lang === "en" ? "Sign in with Google (test mode)" : "使用 Google 帳號登入（測試模式）";
      b.className = "btn-secondary w-full";
      // Google's own button is 40 px tall; the page keeps that room for it.
      b.style.height = "40px";
      b.addEventListener("click", async () => {
        // The configuration at the moment of the click, as Google's own button keeps it.
        const o = options;
        const subject = localStorage.getItem("simGoogleSub") || "google-user-1";
        const res = await fetch("/api/idp-sim/google/credential", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ nonce: o.nonce, subject, name: "Google 測試使用者" }),
        });
        const body = await res.json();
        o.callback({ credential: body.data.credential, select_by: "btn" });
      });
      el.replaceChildren(b);
    },
    prompt() {},
    disableAutoSelect() {},
  };
  window.google = { accounts: { id } };
})();
`;
