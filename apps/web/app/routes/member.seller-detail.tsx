import { useSearchParams } from "react-router";
import { OrderLoadState } from "../features/orders/LoadState";
import { OrderDetail } from "../features/orders/OrderDetail";
import { useSellerOrder } from "../features/orders/useOrder";
import { SellerActions } from "../features/seller/SellerActions";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/member.seller-detail";

export const meta: Route.MetaFunction = () => [{ title: "訂單處理｜賣家中心" }, { name: "robots", content: "noindex" }];

/** /member/seller_detail?order_no=: one of the shop's orders, with what the seller can do next. */
export default function SellerDetail() {
  const [params] = useSearchParams();
  const orderNo = params.get("order_no");
  const { state, reload } = useSellerOrder(orderNo);
  if (state.status !== "ok") return <OrderLoadState state={state} title="查無此訂單" action="回賣家中心" to="/member/seller" />;
  const order = state.data;
  return (
    <div className="space-y-5">
      <ShopLink to="/member/seller" className="block w-fit text-sm text-tea-700 underline">
        ← 回賣家中心
      </ShopLink>
      <SellerActions order={order} onChange={() => void reload()} />
      <OrderDetail order={order} reload={reload} trackingPath={`/member/seller_delivery?order_no=${order.order_no}`} />
    </div>
  );
}
