import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { passwordUpdateInput, z } from "@shop/contract";
import { useMemo } from "react";
import { NewPasswordFields } from "../features/auth/fields";
import { useApiForm } from "../features/auth/useApiForm";
import { type MessageDescriptor, translate } from "../i18n/runtime";
import { api } from "../lib/api";
import { site } from "../lib/seo";
import { Field } from "../ui/Field";
import { SubmitButton } from "../ui/SubmitButton";
import type { Route } from "./+types/member.password";

export const meta: Route.MetaFunction = ({ matches, location }) => [
  { title: `${translate(location.pathname, msg`修改密碼`)}｜${site(matches).siteName}` },
  { name: "robots", content: "noindex" },
];

/** The contract's schema with the confirmation, its own messages in the page's language. */
const changeFormIn = (t: (descriptor: MessageDescriptor) => string) =>
  passwordUpdateInput
    .extend({ new_password_confirm: z.string().min(1, { error: t(msg`請再次輸入新密碼`) }) })
    .refine((v) => v.new_password === v.new_password_confirm, {
      path: ["new_password_confirm"],
      error: t(msg`兩次輸入的密碼不一致`),
    });

export default function ChangePassword() {
  const { t } = useLingui();
  const changeForm = useMemo(() => changeFormIn(t), [t]);
  const { form, pending, submitTo, alerts } = useApiForm(changeForm, {
    old_password: "",
    new_password: "",
    new_password_confirm: "",
  });
  const { register, handleSubmit, formState, reset } = form;
  const errors = formState.errors;

  const onSubmit = handleSubmit(async ({ new_password_confirm: _c, ...values }) => {
    const result = await submitTo(() => api("/api/user/password/update", { body: values }));
    if (!result) return;
    reset();
    alerts.toast(t`密碼已更新，其他裝置已登出`);
  });

  return (
    <section className="card">
      <h1 className="mb-5 text-xl font-bold text-stone-800">{t`修改密碼`}</h1>
      <form method="post" onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-4">
        <Field
          label={t`目前的密碼`}
          type="password"
          autoComplete="current-password"
          error={errors.old_password?.message}
          {...register("old_password")}
        />
        <NewPasswordFields
          label={t`新密碼`}
          password={register("new_password")}
          confirm={register("new_password_confirm")}
          errors={{ password: errors.new_password?.message, confirm: errors.new_password_confirm?.message }}
        />
        <SubmitButton pending={pending} label={t`更新密碼`} pendingLabel={t`更新中…`} className="self-start" />
      </form>
    </section>
  );
}
