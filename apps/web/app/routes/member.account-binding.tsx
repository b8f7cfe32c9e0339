import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { formatDate } from "@shop/contract/format";
import type { BindingView, SignInOptions } from "@shop/contract/front-user";
import { useCallback, useEffect } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { GoogleButton } from "../features/auth/ThirdPartyButtons";
import { startThreeWay } from "../features/auth/thirdParty";
import { MemberLoadError, memberRead } from "../features/member/member-read";
import { memberTitle } from "../features/member/server-text";
import { api } from "../lib/api";
import { useShop } from "../lib/shop";
import { useAlerts } from "../ui/alerts";
import type { Route } from "./+types/member.account-binding";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: memberTitle(location.pathname, msg`帳號綁定`) },
  { name: "robots", content: "noindex" },
];

export async function clientLoader() {
  const [data, options] = await Promise.all([
    memberRead<BindingView[]>("/api/user/threeway/get"),
    // Without the options only Google's button is missing; the bindings still show.
    api<SignInOptions>("/api/threeway/options").then((r) => (r.status ? r.data : null)),
  ]);
  return { data, options };
}
export { MemberLoadError as ErrorBoundary };

/**
 * /member/account_binding: binds and unbinds LINE, Google and Facebook (threeway/get, bind,
 * unbind). A provider the shop does not offer says so instead of showing a button that cannot work;
 * the server refuses to unbind the member's last way to sign in.
 */
export default function AccountBinding({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { data, options } = loaderData;
  const alerts = useAlerts();
  const shop = useShop();
  const [params] = useSearchParams();
  // A bind or unbind changes the list: the loader reads it again.
  const { revalidate } = useRevalidator();
  const bound = params.get("bound");
  useEffect(() => {
    if (bound) alerts.toast(t`綁定成功`);
  }, [bound, alerts, t]);

  const here = shop.path("/member/account_binding");
  const bindGoogle = useCallback(
    async (state: string, idToken: string) => {
      const r = await api<BindingView[]>("/api/user/threeway/bind", { body: { provider: "google", id_token: idToken, state } });
      if (!r.status) return void alerts.error(r.message);
      await revalidate();
      alerts.toast(t`綁定成功`);
    },
    [alerts, revalidate, t],
  );
  async function unbind(b: BindingView) {
    const provider = b.label;
    if (!(await alerts.confirm(t`確定要解除 ${provider} 綁定嗎？`))) return;
    const r = await api<BindingView[]>("/api/user/threeway/unbind", { body: { provider: b.provider } });
    if (!r.status) return alerts.error(r.message);
    await revalidate();
    alerts.toast(t`已解除綁定`);
  }

  const anyAvailable = data.some((b) => b.available);
  const google = options?.providers.find((p) => p.provider === "google");
  return (
    <section className="card">
      <h1 className="text-xl font-bold text-stone-800">{t`帳號綁定`}</h1>
      <p className="mt-2 text-stone-600">{t`綁定後可使用第三方帳號快速登入本帳號。`}</p>
      <ul className="mt-4 divide-y divide-stone-100" aria-label={t`第三方帳號`}>
        {data.map((b) => {
          const provider = b.label;
          const boundAt = b.bound && b.bound_at ? formatDate(b.bound_at) : "";
          return (
            <li
              key={b.provider}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
              data-testid={`binding-${b.provider}`}
            >
              <div>
                <p className="font-medium text-stone-800">{b.label}</p>
                <p className={`text-sm ${b.bound ? "text-tea-700" : "text-stone-500"}`}>
                  {b.bound ? t`已綁定（${boundAt}）` : b.available ? t`未綁定` : t`未綁定・尚未開放`}
                </p>
              </div>
              {b.bound ? (
                <button type="button" className="btn-secondary" onClick={() => void unbind(b)}>
                  {t`解除綁定`}
                </button>
              ) : !b.available ? null : b.provider === "google" ? (
                google && (
                  <GoogleButton
                    clientId={google.client_id}
                    script={options?.google_script ?? null}
                    next={here}
                    bind={bindGoogle}
                  />
                )
              ) : (
                <button
                  type="button"
                  className="btn-primary"
                  onClick={async () => {
                    const r = await startThreeWay(b.provider, "bind", here);
                    if (!r.status) await alerts.error(r.message);
                  }}
                >
                  {t`綁定 ${provider}`}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {!anyAvailable && (
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {t`第三方帳號綁定功能尚未開放，目前請使用手機號碼與密碼登入。`}
        </p>
      )}
    </section>
  );
}
