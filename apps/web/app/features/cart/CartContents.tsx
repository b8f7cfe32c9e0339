import { useLingui } from "@lingui/react/macro";
import { formatMoney } from "@shop/contract/format";
import { useContentLang } from "../../i18n/runtime";
import { Img } from "../../ui/Img";
import { ShopLink } from "../../ui/ShopLink";
import { PreorderBadge } from "../orders/PreorderBadge";
import { FreeShippingProgress } from "./FreeShippingProgress";
import { QtySelect, unavailableText } from "./LineControls";
import { usePanelFocus } from "./panel-focus";
import { useCartChanges, usePanelCart } from "./useCart";

/** The cart side panel's contents; loaded only when the panel is first opened. */
export default function CartContents({ onClose }: { onClose(): void }) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const data = usePanelCart();
  usePanelFocus("cart-panel", onClose);
  const { busy, setQty, remove } = useCartChanges();
  if (!data?.cart) {
    return (
      <div className="flex flex-1 items-center justify-center" role="status" aria-label={t`載入中`}>
        <span className="block h-6 w-6 animate-spin rounded-full border-3 border-tea-100 border-t-tea-700" />
      </div>
    );
  }
  const { cart, offers } = data;
  const count = cart.selected_count;
  if (cart.lines.length === 0) {
    return <p className="flex flex-1 items-center justify-center p-6 text-stone-600">{t`購物車是空的，去逛逛吧！`}</p>;
  }
  return (
    <>
      <ul className="flex-1 divide-y divide-stone-100 overflow-y-auto px-4" aria-busy={busy}>
        {cart.lines.map((l) => (
          <li key={l.line_id} className="flex gap-3 py-3" data-testid="cart-line">
            <Img src={l.image} alt="" width={64} height={64} sizes="64px" className="h-16 w-16 rounded-lg object-cover" />
            <div className="flex flex-1 flex-col gap-1 text-sm">
              <p className="font-medium text-stone-800" lang={contentLang}>
                {l.name}
              </p>
              <p className="text-stone-500" lang={contentLang}>
                {l.variant_name}
              </p>
              <PreorderBadge shipOn={l.preorder_ship_on} />
              {!l.available && <p className="text-red-700">{unavailableText(l, t)}</p>}
              <div className="flex items-center gap-2">
                <QtySelect line={l} idPrefix="qty" disabled={busy} onChange={(qty) => void setQty(l.line_id, qty)} />
                <span className="ml-auto font-bold text-red-700">{formatMoney(l.subtotal)}</span>
              </div>
              <button
                type="button"
                className="self-start text-xs text-stone-500 underline"
                onClick={() => void remove(l.line_id)}
                disabled={busy}
              >
                {t`移除`}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div className="border-t border-stone-200 p-4">
        <FreeShippingProgress amount={cart.goods_amount} offers={offers} />
        <p className="flex justify-between text-stone-700">
          <span>{t`商品小計（${count} 項）`}</span>
          <span className="font-bold text-red-700" data-testid="cart-amount">
            {formatMoney(cart.goods_amount)}
          </span>
        </p>
        <p className="mt-1 text-xs text-stone-500">{t`運費與優惠於結帳時計算`}</p>
        <ShopLink to="/select_cart" onClick={onClose} className="btn-primary mt-3 w-full">
          {t`前往結帳`}
        </ShopLink>
      </div>
    </>
  );
}
