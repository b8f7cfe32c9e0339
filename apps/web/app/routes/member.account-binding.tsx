import { formatDate } from "@shop/contract/format";
import type { BindingView } from "@shop/contract/front-user";
import { useMemberData } from "../features/member/useMemberData";
import type { Route } from "./+types/member.account-binding";

export const meta: Route.MetaFunction = () => [{ title: "帳號綁定｜茶山好物" }, { name: "robots", content: "noindex" }];

/**
 * /member/account_binding: which third-party sign-ins are bound to the account. Binding and
 * unbinding arrive with the LINE / Google / Facebook sign-in; until a provider is set up for the
 * shop the page says so instead of showing a button that cannot work.
 */
export default function AccountBinding() {
  const { data, error } = useMemberData<BindingView[]>("/api/user/threeway/get");
  const anyAvailable = data?.some((b) => b.available) ?? false;
  return (
    <section className="card">
      <h1 className="text-xl font-bold text-stone-800">帳號綁定</h1>
      <p className="mt-2 text-stone-600">綁定後可使用第三方帳號快速登入本帳號。</p>
      {error && <p className="mt-3 text-red-700">{error}</p>}
      {!data ? (
        !error && <p role="status">載入中…</p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-100">
          {data.map((b) => (
            <li key={b.provider} className="flex items-center justify-between gap-3 py-3">
              <span className="font-medium text-stone-800">{b.label}</span>
              <span className={b.bound ? "text-tea-700" : "text-stone-500"}>
                {b.bound ? `已綁定（${formatDate(b.bound_at ?? "")}）` : b.available ? "未綁定" : "未綁定・尚未開放"}
              </span>
            </li>
          ))}
        </ul>
      )}
      {data && !anyAvailable && (
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          第三方帳號綁定功能尚未開放，目前請使用手機號碼與密碼登入。
        </p>
      )}
    </section>
  );
}
