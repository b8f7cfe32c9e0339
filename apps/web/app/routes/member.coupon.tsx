import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { formatDate, formatMoney } from "@shop/contract/format";
import type { CouponView } from "@shop/contract/loyalty";
import { MemberLoadError, memberRead } from "../features/member/member-read";
import { memberTitle } from "../features/member/server-text";
import { useContentLang, useLang } from "../i18n/runtime";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/member.coupon";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: memberTitle(location.pathname, msg`優惠券`) },
  { name: "robots", content: "noindex" },
];

const TABS = [
  ["available", msg`可使用`, msg`沒有可使用的優惠券。`],
  ["used", msg`已使用`, msg`沒有已使用的優惠券。`],
  ["expired", msg`已過期`, msg`沒有已過期的優惠券。`],
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
  const { t } = useLingui();
  const english = useLang() === "en";
  const contentLang = useContentLang();
  const none = TABS.find(([k]) => k === state)?.[2];
  return (
    <section className="card">
      <h1 className="mb-4 text-xl font-bold text-stone-800">{t`優惠券`}</h1>
      <nav className="mb-4 flex flex-wrap gap-2" aria-label={t`優惠券狀態`}>
        {TABS.map(([k, label]) => (
          <ShopLink
            key={k}
            to={`/member/coupon?state=${k}`}
            aria-current={state === k ? "page" : undefined}
            className={`rounded-full px-3 py-1 text-sm ${state === k ? "bg-tea-700 text-white" : "bg-stone-100 text-stone-700"}`}
          >
            {t(label)}
          </ShopLink>
        ))}
      </nav>
      {data.length === 0 ? (
        <p className="py-6 text-center text-stone-600">{none ? t(none) : ""}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {data.map((c) => {
            const off = c.value;
            // 9 折 / 85 折 (what is paid, in tenths) is how zh-TW says it; English says the percentage off.
            const rate = `${100 - c.value}`.replace(/0$/, "");
            const minSpend = formatMoney(c.min_spend);
            const orderNo = c.used_order_no;
            const expires = formatDate(c.expires_at);
            return (
              <li
                key={c.id}
                className={`rounded-xl border-2 border-dashed p-4 ${state === "available" ? "border-tea-600 bg-tea-50" : "border-stone-300 bg-stone-50 opacity-70"}`}
              >
                <p className="text-2xl font-bold text-tea-800">
                  {c.kind === "amount" ? formatMoney(c.value) : english ? t`折扣 ${off}%` : `${rate} 折`}
                </p>
                <p className="mt-1 font-medium text-stone-800" lang={contentLang}>
                  {c.title}
                </p>
                <p className="mt-1 text-sm text-stone-600">
                  {c.min_spend > 0 ? t`滿 ${minSpend} 可用｜` : ""}
                  {orderNo ? t`已用於訂單 ${orderNo}` : t`有效至 ${expires}`}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
