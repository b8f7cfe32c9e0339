import { data, Outlet, redirect } from "react-router";
import { langOfPath, pathInLang } from "../i18n/runtime";
import { parseShopPrefix } from "../lib/shop";
import type { Route } from "./+types/shop-scope";

/** `/shop_{id}/…`: a sub-mall. Anything else in the first segment is not a page. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const shopId = parseShopPrefix(params.shopPrefix);
  if (shopId === undefined) throw data(null, { status: 404 });
  if (shopId === 1) {
    // The main mall has no prefix (the page's language stays).
    throw redirect(pathInLang("/", langOfPath(url.pathname)));
  }
  const recheck = await context.api<{ shop_id: number }>("/api/supmall/recheck", {
    method: "POST",
    body: { shop_id: shopId },
  });
  // A shop that does not exist or is suspended: say so (404) and offer the main mall, rather
  // than a silent move that leaves a shared link looking broken.
  if (!recheck.status && recheck.data?.shop_id === 1) throw data({ shopMissing: true }, { status: 404 });
  return null;
}

export default function ShopScope() {
  return <Outlet />;
}

export { RouteErrorPage as ErrorBoundary } from "../ui/NotFoundPage";
