import { msg } from "@lingui/core/macro";
import { useEffect, useRef } from "react";
import { useNavigate, useRouteLoaderData } from "react-router";
import { api, leavingPage } from "../../lib/api";
import { tokenAtLoad } from "../../lib/auth";
import { MAIN_SHOP_ID } from "../../lib/shop";
import { storage } from "../../lib/storage";
import type { AlertMessage } from "../../ui/alerts";

/**
 * Start-up behaviour from the specification §4: check that this visitor may stay in this mall and
 * redirect if not (the sub-mall and refcode are remembered by the shell at once, scroll.ts). It
 * runs once this lazily loaded code is up; a sign-in or sign-out since the page loaded has chosen
 * the mall already, so then it stands down.
 */
export function useStartupChecks() {
  const checked = useRef(false);
  // No shop in the root data under a /shop_N/ address: the page is the closed-shop 404 (shop-scope.tsx).
  const rootShop = (useRouteLoaderData("root") as { shop?: { status: string } | null } | undefined)?.shop;
  const missingShop = rootShop === null || (rootShop !== undefined && rootShop.status !== "open");

  // Once per page load: the sub-mall check (recheck / recheck2).
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    if (storage.token() !== tokenAtLoad) return;
    const subMall = storage.subMall();
    const shopId = subMall ? Number(subMall.replace("shop_", "")) : undefined;
    if (shopId && Number.isInteger(shopId)) {
      void api<{ shop_id: number }>("/api/supmall/recheck", { body: { shop_id: shopId } }).then((r) => {
        if (r.status || r.httpStatus === 0 || !r.data) return;
        storage.setIsLiff("0");
        if (r.data.shop_id === MAIN_SHOP_ID) storage.setSubMall(null);
        // A closed or unknown sub-mall in the address shows its own 404 page with a link to the main mall.
        if (missingShop && window.location.pathname.startsWith(`/${subMall}`)) return;
        moveTo(r.data.shop_id);
      });
    } else {
      void api<{ shop_id: number }>("/api/supmall/recheck2", { body: {} }).then((r) => {
        if (r.status || r.httpStatus === 0 || !r.data) return;
        moveTo(r.data.shop_id);
      });
    }
  }, [missingShop]);
}

/**
 * After a sign-in stopped working (lib/api.ts sent the shopper home): say so, then open sign-in
 * with the page they were on as `next`, so they come back to it (their cart is kept by the server).
 */
export function useExpiredSignInNotice(remind: (message: AlertMessage) => Promise<void>) {
  const navigate = useNavigate();
  useEffect(() => {
    const at = storage.signInExpiredAt();
    // Set by this very page on its way home (code loaded after the refusal): the home page says it.
    if (!at || leavingPage()) return;
    storage.setSignInExpiredAt(null);
    // The mall and the language of the page they were on.
    const mall = /^(?:\/shop_\d+)?(?:\/en(?=\/|$))?/.exec(at)?.[0] ?? "";
    // Back to the page they were on — unless that was a sign-in page itself.
    const back = /^(\/shop_\d+)?(\/en)?\/(login|register|password)(\?|$)/.test(at) ? "" : `?next=${encodeURIComponent(at)}`;
    // A descriptor: the dialog says it in the page's language once the English has come.
    void remind(msg`登入已逾時，請重新登入`).then(() => navigate(`${mall}/login${back}`));
  }, [remind, navigate]);
}

/** Pages every mall has (a product or a category may be sold in one mall only). */
const IN_EVERY_MALL = /^\/(member|cart|select_cart|orderfinish|order_search|order_detail|order_delivery)(\/|$)/;

/**
 * Moves the visitor to the mall they belong to: the same page where every mall has it (a member
 * of /shop_2/ who opens /member/seller lands on /shop_2/member/seller), else that mall's home. A
 * full page load, so the shell, its data and the mall's own analytics are that mall's.
 */
function moveTo(shopId: number) {
  const { pathname, search } = window.location;
  // The page's language is kept: `/shop_2/en/member` ⇄ `/en/member`.
  const [, , english = "", path = ""] = /^(\/shop_\d+(?=\/|$))?(\/en(?=\/|$))?(.*)$/.exec(pathname) ?? [];
  const rest = path || "/";
  const base = (shopId === MAIN_SHOP_ID ? "" : `/shop_${shopId}`) + english;
  const target = IN_EVERY_MALL.test(rest) ? `${base}${rest}${search}` : `${base}/`;
  // Already there (a main-mall member back from a sub-mall visit, on a main-mall page): loading
  // the same page again would only make the shopper wait and lose what they began to type.
  if (target === pathname + search) return;
  window.location.replace(target);
}
