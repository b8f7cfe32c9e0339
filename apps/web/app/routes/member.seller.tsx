import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { Paged } from "@shop/contract/envelope";
import { formatDate, formatMoney } from "@shop/contract/format";
import type { OrderStatus } from "@shop/contract/order";
import type { SellerHome, SellerOrderSummary } from "@shop/contract/seller";
import { Form } from "react-router";
import { MemberLoadError } from "../features/member/member-read";
import { StatusBadge } from "../features/orders/OrderDetail";
import { SellerAnalyticsView } from "../features/seller/SellerAnalyticsView";
import { SellerNav } from "../features/seller/SellerNav";
import { SellerStock } from "../features/seller/SellerStock";
import { ShopSettings } from "../features/seller/ShopSettings";
import { ORDER_STATUS_MSGS, type OrdersQuery, readSellerTab, SELLER_ORDER_TABS, shipName } from "../features/seller/seller-read";
import { translate, useContentLang } from "../i18n/runtime";
import { Pagination } from "../ui/Pagination";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/member.seller";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: translate(location.pathname, msg`賣家中心｜茶山好物`) },
  { name: "robots", content: "noindex" },
];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return readSellerTab(new URL(request.url).searchParams);
}
export { MemberLoadError as ErrorBoundary };

/**
 * /member/seller: the seller's shop orders (by state and by order number, name or phone); with
 * ?tab=inventory their own stock, ?tab=analytics the shop's figures, ?tab=shop its settings.
 */
export default function SellerCenter({ loaderData }: Route.ComponentProps) {
  const { tab, home, orders, query, stock, period, analytics, settings } = loaderData;
  return (
    <div className="space-y-5">
      <SellerNav home={home} current={tab} />
      {stock && <SellerStock data={stock} />}
      {analytics && <SellerAnalyticsView period={period} {...analytics} />}
      {settings && <ShopSettings key={settings.shop.id} initial={settings} />}
      {orders && <SellerOrders home={home} data={orders} query={query} />}
    </div>
  );
}

function SellerOrders({ home, data, query }: { home: SellerHome; data: Paged<SellerOrderSummary>; query: OrdersQuery }) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const { status, keyword, page } = query;
  const tabQuery = (code: OrderStatus | "") => {
    const q = new URLSearchParams({ ...(code ? { status: code } : {}), ...(keyword ? { keyword } : {}) }).toString();
    return `/member/seller${q ? `?${q}` : ""}`;
  };
  const total = Object.values(home.counts).reduce((s, n) => s + (n ?? 0), 0);

  return (
    <section className="card">
      <h2 className="mb-3 text-lg font-bold text-stone-800">{t`商城訂單`}</h2>
      <nav className="-mx-1 mb-3 flex gap-2 overflow-x-auto px-1 pb-1" aria-label={t`訂單狀態`}>
        {SELLER_ORDER_TABS.map((code) => {
          const n = code ? (home.counts[code] ?? 0) : total;
          return (
            <ShopLink
              key={code || "all"}
              to={tabQuery(code)}
              aria-current={status === code ? "page" : undefined}
              className={`shrink-0 rounded-full px-3 py-1 text-sm ${status === code ? "bg-tea-700 text-white" : "bg-stone-100 text-stone-700"}`}
            >
              {code ? t(ORDER_STATUS_MSGS[code]) : t`全部`}
              {` ${n}`}
            </ShopLink>
          );
        })}
      </nav>
      <Form method="get" className="mb-4 flex gap-2" role="search">
        {status && <input type="hidden" name="status" value={status} />}
        <label htmlFor="seller-keyword" className="sr-only">
          {t`搜尋訂單`}
        </label>
        <input
          id="seller-keyword"
          name="keyword"
          defaultValue={keyword}
          maxLength={30}
          placeholder={t`訂單編號、收件人或手機`}
          className="input flex-1"
        />
        <button type="submit" className="btn-primary shrink-0">
          {t`搜尋`}
        </button>
      </Form>
      {data.list.length === 0 ? (
        <p className="py-8 text-center text-stone-600">{keyword ? t`找不到符合「${keyword}」的訂單。` : t`目前沒有訂單。`}</p>
      ) : (
        <ul className="divide-y divide-stone-100" aria-label={t`訂單列表`}>
          {data.list.map((o) => {
            const count = o.item_count;
            return (
              <li key={o.order_no}>
                <ShopLink
                  to={`/member/seller_detail?order_no=${o.order_no}`}
                  className="flex items-center gap-3 py-3 hover:bg-stone-50"
                >
                  <div className="min-w-0 flex-1">
                    <p className="font-mono text-stone-800">{o.order_no}</p>
                    <p className="truncate text-sm text-stone-500">
                      {`${formatDate(o.created_at)}｜${o.receiver_name}｜${shipName(o.ship_method_name, t)}`}
                    </p>
                    <p className="truncate text-sm text-stone-500">
                      {contentLang ? <span lang={contentLang}>{o.first_item?.name}</span> : o.first_item?.name}
                      {count > 1 ? t` 等 ${count} 件` : ""}
                    </p>
                  </div>
                  <div className="shrink-0 text-right">
                    <StatusBadge status={o.status} label={o.status_label} />
                    <p className="mt-1 font-bold text-stone-800">{formatMoney(o.order_amount)}</p>
                  </div>
                </ShopLink>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination
        page={page}
        total={data.total}
        perPage={data.per_page}
        path="/member/seller"
        query={{ ...(status ? { status } : {}), ...(keyword ? { keyword } : {}) }}
      />
    </section>
  );
}
