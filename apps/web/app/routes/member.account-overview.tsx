import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { updateNicknameInput } from "@shop/contract";
import { formatDate } from "@shop/contract/format";
import type { PublicUser } from "@shop/contract/front-user";
import { useApiForm } from "../features/auth/useApiForm";
import { BirthdayField } from "../features/member/BirthdayField";
import { useMember } from "../features/member/context";
import { memberTitle } from "../features/member/server-text";
import { useTextLang } from "../i18n/runtime";
import { api } from "../lib/api";
import { Field } from "../ui/Field";
import { ShopLink } from "../ui/ShopLink";
import { SubmitButton } from "../ui/SubmitButton";
import type { Route } from "./+types/member.account-overview";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: memberTitle(location.pathname, msg`帳戶資料`) },
  { name: "robots", content: "noindex" },
];

export default function AccountOverview() {
  const { t } = useLingui();
  const { user, setUser } = useMember();
  const { form, pending, submitTo, alerts } = useApiForm(updateNicknameInput, { nickname: user.nickname ?? "" });
  const { register, handleSubmit, formState } = form;

  const onSubmit = handleSubmit(async (values) => {
    const result = await submitTo(() => api<PublicUser>("/api/user/updateNickname", { body: values }));
    if (!result) return;
    setUser(result.data);
    alerts.toast(t`暱稱已更新`);
  });

  const textLang = useTextLang();
  const rows: Array<[string, string]> = [
    [t`姓名`, user.name],
    [t`手機號碼`, user.phone],
    [t`電子郵件`, user.email ?? t`未填寫`],
    [t`推薦碼`, user.refcode],
    [t`加入日期`, formatDate(user.created_at)],
  ];

  return (
    <section className="card">
      <h1 className="mb-5 text-xl font-bold text-stone-800">{t`帳戶資料`}</h1>
      <dl className="divide-y divide-stone-100">
        {rows.map(([k, v]) => (
          <div key={k} className="flex gap-4 py-3">
            <dt className="w-24 shrink-0 text-stone-500">{k}</dt>
            <dd className="text-stone-800" lang={textLang(v)}>
              {v}
            </dd>
          </div>
        ))}
      </dl>
      <form method="post" onSubmit={onSubmit} noValidate className="mt-6 flex max-w-md flex-col gap-3">
        <Field label={t`暱稱`} maxLength={20} error={formState.errors.nickname?.message} {...register("nickname")} />
        <SubmitButton pending={pending} label={t`儲存暱稱`} pendingLabel={t`儲存中…`} className="self-start" />
      </form>
      <BirthdayField user={user} onSet={setUser} />
      <p className="mt-6 border-t border-stone-100 pt-4 text-sm text-stone-600">
        {t`想下載本商城保存的您的個人資料，或註銷帳號？`}
        <ShopLink to="/member/privacy" className="ml-1 font-medium text-tea-700 hover:underline">
          {t`前往個人資料`}
        </ShopLink>
      </p>
    </section>
  );
}
