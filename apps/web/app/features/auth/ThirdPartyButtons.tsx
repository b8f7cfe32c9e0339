import { useLingui } from "@lingui/react/macro";
import type { AuthResult, BindTicketView, SignInOptions, SignInProvider, ThreeWayStart } from "@shop/contract/front-user";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { useLang } from "../../i18n/runtime";
import { api } from "../../lib/api";
import { useShop } from "../../lib/shop";
import { useAlerts } from "../../ui/alerts";
import { settle, startThreeWay, visitContext } from "./thirdParty";

interface GoogleId {
  initialize(o: { client_id: string; nonce: string; callback: (r: { credential: string }) => void }): void;
  renderButton(el: HTMLElement, o: Record<string, unknown>): void;
}
declare global {
  interface Window {
    google?: { accounts: { id: GoogleId } };
  }
}

const STYLE: Record<"line" | "facebook", string> = {
  // Outlined in the brand colour: white text on LINE green (2.3:1) or Facebook blue (4.2:1) is too
  // faint to read for many (WCAG 1.4.3 asks 4.5:1).
  line: "bg-white text-stone-800 ring-2 ring-[#06c755] hover:bg-[#06c755]/10",
  facebook: "bg-white text-stone-800 ring-2 ring-[#1877f2] hover:bg-[#1877f2]/10",
};

/**
 * The sign-in ways this shop offers (only those configured, or simulated in 測試模式). LINE and
 * Facebook leave for the provider's page; Google uses its own button script. The options come
 * from the page's loader, so the block is in the server's page: fetched after mount, it pushed the
 * links below it down under a shopper's finger.
 */
export function ThirdPartyButtons({ next, options }: { next: string; options: SignInOptions | null }) {
  const { t } = useLingui();
  const alerts = useAlerts();
  if (!options || options.providers.length === 0) return null;
  const simulated = options.providers.some((p) => p.simulated);
  const signInWith = (label: string) => t`使用 ${label} 登入`;
  return (
    <div className="mt-6 border-t border-stone-200 pt-5">
      <p className="mb-3 text-center text-sm text-stone-500">
        {t`或使用以下帳號登入`}
        {simulated ? t`（測試模式）` : ""}
      </p>
      <div className="flex flex-col gap-3">
        {options.providers.map((p) =>
          p.provider === "google" ? (
            <GoogleButton key="google" clientId={p.client_id} script={options.google_script} next={next} />
          ) : (
            <button
              key={p.provider}
              type="button"
              className={`w-full rounded-lg px-4 py-2.5 font-medium ${STYLE[p.provider as "line" | "facebook"]}`}
              onClick={async () => {
                const r = await startThreeWay(p.provider, "login", next);
                if (!r.status) await alerts.error(r.message);
              }}
            >
              {signInWith(p.label)}
            </button>
          ),
        )}
      </div>
    </div>
  );
}

/** Google Identity Services' button, loaded only here; its credential carries our nonce. */
export function GoogleButton({
  clientId,
  script,
  next,
  bind,
}: {
  clientId: string;
  script: string | null;
  next: string;
  bind?: (state: string, idToken: string) => Promise<void>;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const shop = useShop();
  const alerts = useAlerts();
  const lang = useLang();
  // What the credential callback needs, read when it fires: the button is set up once per page,
  // because each setup starts a new flow (state and nonce) on the server.
  const latest = useRef({ next, bind, navigate, shop, alerts });
  latest.current = { next, bind, navigate, shop, alerts };
  const purpose = bind ? "bind" : "login";
  useEffect(() => {
    if (!script) return;
    let cancelled = false;
    void (async () => {
      const s = await api<ThreeWayStart>("/api/threeway/start", { body: { provider: "google", purpose } });
      if (!s.status || cancelled) return;
      await loadScript(script);
      const id = window.google?.accounts.id;
      if (!id || !holder.current || cancelled) return;
      id.initialize({
        client_id: clientId,
        nonce: s.data.nonce,
        callback: async ({ credential }) => {
          const { next, bind, navigate, shop, alerts } = latest.current;
          if (bind) return bind(s.data.state, credential);
          const r = await api<AuthResult | BindTicketView>("/api/threeway/login", {
            body: { provider: "google" as SignInProvider, id_token: credential, state: s.data.state, ...visitContext() },
          });
          const out = settle(r, next);
          if (out.kind === "error") return alerts.error(out.message);
          navigate(out.kind === "ticket" ? shop.path("/threeway/bind") : out.next);
        },
      });
      id.renderButton(holder.current, {
        type: "standard",
        text: "signin_with",
        locale: lang === "en" ? "en" : "zh-TW",
        width: 320,
      });
    })();
    return () => {
      cancelled = true;
    };
  }, [clientId, script, purpose, lang]);
  return <div ref={holder} className="flex min-h-10 justify-center" data-testid="google-button" />;
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (document.querySelector(`script[src="${src}"]`)) return resolve();
    const el = document.createElement("script");
    el.src = src;
    el.async = true;
    el.onload = () => resolve();
    el.onerror = () => reject(new Error(`script ${src}`));
    document.head.append(el);
  });
}
