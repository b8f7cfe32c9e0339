import { useSearchParams } from "react-router";
import { OrderDetail } from "../features/orders/OrderDetail";
import { useOrder } from "../features/orders/useOrder";
import { rootOrigin, seo } from "../lib/seo";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/order-detail";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seo({ title: "訂單明細", origin: rootOrigin(matches), path: location.pathname, noindex: true });

/** /order_detail and /member/order_detail: one order for its buyer. */
export default function OrderDetailPage() {
  const [params] = useSearchParams();
  const orderNo = params.get("order_no");
  const { state, reload } = useOrder(orderNo);
  if (state.status === "loading") {
    return (
      <section className="card">
        <p role="status">載入中…</p>
      </section>
    );
  }
  if (state.status === "error") {
    return (
      <section className="card text-center">
        <h1 className="text-xl font-bold text-stone-800">找不到訂單</h1>
        <p className="mt-2 text-stone-600">{state.message}</p>
        <ShopLink to="/order_search" className="btn-primary mt-4">
          以訂單編號查詢
        </ShopLink>
      </section>
    );
  }
  const member = typeof window !== "undefined" && window.location.pathname.includes("/member/");
  const trackingPath = `${member ? "/member/delivery_progress" : "/order_delivery"}?order_no=${state.data.order_no}`;
  return <OrderDetail order={state.data} reload={reload} trackingPath={trackingPath} />;
}
