import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { inquiryInput } from "@shop/contract";
import { useLocation } from "react-router";
import { useApiForm } from "../features/auth/useApiForm";
import { translate } from "../i18n/runtime";
import { api } from "../lib/api";
import { seo, site } from "../lib/seo";
import { useShop } from "../lib/shop";
import { Field, PHONE_INPUT } from "../ui/Field";
import { SubmitButton } from "../ui/SubmitButton";
import type { Route } from "./+types/contact";

const COPY = {
  contact: { title: msg`聯絡我們`, intro: msg`對商品、訂單或會員有任何問題，歡迎留言，客服會在一個工作天內回覆。` },
  stranger: {
    title: msg`訪客詢問`,
    intro: msg`還不是會員也沒關係：團購、批發或合作提案，留下聯絡方式，我們會主動與您聯繫。`,
  },
};

/** The server's answer to a sent inquiry (apps/server/src/modules/support/routes.ts), shown in the page's language. */
const RECEIVED = "已收到您的訊息，我們會盡快與您聯繫";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const copy = location.pathname.endsWith("/stranger") ? COPY.stranger : COPY.contact;
  return seo({
    title: translate(location.pathname, copy.title),
    description: translate(location.pathname, copy.intro),
    ...site(matches),
    path: location.pathname,
  });
};

/** /contactus and /stranger: both send /api/contactu/email. */
export default function Contact() {
  const { t } = useLingui();
  const kind = useLocation().pathname.endsWith("/stranger") ? "stranger" : "contact";
  const shop = useShop();
  const copy = COPY[kind];
  const { form, pending, submitTo, alerts } = useApiForm(inquiryInput, {
    name: "",
    phone: "",
    email: "",
    subject: "",
    message: "",
    kind,
  });
  const { register, handleSubmit, formState, reset } = form;
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    const result = await submitTo(() => api("/api/contactu/email", { body: { ...values, kind, shop_id: shop.shopId } }));
    if (!result) return;
    reset();
    alerts.toast(result.message === RECEIVED ? t`已收到您的訊息，我們會盡快與您聯繫` : result.message);
  });

  return (
    <section className="card mx-auto w-full max-w-xl">
      <h1 className="mb-2 text-2xl font-bold text-stone-800">{t(copy.title)}</h1>
      <p className="mb-6 text-stone-600">{t(copy.intro)}</p>
      <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field label={t`姓名`} autoComplete="name" error={errors.name?.message} {...register("name")} />
        <Field label={t`手機號碼`} {...PHONE_INPUT} error={errors.phone?.message} {...register("phone")} />
        <Field label={t`電子郵件`} type="email" autoComplete="email" error={errors.email?.message} {...register("email")} />
        <Field label={t`主旨`} error={errors.subject?.message} {...register("subject")} />
        <div>
          <label htmlFor="field-message" className="field-label">
            {t`內容`}
          </label>
          <textarea
            id="field-message"
            rows={6}
            className="input"
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? "field-message-error" : undefined}
            {...register("message")}
          />
          {errors.message?.message && (
            <p id="field-message-error" className="field-error" role="alert">
              {errors.message.message}
            </p>
          )}
        </div>
        <SubmitButton pending={pending} label={t`送出`} pendingLabel={t`送出中…`} className="self-start" />
      </form>
    </section>
  );
}
