import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { OrderLoading, OrderLoadState } from "../features/orders/LoadState";
import { readTracking } from "../features/orders/order-read";
import { TrackingCard } from "../features/orders/TrackingCard";
import { translate } from "../i18n/runtime";
import { seo, site } from "../lib/seo";
import type { Route } from "./+types/order-delivery";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seo({ title: translate(location.pathname, msg`配送進度`), ...site(matches), path: location.pathname, noindex: true });

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { tracking: await readTracking(new URL(request.url)) };
}

export { OrderLoading as HydrateFallback };

/** /order_delivery and /member/delivery_progress: a shipment's tracking timeline. */
export default function OrderDelivery({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { tracking } = loaderData;
  if (!tracking.ok)
    return <OrderLoadState state={{ status: "error", ...tracking }} title={t`查無配送資料`} action={t`查詢訂單`} />;
  return <TrackingCard tracking={tracking.data} />;
}
