import { useLingui } from "@lingui/react/macro";
import { formatMoney } from "@shop/contract/format";
import type { SellerHome } from "@shop/contract/seller";
import { pathInLang, useContentLang, useLang } from "../../i18n/runtime";
import { ShopLink } from "../../ui/ShopLink";

export type SellerTab = "orders" | "inventory" | "analytics" | "shop";

/** The seller area's header: the shop, its commission, and its views (orders, own stock, analytics, settings). */
export function SellerNav({ home, current }: { home: SellerHome | null; current: SellerTab }) {
  const { t } = useLingui();
  const lang = useLang();
  const contentLang = useContentLang();
  const tab = (to: string, label: string, on: boolean) => (
    <ShopLink
      to={to}
      aria-current={on ? "page" : undefined}
      className={`rounded-lg px-4 py-2 text-center font-medium ${on ? "bg-tea-700 text-white" : "bg-stone-100 text-stone-700 hover:bg-stone-200"}`}
    >
      {label}
    </ShopLink>
  );
  const percent = home?.shop.commission_percent;
  const commission = t`訂單完成後分潤 ${percent}% 存入錢包`;
  return (
    <section className="card">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-xl font-bold text-stone-800">{t`賣家中心`}</h1>
          {home && (
            <p className="mt-1 text-sm text-stone-600">
              {contentLang ? (
                <>
                  <span lang={contentLang}>{home.shop.name}</span>
                  {` | ${commission}`}
                </>
              ) : (
                `${home.shop.name}｜${commission}`
              )}
            </p>
          )}
        </div>
        {home && (
          // The storefront is always the shop's own sub-mall, wherever the seller is browsing.
          <a href={pathInLang(`/shop_${home.shop.id}/`, lang)} className="text-sm text-tea-700 underline">
            {t`前往我的商城`}
          </a>
        )}
      </div>
      {home && <Earnings home={home} />}
      <nav className="mt-4 grid grid-cols-2 gap-2 sm:flex" aria-label={t`賣家中心`}>
        {tab("/member/seller", t`商城訂單`, current === "orders")}
        {tab("/member/seller?tab=inventory", t`賣家庫存`, current === "inventory")}
        {tab("/member/seller?tab=analytics", t`銷售分析`, current === "analytics")}
        {tab("/member/seller?tab=shop", t`商城設定`, current === "shop")}
      </nav>
    </section>
  );
}

/** What the shop has earned: this month, waiting for orders to complete, and in all. */
function Earnings({ home }: { home: SellerHome }) {
  const { t } = useLingui();
  const month = home.earnings.month.replace("-", "/");
  const orders = home.earnings.pending_orders;
  return (
    <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label={t`分潤`}>
      {(
        [
          [t`本月已入帳（${month}）`, home.earnings.month_earned, t`訂單完成後存入錢包`],
          [t`待入帳（預估）`, home.earnings.pending, t`${orders} 筆已付款、尚未完成的訂單`],
          [t`累計已入帳`, home.earnings.total_earned, t`扣除退款收回的分潤`],
        ] as const
      ).map(([label, amount, hint]) => (
        <div key={label} className="rounded-xl bg-tea-50 px-4 py-3">
          <dt className="text-sm text-stone-600">{label}</dt>
          <dd className="text-xl font-bold text-tea-800">{formatMoney(amount)}</dd>
          <dd className="text-xs text-stone-500">{hint}</dd>
        </div>
      ))}
    </dl>
  );
}
