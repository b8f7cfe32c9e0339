import { zodResolver } from "@hookform/resolvers/zod";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { AddressBookEntry } from "@shop/contract/order";
import { addressBookInput } from "@shop/contract/order";
import { type Path, useForm } from "react-hook-form";
import { useFetcher } from "react-router";
import { PostalSelects } from "../features/address/PostalSelects";
import { MemberLoadError, memberRead, useActionResult } from "../features/member/member-read";
import { translate, useContentLang, useTextLang } from "../i18n/runtime";
import { api, fieldErrors } from "../lib/api";
import { site } from "../lib/seo";
import { useAlerts } from "../ui/alerts";
import { Field, PHONE_INPUT } from "../ui/Field";
import type { Route } from "./+types/member.address";

export const meta: Route.MetaFunction = ({ matches, location }) => [
  { title: `${translate(location.pathname, msg`收件地址`)}｜${site(matches).siteName}` },
  { name: "robots", content: "noindex" },
];

type Entry = { id?: number; name: string; phone: string; zip: string; county: string; district: string; line: string };
const EMPTY: Entry = { name: "", phone: "", zip: "", county: "", district: "", line: "" };

export async function clientLoader() {
  return { list: await memberRead<AddressBookEntry[]>("/api/user/addr/search") };
}
export { MemberLoadError as ErrorBoundary };

/** Saves (JSON, checked by the page first) or deletes an entry; the book is read again afterwards. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const body = (await request.json()) as { intent: "save" | "delete"; id?: number };
  const { intent, ...entry } = body;
  const r = await api(intent === "delete" ? "/api/user/addr/delete" : "/api/user/addr/store", {
    body: intent === "delete" ? { id: entry.id } : entry,
  });
  return { intent, ok: r.status, message: r.message, errors: fieldErrors(r) };
}

/** /member/address: the address book, with the post office's county → district → postal code picker. */
export default function MemberAddress({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const textLang = useTextLang();
  const contentLang = useContentLang();
  const { list } = loaderData;
  const alerts = useAlerts();
  const fetcher = useFetcher<typeof clientAction>();
  // Its own fetcher: a delete pressed while a save is on its way must not swallow the save's answer.
  const remover = useFetcher<typeof clientAction>();
  // The contract's schema, as the server applies it; messages on 儲存地址, then as each is fixed.
  const { register, handleSubmit, watch, setValue, reset, setError, formState } = useForm<Entry>({
    resolver: zodResolver(addressBookInput as never) as never,
    defaultValues: EMPTY,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const form = watch();
  const errors = Object.fromEntries(Object.entries(formState.errors).map(([k, e]) => [k, e?.message]));
  const busy = fetcher.state !== "idle" || remover.state !== "idle";

  useActionResult(fetcher.data, async (r) => {
    if (!r.ok) {
      for (const [field, message] of Object.entries(r.errors)) setError(field as Path<Entry>, { message });
      return alerts.error(r.message);
    }
    reset(EMPTY);
    alerts.toast(r.message);
  });

  useActionResult(remover.data, async (r) => {
    if (!r.ok) await alerts.error(r.message);
  });

  const save = handleSubmit((entry) => {
    void fetcher.submit({ intent: "save", ...entry }, { method: "post", encType: "application/json" });
  });

  async function remove(id: number) {
    if (!(await alerts.confirm(t`確定要刪除這筆地址嗎？`))) return;
    void remover.submit({ intent: "delete", id }, { method: "post", encType: "application/json" });
  }

  return (
    <div className="space-y-5">
      <section className="card">
        <h1 className="mb-4 text-xl font-bold text-stone-800">{t`收件地址`}</h1>
        {list.length === 0 ? (
          <p className="text-stone-600">{t`尚未儲存地址。`}</p>
        ) : (
          <ul className="divide-y divide-stone-100" data-testid="addresses">
            {list.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-stone-800">
                    <span lang={textLang(a.name)}>{a.name}</span>｜{a.phone}
                  </p>
                  <p className="text-sm text-stone-600" lang={contentLang}>
                    {a.zip} {a.county}
                    {a.district}
                    {a.line}
                  </p>
                </div>
                <button type="button" className="text-sm text-tea-700 underline" onClick={() => reset(a)}>
                  {t`編輯`}
                </button>
                <button
                  type="button"
                  className="text-sm text-stone-500 underline"
                  disabled={busy}
                  onClick={() => void remove(a.id)}
                >
                  {t`刪除`}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card">
        <h2 className="mb-3 text-lg font-bold text-stone-800">{form.id ? t`編輯地址` : t`新增地址`}</h2>
        <form onSubmit={save} noValidate className="grid gap-3 sm:grid-cols-2">
          <Field id="addr-name" label={t`收件人姓名`} {...register("name")} error={errors.name} />
          <Field id="addr-phone" label={t`手機號碼`} {...PHONE_INPUT} {...register("phone")} error={errors.phone} />
          <PostalSelects
            idPrefix="addr"
            value={form}
            onChange={(next) => {
              for (const [k, v] of Object.entries(next)) setValue(k as keyof Entry, v, { shouldValidate: formState.isSubmitted });
            }}
            error={(k) => errors[k]}
          />
          <Field id="addr-line" label={t`地址`} {...register("line")} error={errors.line} />
          <div className="flex gap-3 sm:col-span-2">
            <button type="submit" className="btn-primary" disabled={busy}>
              {t`儲存地址`}
            </button>
            {form.id && (
              <button type="button" className="btn-secondary" onClick={() => reset(EMPTY)}>
                {t`取消編輯`}
              </button>
            )}
          </div>
        </form>
      </section>
    </div>
  );
}
