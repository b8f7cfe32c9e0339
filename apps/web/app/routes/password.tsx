import { passwordForgetInput, z } from "@shop/contract";
import { useNavigate } from "react-router";
import { NewPasswordFields, PhoneCaptchaFields } from "../features/auth/fields";
import { useApiForm } from "../features/auth/useApiForm";
import { api } from "../lib/api";
import { site } from "../lib/seo";
import { useShop } from "../lib/shop";
import { SubmitButton } from "../ui/SubmitButton";
import type { Route } from "./+types/password";

// A sub-mall's pages carry its own name.
export const meta: Route.MetaFunction = ({ matches }) => [{ title: `忘記密碼｜${site(matches).siteName}` }];

const forgetForm = passwordForgetInput
  .extend({ new_password_confirm: z.string().min(1, { error: "請再次輸入新密碼" }) })
  .refine((v) => v.new_password === v.new_password_confirm, { path: ["new_password_confirm"], error: "兩次輸入的密碼不一致" });

/** Forgotten password: an SMS code to the registered phone, then a new password. */
export default function ForgotPassword() {
  const shop = useShop();
  const navigate = useNavigate();
  const { form, pending, submitTo, alerts } = useApiForm(forgetForm, {
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
    alerts.toast("密碼已重設，請以新密碼登入");
    navigate(shop.path("/login"));
  });

  return (
    <section className="card mx-auto w-full max-w-md">
      <h1 className="mb-2 text-center text-2xl font-bold text-stone-800">忘記密碼</h1>
      <p className="mb-6 text-center text-sm text-stone-600">請輸入註冊時的手機號碼，我們會傳送驗證碼給您。</p>
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
          label="新密碼"
          password={register("new_password")}
          confirm={register("new_password_confirm")}
          errors={{ password: errors.new_password?.message, confirm: errors.new_password_confirm?.message }}
        />
        <SubmitButton pending={pending} label="重設密碼" pendingLabel="處理中…" className="w-full" />
      </form>
    </section>
  );
}
