import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { orderLookupInput } from "@shop/contract/order";
import { useState } from "react";
import { useNavigate } from "react-router";
import { type MessageDescriptor, translate } from "../i18n/runtime";
import { api } from "../lib/api";
import { seo, site } from "../lib/seo";
import { useShop } from "../lib/shop";
import { storage } from "../lib/storage";
import { Field } from "../ui/Field";
import { SubmitButton } from "../ui/SubmitButton";
import type { Route } from "./+types/order-search";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seo({
    title: translate(location.pathname, msg`訂單查詢`),
    ...site(matches),
    path: location.pathname,
    description: translate(location.pathname, msg`以訂單編號與手機號碼查詢訂單狀態。`),
  });

/** What the contract's orderLookupInput says of a wrong order number or phone, in the page's language. */
const LOOKUP_PROBLEMS: Record<string, MessageDescriptor> = {
  請輸入訂單編號: msg`請輸入訂單編號`,
  "訂單編號為 14 位數字": msg`訂單編號為 14 位數字`,
  請輸入手機號碼: msg`請輸入手機號碼`,
  "手機號碼格式錯誤，請輸入 09 開頭的 10 位數字": msg`手機號碼格式錯誤，請輸入 09 開頭的 10 位數字`,
};

/** /order_search: a guest finds an order by its number and the phone it was placed with. */
export default function OrderSearch() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const shop = useShop();
  const [orderNo, setOrderNo] = useState("");
  const [phone, setPhone] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const checked = orderLookupInput.safeParse({ order_no: orderNo, phone });
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const i of checked.error.issues) {
        const problem = LOOKUP_PROBLEMS[i.message];
        found[String(i.path[0])] ??= problem ? t(problem) : i.message;
      }
      return setErrors(found);
    }
    setErrors({});
    setPending(true);
    const r = await api("/api/order/detail", { body: checked.data });
    setPending(false);
    if (!r.status) return setErrors({ form: r.message });
    storage.setOrderPhone(checked.data.order_no, checked.data.phone ?? "");
    navigate(shop.path(`/order_detail?order_no=${checked.data.order_no}`));
  }

  return (
    <section className="card mx-auto max-w-md">
      <h1 className="mb-4 text-2xl font-bold text-stone-800">{t`訂單查詢`}</h1>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <Field
          label={t`訂單編號`}
          name="order_no"
          inputMode="numeric"
          value={orderNo}
          onChange={(e) => setOrderNo(e.target.value)}
          error={errors.order_no}
        />
        <Field
          label={t`訂購時填寫的手機號碼`}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={errors.phone}
        />
        {errors.form && (
          <p className="field-error" role="alert">
            {errors.form}
          </p>
        )}
        <SubmitButton pending={pending} label={t`查詢`} pendingLabel={t`查詢中…`} />
      </form>
    </section>
  );
}
