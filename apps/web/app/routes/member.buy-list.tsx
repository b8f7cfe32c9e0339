import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { Paged } from "@shop/contract/envelope";
import { formatDate, formatMoney } from "@shop/contract/format";
import { ORDER_STATUS_LABELS, type OrderStatus, type OrderSummary } from "@shop/contract/order";
import { MemberLoadError, memberRead } from "../features/member/member-read";
import { Lang, memberTitle } from "../features/member/server-text";
import { StatusBadge } from "../features/orders/OrderDetail";
import { orderStatusText } from "../features/orders/order-labels";
import { useContentLang } from "../i18n/runtime";
import { Img } from "../ui/Img";
import { Pagination } from "../ui/Pagination";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/member.buy-list";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: memberTitle(location.pathname, msg`訂單紀錄`) },
  { name: "robots", content: "noindex" },
];

/** "" is every order (全部). */
const TABS: Array<OrderStatus | ""> = ["", "pending_payment", "paid", "shipped", "completed", "cancelled"];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const status = (TABS.find((code) => code === params.get("status")) ?? "") as OrderStatus | "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const data = await memberRead<Paged<OrderSummary>>("/api/order/search", {
    body: { page, per_page: 10, ...(status ? { status } : {}) },
  });
  return { status, page, data };
}
export { MemberLoadError as ErrorBoundary };

/** /member/buy_list: the member's orders, newest first, by status. */
export default function BuyList({ loaderData }: Route.ComponentProps) {
  const { status, page, data } = loaderData;
  const { t } = useLingui();
  const contentLang = useContentLang();

  return (
    <section className="card">
      <h1 className="mb-4 text-xl font-bold text-stone-800">{t`訂單紀錄`}</h1>
      <nav className="mb-4 flex flex-wrap gap-2" aria-label={t`訂單狀態`}>
        {TABS.map((code) => (
          <ShopLink
            key={code || "all"}
            to={`/member/buy_list${code ? `?status=${code}` : ""}`}
            aria-current={status === code ? "page" : undefined}
            className={`shrink-0 rounded-full px-3 py-1 text-sm ${status === code ? "bg-tea-700 text-white" : "bg-stone-100 text-stone-700"}`}
          >
            {code ? orderStatusText(t, ORDER_STATUS_LABELS[code]) : t`全部`}
          </ShopLink>
        ))}
      </nav>
      {data.list.length === 0 ? (
        <p className="py-8 text-center text-stone-600">{t`目前沒有訂單。`}</p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {data.list.map((o) => {
            const lines = o.line_count;
            const units = o.item_count;
            const offset = formatMoney(o.order_amount - o.payable);
            return (
              <li key={o.order_no}>
                <ShopLink
                  to={`/member/order_detail?order_no=${o.order_no}`}
                  className="flex items-center gap-3 py-3 hover:bg-stone-50"
                >
                  {o.first_item && (
                    <Img
                      src={o.first_item.image}
                      alt=""
                      width={56}
                      height={56}
                      sizes="56px"
                      className="h-14 w-14 rounded-lg object-cover"
                    />
                  )}
                  <div className="min-w-0 flex-1">
                    <p className="font-mono text-stone-800">{o.order_no}</p>
                    <p className="text-sm text-stone-500">{formatDate(o.created_at)}</p>
                    {/* The name readable (up to two lines); lines and units counted apart (issue 47). */}
                    <p className="line-clamp-2 text-sm text-stone-700" data-testid="order-first-item">
                      <Lang text={o.first_item?.name} lang={contentLang} />
                      {o.line_count > 1 ? ` ${t`等 ${lines} 項商品`}` : ""}
                    </p>
                    <p className="text-sm text-stone-500">{t`共 ${units} 件`}</p>
                  </div>
                  <div className="text-right">
                    <StatusBadge status={o.status} label={o.status_label} />
                    {/* What the buyer pays (or paid): the same figure as the order and the transfer instructions. */}
                    <p className="mt-1 font-bold text-stone-800" data-testid="order-payable">
                      {formatMoney(o.payable)}
                    </p>
                    {o.payable !== o.order_amount && <p className="text-xs text-stone-500">{t`點數／錢包折抵 ${offset}`}</p>}
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
        path="/member/buy_list"
        query={status ? { status } : {}}
      />
    </section>
  );
}
