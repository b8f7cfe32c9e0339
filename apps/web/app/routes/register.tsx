import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type AuthResult, registerInput, z } from "@shop/contract";
import { useEffect, useMemo } from "react";
import { useNavigate } from "react-router";
import { NewPasswordFields, PhoneCaptchaFields } from "../features/auth/fields";
import { useApiForm } from "../features/auth/useApiForm";
import { type MessageDescriptor, translate } from "../i18n/runtime";
import { api } from "../lib/api";
import { site } from "../lib/seo";
import { useShop } from "../lib/shop";
import { storage } from "../lib/storage";
import { Field } from "../ui/Field";
import { ShopLink } from "../ui/ShopLink";
import { SubmitButton } from "../ui/SubmitButton";
import type { Route } from "./+types/register";

// A sub-mall's pages carry its own name.
export const meta: Route.MetaFunction = ({ matches, location }) => {
  const siteName = site(matches).siteName;
  return [{ title: translate(location.pathname, msg`加入會員｜${siteName}`) }];
};

// The server's schema plus what only the form asks: the repeated password and consent.
const registerForm = (t: (d: MessageDescriptor) => string) =>
  registerInput
    .omit({ shop_id: true })
    .extend({
      password_confirm: z.string().min(1, { error: t(msg`請再次輸入密碼`) }),
      agree: z.literal(true, { error: t(msg`請閱讀並同意會員服務條款與隱私權政策`) }),
    })
    .refine((v) => v.password === v.password_confirm, { path: ["password_confirm"], error: t(msg`兩次輸入的密碼不一致`) });

export default function Register() {
  const { t } = useLingui();
  const shop = useShop();
  const navigate = useNavigate();
  const schema = useMemo(() => registerForm(t), [t]);
  const { form, pending, submitTo, alerts } = useApiForm(schema, {
    phone: "",
    captcha: "",
    password: "",
    password_confirm: "",
    name: "",
    email: "",
    refcode: "",
    agree: false as unknown as true,
  });
  const { register, handleSubmit, formState, setValue, getValues, trigger } = form;
  const errors = formState.errors;

  // The invite link's own ?refcode= (the shell stores it only after this page's effects ran), else
  // one kept for this session from any earlier ?refcode= link, fills the field.
  useEffect(() => {
    const fromLink = new URLSearchParams(window.location.search).get("refcode");
    const kept = fromLink && /^[A-Za-z0-9]{4,16}$/.test(fromLink) ? fromLink : storage.refcode();
    if (kept) setValue("refcode", kept);
  }, [setValue]);

  const onSubmit = handleSubmit(async ({ password_confirm: _c, agree: _a, ...values }) => {
    const result = await submitTo(() =>
      api<AuthResult>("/api/register/user/store", { body: { ...values, shop_id: shop.shopId } }),
    );
    if (!result) return;
    storage.setToken(result.data.token);
    alerts.toast(t`註冊成功，歡迎加入會員！`);
    navigate(shop.path("/member"));
  });

  return (
    <section className="card mx-auto w-full max-w-md">
      <h1 className="mb-6 text-center text-2xl font-bold text-stone-800">{t`加入會員`}</h1>
      <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <PhoneCaptchaFields
          purpose="register"
          phone={register("phone")}
          captcha={register("captcha")}
          errors={{ phone: errors.phone?.message, captcha: errors.captcha?.message }}
          currentPhone={() => getValues("phone")}
          validatePhone={() => trigger("phone")}
        />
        <NewPasswordFields
          label={t`密碼`}
          confirmLabel={t`確認密碼`}
          password={register("password")}
          confirm={register("password_confirm")}
          errors={{ password: errors.password?.message, confirm: errors.password_confirm?.message }}
        />
        <Field label={t`姓名`} autoComplete="name" error={errors.name?.message} {...register("name")} />
        <Field
          label={t`電子郵件（選填）`}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register("email")}
        />
        <Field label={t`推薦碼（選填）`} autoCapitalize="characters" error={errors.refcode?.message} {...register("refcode")} />
        <div>
          <label className="flex items-start gap-2 text-sm text-stone-700">
            <input type="checkbox" className="mt-1 h-4 w-4 accent-tea-700" {...register("agree")} />
            <span>
              {t`我已閱讀並同意`}
              <ShopLink to="/terms" className="mx-1 text-tea-700 underline" target="_blank">
                {t`會員服務條款`}
              </ShopLink>
              {t`與`}
              <ShopLink to="/policy" className="mx-1 text-tea-700 underline" target="_blank">
                {t`隱私權政策`}
              </ShopLink>
            </span>
          </label>
          {errors.agree?.message && (
            <p className="field-error" role="alert">
              {errors.agree.message}
            </p>
          )}
        </div>
        <SubmitButton pending={pending} label={t`註冊`} pendingLabel={t`註冊中…`} className="w-full" />
      </form>
      <p className="mt-5 text-center text-sm text-stone-600">
        {t`已經是會員了？`}
        <ShopLink to="/login" className="ml-1 font-medium text-tea-700 hover:underline">
          {t`登入`}
        </ShopLink>
      </p>
    </section>
  );
}
