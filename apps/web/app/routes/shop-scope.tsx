import { data, Outlet, redirect } from "react-router";
import { parseShopPrefix } from "../lib/shop";
import type { Route } from "./+types/shop-scope";

/** `/shop_{id}/…`: a sub-mall. Anything else in the first segment is not a page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const shopId = parseShopPrefix(params.shopPrefix);
  if (shopId === undefined) throw data(null, { status: 404 });
  if (shopId === 1) {
    // The main mall has no prefix.
    throw redirect("/");
  }
  const recheck = await context.api<{ shop_id: number }>("/api/supmall/recheck", {
    method: "POST",
    body: { shop_id: shopId },
  });
  // A shop that does not exist or is suspended sends visitors to the main mall.
  if (!recheck.status && recheck.data?.shop_id === 1) throw redirect("/");
  return null;
}

export default function ShopScope() {
  return <Outlet />;
}

export { RouteErrorPage as ErrorBoundary } from "../ui/NotFoundPage";
