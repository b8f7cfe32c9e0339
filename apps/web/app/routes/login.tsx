import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type AuthResult, loginInput } from "@shop/contract";
import type { PublicUser, SignInOptions } from "@shop/contract/front-user";
import { useNavigate, useSearchParams } from "react-router";
import { replaceTo } from "../features/auth/replace-redirect";
import { ThirdPartyButtons } from "../features/auth/ThirdPartyButtons";
import { useApiForm } from "../features/auth/useApiForm";
import { langOfPath, translate, useLang } from "../i18n/runtime";
import { api } from "../lib/api";
import { safeNext } from "../lib/safe-next";
import { site } from "../lib/seo";
import { MAIN_SHOP_ID, parseShopPrefix, shopScope, useShop } from "../lib/shop";
import { storage } from "../lib/storage";
import { Field } from "../ui/Field";
import { ShopLink } from "../ui/ShopLink";
import { SubmitButton } from "../ui/SubmitButton";
import type { Route } from "./+types/login";

// A sub-mall's pages carry its own name.
export const meta: Route.MetaFunction = ({ matches, location }) => {
  const siteName = site(matches).siteName;
  return [{ title: translate(location.pathname, msg`會員登入｜${siteName}`) }];
};

/** The sign-in ways on offer, in the server's page (see ThirdPartyButtons). */
export async function loader({ context }: Route.LoaderArgs) {
  const r = await context.api<SignInOptions>("/api/threeway/options");
  return { signIn: r.status ? r.data : null };
}

/**
 * A member already signed in has nothing to do here: on to `next` when it is a path of this site,
 * else their member page. The token is checked first (a stale one is signed out by api()); the
 * form's own data comes from the server's page (on arrival, the one already rendered).
 */
export async function clientLoader({ request, params, serverLoader }: Route.ClientLoaderArgs) {
  if (storage.token()) {
    const r = await api<PublicUser>("/api/user/get");
    if (r.status && storage.token()) {
      const url = new URL(request.url);
      const next = safeNext(url.searchParams.get("next"));
      throw replaceTo(next ?? shopScope(parseShopPrefix(params.shopPrefix), langOfPath(url.pathname)).path("/member"));
    }
  }
  return serverLoader();
}
clientLoader.hydrate = true as const;

export default function Login({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const lang = useLang();
  const shop = useShop();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { form, pending, submitTo } = useApiForm(loginInput, { account: "", password: "" });
  const { register, handleSubmit, formState } = form;

  const onSubmit = handleSubmit(async (values) => {
    const result = await submitTo(() => api<AuthResult>("/api/auth/login", { body: values }));
    if (!result) return;
    storage.setToken(result.data.token);
    const next = safeNext(params.get("next"));
    if (next) return navigate(next);
    // A member lands in the mall they belong to (the main mall when their sub-mall is closed);
    // a seller in their shop's seller area. Another mall is a full load: its shell and analytics.
    const mall = await api<{ shop_id: number }>("/api/supmall/recheck2", { body: {} });
    const shopId = !mall.status && mall.data ? mall.data.shop_id : MAIN_SHOP_ID;
    const dest = shopScope(shopId, lang).path(
      shopId !== MAIN_SHOP_ID && result.data.user.is_seller ? "/member/seller" : "/member",
    );
    if (shopId === shop.shopId) navigate(dest);
    else window.location.assign(dest);
  });

  return (
    <section className="card mx-auto w-full max-w-md">
      <h1 className="mb-6 text-center text-2xl font-bold text-stone-800">{t`會員登入`}</h1>
      <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field
          label={t`手機號碼或電子郵件`}
          autoComplete="username"
          inputMode="email"
          error={formState.errors.account?.message}
          {...register("account")}
        />
        <Field
          label={t`密碼`}
          type="password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register("password")}
        />
        <SubmitButton pending={pending} label={t`登入`} pendingLabel={t`登入中…`} className="w-full" />
      </form>
      <ThirdPartyButtons next={safeNext(params.get("next")) ?? shop.path("/member")} options={loaderData.signIn} />
      <div className="mt-5 flex justify-between text-sm text-stone-600">
        <ShopLink to="/password" className="hover:text-tea-700">
          {t`忘記密碼？`}
        </ShopLink>
        <ShopLink to="/register" className="font-medium text-tea-700 hover:underline">
          {t`還不是會員？立即註冊`}
        </ShopLink>
      </div>
    </section>
  );
}
