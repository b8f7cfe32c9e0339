import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { MemberLoadError } from "../features/member/member-read";
import { OrderLoadState } from "../features/orders/LoadState";
import { readSellerTracking } from "../features/orders/order-read";
import { TrackingCard } from "../features/orders/TrackingCard";
import { translate } from "../i18n/runtime";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/member.seller-delivery";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: translate(location.pathname, msg`配送進度｜賣家中心`) },
  { name: "robots", content: "noindex" },
];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { tracking: await readSellerTracking(new URL(request.url)) };
}
export { MemberLoadError as ErrorBoundary };

/** /member/seller_delivery?order_no=: the tracking of one of the shop's orders. */
export default function SellerDelivery({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { tracking } = loaderData;
  if (!tracking.ok) {
    return (
      <OrderLoadState
        state={{ status: "error", ...tracking }}
        title={t`查無配送資料`}
        action={t`回賣家中心`}
        to="/member/seller"
      />
    );
  }
  return (
    <div className="space-y-4">
      <ShopLink
        to={`/member/seller_detail?order_no=${tracking.data.order_no}`}
        className="block w-fit text-sm text-tea-700 underline"
      >
        {t`← 回訂單`}
      </ShopLink>
      <TrackingCard tracking={tracking.data} />
    </div>
  );
}
