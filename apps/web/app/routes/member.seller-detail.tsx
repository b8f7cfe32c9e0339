import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { MemberLoadError } from "../features/member/member-read";
import { OrderLoadState } from "../features/orders/LoadState";
import { OrderDetail } from "../features/orders/OrderDetail";
import { type OrderAction, orderAction, type SellerAction, sellerAction } from "../features/orders/order-actions";
import { readSellerOrder } from "../features/orders/order-read";
import { SellerActions } from "../features/seller/SellerActions";
import { translate } from "../i18n/runtime";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/member.seller-detail";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: translate(location.pathname, msg`訂單處理｜賣家中心`) },
  { name: "robots", content: "noindex" },
];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { order: await readSellerOrder(new URL(request.url)) };
}
export { MemberLoadError as ErrorBoundary };

/** The seller's steps (確認收款, 出貨, 完成訂單…) and the order page's own; the order is read again afterwards. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const action = (await request.json()) as SellerAction | OrderAction;
  return action.intent === "seller" ? sellerAction(action) : orderAction(action);
}

/** /member/seller_detail?order_no=: one of the shop's orders, with what the seller can do next. */
export default function SellerDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { order: read } = loaderData;
  if (!read.ok) {
    return (
      <OrderLoadState state={{ status: "error", ...read }} title={t`查無此訂單`} action={t`回賣家中心`} to="/member/seller" />
    );
  }
  const order = read.data;
  return (
    <div className="space-y-5">
      <ShopLink to="/member/seller" className="block w-fit text-sm text-tea-700 underline">
        {t`← 回賣家中心`}
      </ShopLink>
      <SellerActions order={order} />
      <OrderDetail order={order} trackingPath={`/member/seller_delivery?order_no=${order.order_no}`} />
    </div>
  );
}
