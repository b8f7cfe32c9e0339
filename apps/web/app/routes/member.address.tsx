import type { AddressBookEntry } from "@shop/contract/order";
import { addressBookInput } from "@shop/contract/order";
import { useState } from "react";
import { useFetcher } from "react-router";
import { PostalSelects } from "../features/address/PostalSelects";
import { MemberLoadError, memberRead, useActionResult } from "../features/member/member-read";
import { api, fieldErrors } from "../lib/api";
import { useAlerts } from "../ui/alerts";
import type { Route } from "./+types/member.address";

export const meta: Route.MetaFunction = () => [{ title: "收件地址｜茶山好物" }, { name: "robots", content: "noindex" }];

const EMPTY = { name: "", phone: "", zip: "", county: "", district: "", line: "" };

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
  const { list } = loaderData;
  const alerts = useAlerts();
  const fetcher = useFetcher<typeof clientAction>();
  const [form, setForm] = useState<typeof EMPTY & { id?: number }>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const busy = fetcher.state !== "idle";

  const set = (k: keyof typeof EMPTY, v: string) => setForm((f) => ({ ...f, [k]: v }));

  useActionResult(fetcher.data, async (r) => {
    if (!r.ok) {
      setErrors(r.errors);
      return alerts.error(r.message);
    }
    if (r.intent === "delete") return;
    setErrors({});
    setForm(EMPTY);
    await alerts.success(r.message);
  });

  function save(e: React.FormEvent) {
    e.preventDefault();
    const checked = addressBookInput.safeParse(form);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const i of checked.error.issues) found[String(i.path[0])] ??= i.message;
      return setErrors(found);
    }
    void fetcher.submit({ intent: "save", ...checked.data }, { method: "post", encType: "application/json" });
  }

  async function remove(id: number) {
    if (!(await alerts.confirm("確定要刪除這筆地址嗎？"))) return;
    void fetcher.submit({ intent: "delete", id }, { method: "post", encType: "application/json" });
  }

  const err = (k: string) => (errors[k] ? <p className="field-error">{errors[k]}</p> : null);
  return (
    <div className="space-y-5">
      <section className="card">
        <h1 className="mb-4 text-xl font-bold text-stone-800">收件地址</h1>
        {list.length === 0 ? (
          <p className="text-stone-600">尚未儲存地址。</p>
        ) : (
          <ul className="divide-y divide-stone-100" data-testid="addresses">
            {list.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-stone-800">
                    {a.name}｜{a.phone}
                  </p>
                  <p className="text-sm text-stone-600">
                    {a.zip} {a.county}
                    {a.district}
                    {a.line}
                  </p>
                </div>
                <button type="button" className="text-sm text-tea-700 underline" onClick={() => setForm(a)}>
                  編輯
                </button>
                <button type="button" className="text-sm text-stone-500 underline" onClick={() => void remove(a.id)}>
                  刪除
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card">
        <h2 className="mb-3 text-lg font-bold text-stone-800">{form.id ? "編輯地址" : "新增地址"}</h2>
        <form onSubmit={save} noValidate className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="addr-name" className="field-label">
              收件人姓名
            </label>
            <input id="addr-name" className="input" value={form.name} onChange={(e) => set("name", e.target.value)} />
            {err("name")}
          </div>
          <div>
            <label htmlFor="addr-phone" className="field-label">
              手機號碼
            </label>
            <input
              id="addr-phone"
              className="input"
              inputMode="tel"
              value={form.phone}
              onChange={(e) => set("phone", e.target.value)}
            />
            {err("phone")}
          </div>
          <PostalSelects
            idPrefix="addr"
            value={form}
            onChange={(next) => setForm((f) => ({ ...f, ...next }))}
            error={(k) => errors[k]}
          />
          <div>
            <label htmlFor="addr-line" className="field-label">
              地址
            </label>
            <input id="addr-line" className="input" value={form.line} onChange={(e) => set("line", e.target.value)} />
            {err("line")}
          </div>
          <div className="flex gap-3 sm:col-span-2">
            <button type="submit" className="btn-primary" disabled={busy}>
              儲存地址
            </button>
            {form.id && (
              <button type="button" className="btn-secondary" onClick={() => setForm(EMPTY)}>
                取消編輯
              </button>
            )}
          </div>
        </form>
      </section>
    </div>
  );
}
