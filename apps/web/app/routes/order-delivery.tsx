import { useSearchParams } from "react-router";
import { OrderLoadState } from "../features/orders/LoadState";
import { TrackingCard } from "../features/orders/TrackingCard";
import { useTracking } from "../features/orders/useOrder";
import { seo, site } from "../lib/seo";
import type { Route } from "./+types/order-delivery";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seo({ title: "配送進度", ...site(matches), path: location.pathname, noindex: true });

/** /order_delivery and /member/delivery_progress: a shipment's tracking timeline. */
export default function OrderDelivery() {
  const [params] = useSearchParams();
  const orderNo = params.get("order_no");
  const state = useTracking(orderNo);
  if (state.status !== "ok") return <OrderLoadState state={state} title="查無配送資料" action="查詢訂單" />;
  return <TrackingCard tracking={state.data} />;
}
