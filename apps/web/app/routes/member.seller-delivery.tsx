import { useSearchParams } from "react-router";
import { OrderLoadState } from "../features/orders/LoadState";
import { TrackingCard } from "../features/orders/TrackingCard";
import { useSellerTracking } from "../features/orders/useOrder";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/member.seller-delivery";

export const meta: Route.MetaFunction = () => [{ title: "配送進度｜賣家中心" }, { name: "robots", content: "noindex" }];

/** /member/seller_delivery?order_no=: the tracking of one of the shop's orders. */
export default function SellerDelivery() {
  const [params] = useSearchParams();
  const orderNo = params.get("order_no");
  const state = useSellerTracking(orderNo);
  if (state.status !== "ok") return <OrderLoadState state={state} title="查無配送資料" action="回賣家中心" to="/member/seller" />;
  return (
    <div className="space-y-4">
      <ShopLink
        to={`/member/seller_detail?order_no=${state.data.order_no}`}
        className="block w-fit text-sm text-tea-700 underline"
      >
        ← 回訂單
      </ShopLink>
      <TrackingCard tracking={state.data} />
    </div>
  );
}
