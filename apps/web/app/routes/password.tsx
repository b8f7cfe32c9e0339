import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { passwordForgetInput, z } from "@shop/contract";
import { useMemo } from "react";
import { useNavigate } from "react-router";
import { NewPasswordFields, PhoneCaptchaFields } from "../features/auth/fields";
import { useApiForm } from "../features/auth/useApiForm";
import { type MessageDescriptor, translate } from "../i18n/runtime";
import { api } from "../lib/api";
import { site } from "../lib/seo";
import { useShop } from "../lib/shop";
import { SubmitButton } from "../ui/SubmitButton";
import type { Route } from "./+types/password";

// A sub-mall's pages carry its own name.
export const meta: Route.MetaFunction = ({ matches, location }) => {
  const siteName = site(matches).siteName;
  return [{ title: translate(location.pathname, msg`忘記密碼｜${siteName}`) }];
};

const forgetForm = (t: (d: MessageDescriptor) => string) =>
  passwordForgetInput
    .extend({ new_password_confirm: z.string().min(1, { error: t(msg`請再次輸入新密碼`) }) })
    .refine((v) => v.new_password === v.new_password_confirm, {
      path: ["new_password_confirm"],
      error: t(msg`兩次輸入的密碼不一致`),
    });

/** Forgotten password: an SMS code to the registered phone, then a new password. */
export default function ForgotPassword() {
  const { t } = useLingui();
  const shop = useShop();
  const navigate = useNavigate();
  const schema = useMemo(() => forgetForm(t), [t]);
  const { form, pending, submitTo, alerts } = useApiForm(schema, {
    phone: "",
    captcha: "",
    new_password: "",
    new_password_confirm: "",
  });
  const { register, handleSubmit, formState, getValues, trigger } = form;
  const errors = formState.errors;

  const onSubmit = handleSubmit(async ({ new_password_confirm: _c, ...values }) => {
    const result = await submitTo(() => api("/api/user/password/forget", { body: values }));
    if (!result) return;
    alerts.toast(t`密碼已重設，請以新密碼登入`);
    navigate(shop.path("/login"));
  });

  return (
    <section className="card mx-auto w-full max-w-md">
      <h1 className="mb-2 text-center text-2xl font-bold text-stone-800">{t`忘記密碼`}</h1>
      <p className="mb-6 text-center text-sm text-stone-600">{t`請輸入註冊時的手機號碼，我們會傳送驗證碼給您。`}</p>
      <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <PhoneCaptchaFields
          purpose="password"
          phone={register("phone")}
          captcha={register("captcha")}
          errors={{ phone: errors.phone?.message, captcha: errors.captcha?.message }}
          currentPhone={() => getValues("phone")}
          validatePhone={() => trigger("phone")}
        />
        <NewPasswordFields
          label={t`新密碼`}
          confirmLabel={t`確認新密碼`}
          password={register("new_password")}
          confirm={register("new_password_confirm")}
          errors={{ password: errors.new_password?.message, confirm: errors.new_password_confirm?.message }}
        />
        <SubmitButton pending={pending} label={t`重設密碼`} pendingLabel={t`處理中…`} className="w-full" />
      </form>
    </section>
  );
}
