import { formatDate, formatMoney } from "@shop/contract/format";
import type { CouponView } from "@shop/contract/loyalty";
import { MemberLoadError, memberRead } from "../features/member/member-read";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/member.coupon";

export const meta: Route.MetaFunction = () => [{ title: "優惠券｜茶山好物" }, { name: "robots", content: "noindex" }];

const TABS = [
  ["available", "可使用"],
  ["used", "已使用"],
  ["expired", "已過期"],
] as const;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const asked = new URL(request.url).searchParams.get("state");
  const state = TABS.some(([k]) => k === asked) ? (asked as CouponView["state"]) : "available";
  return { state, coupons: await memberRead<CouponView[]>("/api/coupon/search", { query: { state } }) };
}
export { MemberLoadError as ErrorBoundary };

/** /member/coupon: the member's coupons by state (the tabs are links: the loader reads the state). */
export default function MemberCoupons({ loaderData }: Route.ComponentProps) {
  const { state, coupons: data } = loaderData;
  return (
    <section className="card">
      <h1 className="mb-4 text-xl font-bold text-stone-800">優惠券</h1>
      <nav className="mb-4 flex flex-wrap gap-2" aria-label="優惠券狀態">
        {TABS.map(([k, label]) => (
          <ShopLink
            key={k}
            to={`/member/coupon?state=${k}`}
            aria-current={state === k ? "page" : undefined}
            className={`rounded-full px-3 py-1 text-sm ${state === k ? "bg-tea-700 text-white" : "bg-stone-100 text-stone-700"}`}
          >
            {label}
          </ShopLink>
        ))}
      </nav>
      {data.length === 0 ? (
        <p className="py-6 text-center text-stone-600">沒有{TABS.find(([k]) => k === state)?.[1]}的優惠券。</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {data.map((c) => (
            <li
              key={c.id}
              className={`rounded-xl border-2 border-dashed p-4 ${state === "available" ? "border-tea-600 bg-tea-50" : "border-stone-300 bg-stone-50 opacity-70"}`}
            >
              <p className="text-2xl font-bold text-tea-800">
                {c.kind === "amount" ? formatMoney(c.value) : `${100 - c.value} 折`.replace(/0 折$/, " 折")}
              </p>
              <p className="mt-1 font-medium text-stone-800">{c.title}</p>
              <p className="mt-1 text-sm text-stone-600">
                {c.min_spend > 0 ? `滿 ${formatMoney(c.min_spend)} 可用｜` : ""}
                {c.used_order_no ? `已用於訂單 ${c.used_order_no}` : `有效至 ${formatDate(c.expires_at)}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
