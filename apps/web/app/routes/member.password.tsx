import { passwordUpdateInput, z } from "@shop/contract";
import { useApiForm } from "../features/auth/useApiForm";
import { api } from "../lib/api";
import { Field } from "../ui/Field";
import type { Route } from "./+types/member.password";

export const meta: Route.MetaFunction = () => [{ title: "修改密碼｜茶山好物" }, { name: "robots", content: "noindex" }];

const changeForm = passwordUpdateInput
  .extend({ new_password_confirm: z.string().min(1, { error: "請再次輸入新密碼" }) })
  .refine((v) => v.new_password === v.new_password_confirm, { path: ["new_password_confirm"], error: "兩次輸入的密碼不一致" });

export default function ChangePassword() {
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
    await alerts.success("密碼已更新，其他裝置已登出");
  });

  return (
    <section className="card">
      <h1 className="mb-5 text-xl font-bold text-stone-800">修改密碼</h1>
      <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-4">
        <Field
          label="目前的密碼"
          type="password"
          autoComplete="current-password"
          error={errors.old_password?.message}
          {...register("old_password")}
        />
        <Field
          label="新密碼"
          type="password"
          autoComplete="new-password"
          hint="至少 8 個字元"
          error={errors.new_password?.message}
          {...register("new_password")}
        />
        <Field
          label="確認新密碼"
          type="password"
          autoComplete="new-password"
          error={errors.new_password_confirm?.message}
          {...register("new_password_confirm")}
        />
        <button type="submit" className="btn-primary self-start" disabled={pending}>
          {pending ? "更新中…" : "更新密碼"}
        </button>
      </form>
    </section>
  );
}
