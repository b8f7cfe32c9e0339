import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { formatMoney } from "@shop/contract/format";
import { lazy, Suspense, useEffect } from "react";
import { type ShouldRevalidateFunctionArgs, useRevalidator, useRouteLoaderData } from "react-router";
import { type CartChange, changeCart, isCartChange, readCart } from "../features/cart/cart-data";
import { FreeShippingProgress } from "../features/cart/FreeShippingProgress";
import { QtySelect, unavailableText } from "../features/cart/LineControls";
import { useCartChanges } from "../features/cart/useCart";
import { useActionResult } from "../features/member/member-read";
import { useOnline } from "../features/shell/online";
import { translate, useContentLang } from "../i18n/runtime";
import { seo, site } from "../lib/seo";
import { parseShopPrefix, shopScope } from "../lib/shop";
import type { loader as rootLoader } from "../root";
import { useAlerts } from "../ui/alerts";
import { Img } from "../ui/Img";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/select-cart";

// Apple Pay / Google Pay express entry: shown only once the device proves it can pay.
const DeviceWalletButton = lazy(() => import("../features/device-wallets/DeviceWalletButton"));

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seo({ title: translate(location.pathname, msg`選擇結帳商品`), ...site(matches), path: location.pathname, noindex: true });

/** The cart (it lives in the browser: its token, or the member's) and the free-shipping thresholds. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return readCart(shopScope(parseShopPrefix(params.shopPrefix)).shopId);
}

/** A line's quantity, its choice for checkout, or its removal (from this page or the cart side panel). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return changeCart((await request.json()) as CartChange);
}

/** The cart is read again after a change to it (from here or the side panel), not after other pages' actions. */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return isCartChange(formAction) || defaultShouldRevalidate;
}

export function HydrateFallback() {
  const { t } = useLingui();
  return (
    <section className="card">
      <h1 className="mb-4 text-2xl font-bold text-stone-800">{t`購物車`}</h1>
      <p className="text-stone-600" role="status">
        {t`載入中…`}
      </p>
    </section>
  );
}

/** /select_cart: choose which cart lines go to checkout. The cart lives in the browser's session. */
export default function SelectCart({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const { cart, error, offers, offline } = loaderData;
  const count = cart?.selected_count ?? 0;
  const online = useOnline();
  const revalidator = useRevalidator();
  // Back online after showing the cart as last seen: read it again.
  useEffect(() => {
    if (online && offline) void revalidator.revalidate();
  }, [online, offline, revalidator]);
  const { busy, setQty, setSelected, remove } = useCartChanges();
  const alerts = useAlerts();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  useActionResult(error ?? undefined, (message) => void alerts.error(message));
  return (
    <section className="card">
      <h1 className="mb-4 text-2xl font-bold text-stone-800">{t`購物車`}</h1>
      {!cart ? (
        <p className="text-stone-600" role="status">
          {error ?? t`載入中…`}
        </p>
      ) : cart.lines.length === 0 ? (
        <div className="py-8 text-center">
          <p className="text-stone-600">{t`購物車是空的。`}</p>
          <ShopLink to="/" className="btn-primary mt-4">
            {t`去逛逛`}
          </ShopLink>
        </div>
      ) : (
        <>
          <ul className="divide-y divide-stone-100" aria-busy={busy}>
            {cart.lines.map((l) => {
              const name = l.name;
              const variant = l.variant_name;
              return (
                <li key={l.line_id} className="flex flex-wrap items-center gap-3 py-3">
                  <input
                    type="checkbox"
                    aria-label={t`選擇 ${name} ${variant}`}
                    checked={l.selected && l.available}
                    disabled={busy || !l.available}
                    onChange={(e) => void setSelected(l.line_id, e.target.checked)}
                    className="h-5 w-5 accent-tea-700"
                  />
                  <Img src={l.image} alt="" width={72} height={72} sizes="72px" className="h-16 w-16 rounded-lg object-cover" />
                  <div className="min-w-0 flex-1 basis-40">
                    <ShopLink
                      to={`/product/details?id=${l.product_id}`}
                      className="font-medium text-stone-800 hover:underline"
                      lang={contentLang}
                    >
                      {l.name}
                    </ShopLink>
                    <p className="text-sm text-stone-500">
                      <span lang={contentLang}>{l.variant_name}</span>｜{formatMoney(l.price)}
                    </p>
                    {!l.available && <p className="text-sm text-red-700">{unavailableText(l, t)}</p>}
                  </div>
                  <div className="ml-auto flex items-center gap-3">
                    <QtySelect line={l} idPrefix="sel-qty" disabled={busy} onChange={(qty) => void setQty(l.line_id, qty)} />
                    <span className="w-24 text-right font-bold text-red-700">{formatMoney(l.subtotal)}</span>
                    <button
                      type="button"
                      onClick={() => void remove(l.line_id)}
                      disabled={busy}
                      className="text-sm text-stone-500 underline"
                    >
                      {t`移除`}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="mt-4 ml-auto max-w-sm">
            <FreeShippingProgress amount={cart.goods_amount} offers={offers} />
          </div>
          <div className="flex flex-wrap items-center justify-end gap-4 border-t border-stone-200 pt-4">
            <p className="text-stone-700">
              {t`已選 ${count} 項，商品小計`}{" "}
              <strong className="text-xl text-red-700" data-testid="select-cart-amount">
                {formatMoney(cart.goods_amount)}
              </strong>
            </p>
            <ShopLink
              to="/cart"
              className={`btn-primary ${cart.selected_count === 0 || !online ? "pointer-events-none opacity-60" : ""}`}
              aria-disabled={cart.selected_count === 0 || !online}
            >
              {t`前往結帳`}
            </ShopLink>
          </div>
          {!online && (
            <p className="mt-2 text-right text-sm text-amber-900" role="status">
              {t`結帳需要網路連線，恢復連線後即可前往結帳。`}
            </p>
          )}
          <p className="mt-2 text-right text-xs text-stone-500">{t`運費、優惠與點數折抵於結帳時計算。`}</p>
          {cart.selected_count > 0 && online && root?.deviceWallets[0] && (
            <div className="mt-4 ml-auto max-w-sm">
              <Suspense>
                <DeviceWalletButton to="/cart" />
              </Suspense>
            </div>
          )}
        </>
      )}
    </section>
  );
}
