import type { AuthResult, BindTicketView } from "@shop/contract/front-user";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { settle, takePending, visitContext } from "../features/auth/thirdParty";
import { api } from "../lib/api";
import { parseShopPrefix, shopScope } from "../lib/shop";
import { storage } from "../lib/storage";
import type { Route } from "./+types/threeway-callback";

export const meta: Route.MetaFunction = () => [{ title: "登入中｜茶山好物" }, { name: "robots", content: "noindex" }];

/**
 * /threeway/callback (ours): where LINE Login (?code=&state=) and Facebook (#id_token=&state=)
 * send the browser back. The server checks everything; this page only forwards and moves on.
 * The providers only know this one unprefixed address, so the visit's sub-mall (kept for the
 * session) decides where the bind page and the sign-in link are.
 */
export default function ThreeWayCallback() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [shop] = useState(() => shopScope(parseShopPrefix(storage.subMall() ?? undefined)));
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const query = new URLSearchParams(window.location.search);
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const state = query.get("state") ?? fragment.get("state") ?? "";
    const pending = takePending(state);
    if (!pending) return setError("登入流程已失效，請重新登入");
    const proof = {
      provider: pending.provider,
      state,
      ...(query.get("code") ? { code: query.get("code") } : {}),
      ...(fragment.get("id_token") ? { id_token: fragment.get("id_token") } : {}),
    };
    // The token must not stay in the address bar or the history.
    window.history.replaceState(null, "", window.location.pathname);
    void (async () => {
      if (pending.purpose === "bind") {
        const r = await api("/api/user/threeway/bind", { body: proof });
        if (!r.status) return setError(r.message);
        return navigate(`${pending.next}${pending.next.includes("?") ? "&" : "?"}bound=${pending.provider}`, { replace: true });
      }
      const r = await api<AuthResult | BindTicketView>("/api/threeway/login", { body: { ...proof, ...visitContext() } });
      const out = settle(r, pending.next);
      if (out.kind === "error") return setError(out.message);
      navigate(out.kind === "ticket" ? shop.path("/threeway/bind") : out.next, { replace: true });
    })();
  }, [navigate, shop]);
  return (
    <section className="card mx-auto w-full max-w-md text-center">
      {error ? (
        <>
          <h1 className="text-xl font-bold text-stone-800">無法完成登入</h1>
          <p className="mt-2 text-stone-600" role="alert">
            {error}
          </p>
          <Link to={shop.path("/login")} className="btn-primary mt-4">
            回到登入
          </Link>
        </>
      ) : (
        <p role="status">登入中，請稍候…</p>
      )}
    </section>
  );
}
