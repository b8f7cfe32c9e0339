import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { OrderLoading, OrderLoadState } from "../features/orders/LoadState";
import { OrderDetail } from "../features/orders/OrderDetail";
import { type OrderAction, orderAction } from "../features/orders/order-actions";
import { inMemberArea, readOrder } from "../features/orders/order-read";
import { translate } from "../i18n/runtime";
import { seo, site } from "../lib/seo";
import type { Route } from "./+types/order-detail";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seo({ title: translate(location.pathname, msg`訂單明細`), ...site(matches), path: location.pathname, noindex: true });

/** The order for this browser: the member's, or the guest's by the phone they ordered with. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  return { order: await readOrder(url), member: inMemberArea(url) };
}

/** 取消訂單, 回報匯款, 重新付款; the order is read again afterwards. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return orderAction((await request.json()) as OrderAction, new URL(request.url).pathname);
}

export { OrderLoading as HydrateFallback };

/** /order_detail and /member/order_detail: one order for its buyer. */
export default function OrderDetailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { order, member } = loaderData;
  if (!order.ok) return <OrderLoadState state={{ status: "error", ...order }} title={t`找不到訂單`} action={t`以訂單編號查詢`} />;
  const trackingPath = `${member ? "/member/delivery_progress" : "/order_delivery"}?order_no=${order.data.order_no}`;
  return <OrderDetail order={order.data} trackingPath={trackingPath} member={member} />;
}
