import { useSearchParams } from "react-router";
import { OrderLoadState } from "../features/orders/LoadState";
import { OrderDetail } from "../features/orders/OrderDetail";
import { useOrder } from "../features/orders/useOrder";
import { seo, site } from "../lib/seo";
import type { Route } from "./+types/order-detail";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seo({ title: "訂單明細", ...site(matches), path: location.pathname, noindex: true });

/** /order_detail and /member/order_detail: one order for its buyer. */
export default function OrderDetailPage() {
  const [params] = useSearchParams();
  const orderNo = params.get("order_no");
  const { state, reload } = useOrder(orderNo);
  if (state.status !== "ok") return <OrderLoadState state={state} title="找不到訂單" action="以訂單編號查詢" />;
  const member = typeof window !== "undefined" && window.location.pathname.includes("/member/");
  const trackingPath = `${member ? "/member/delivery_progress" : "/order_delivery"}?order_no=${state.data.order_no}`;
  return <OrderDetail order={state.data} reload={reload} trackingPath={trackingPath} />;
}
