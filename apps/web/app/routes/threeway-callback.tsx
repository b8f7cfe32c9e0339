import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { AuthResult, BindTicketView } from "@shop/contract/front-user";
import { Link } from "react-router";
import { leaveTo } from "../features/auth/replace-redirect";
import { settle, takePending, visitContext } from "../features/auth/thirdParty";
import { langOfPath, translate, useLang } from "../i18n/runtime";
import { api } from "../lib/api";
import { parseShopPrefix, shopScope } from "../lib/shop";
import { storage } from "../lib/storage";
import type { Route } from "./+types/threeway-callback";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: translate(location.pathname, msg`登入中｜茶山好物`) },
  { name: "robots", content: "noindex" },
];

/**
 * /threeway/callback (ours): where LINE Login (?code=&state=) and Facebook (#id_token=&state=)
 * send the browser back. The server checks everything; this loader only forwards and moves on
 * (replacing this address in the history), or answers why it could not. The providers only know
 * this one unprefixed address, so the visit's sub-mall (kept for the session) decides where the
 * bind page and the sign-in link are.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const query = url.searchParams;
  // The fragment never reaches a request: it is read from the address the provider sent the browser to.
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const state = query.get("state") ?? fragment.get("state") ?? "";
  const pending = takePending(state);
  // The bind page and the sign-in link are in the language of the page the flow started on.
  const shop = shopScope(parseShopPrefix(storage.subMall() ?? undefined), pending?.lang);
  const failed = (error: string) => ({ error, loginPath: shop.path("/login") });
  if (!pending) return failed(translate(url.pathname, msg`登入流程已失效，請重新登入`));
  const proof = {
    provider: pending.provider,
    state,
    ...(query.get("code") ? { code: query.get("code") } : {}),
    ...(fragment.get("id_token") ? { id_token: fragment.get("id_token") } : {}),
  };
  // The token must not stay in the address bar or the history (React Router's own entry state is kept).
  window.history.replaceState(window.history.state, "", window.location.pathname);
  // This page's address has no /en: the language is the flow's own (the member's and the refusals').
  const headers = pending.lang === "en" ? { "x-page-lang": "en" } : undefined;
  if (pending.purpose === "bind") {
    const r = await api("/api/user/threeway/bind", { body: proof, headers });
    if (!r.status) return failed(r.message);
    return leaveTo(`${pending.next}${pending.next.includes("?") ? "&" : "?"}bound=${pending.provider}`);
  }
  const r = await api<AuthResult | BindTicketView>("/api/threeway/login", { body: { ...proof, ...visitContext() }, headers });
  const out = settle(r, pending.next);
  if (out.kind === "error") return failed(out.message);
  return leaveTo(out.kind === "ticket" ? shop.path("/threeway/bind") : out.next);
}

export function HydrateFallback() {
  const { t } = useLingui();
  return (
    <section className="card mx-auto w-full max-w-md text-center">
      <p role="status">{t`登入中，請稍候…`}</p>
    </section>
  );
}

export default function ThreeWayCallback({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const lang = useLang();
  return (
    <section className="card mx-auto w-full max-w-md text-center">
      <h1 className="text-xl font-bold text-stone-800">{t`無法完成登入`}</h1>
      <p className="mt-2 text-stone-600" role="alert">
        {loaderData.error}
      </p>
      {/* A sign-in begun in the other language goes back to its own (a new document). */}
      <Link to={loaderData.loginPath} reloadDocument={langOfPath(loaderData.loginPath) !== lang} className="btn-primary mt-4">
        {t`回到登入`}
      </Link>
    </section>
  );
}
