import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { ProductView, VariantView } from "@shop/contract/catalogue";
import { formatMoney } from "@shop/contract/format";
import { lazy, Suspense, useState } from "react";
import { type MessageDescriptor, useContentLang } from "../../i18n/runtime";
import { api } from "../../lib/api";
import { openCart } from "../../lib/cart-events";
import { useShop } from "../../lib/shop";
import { track } from "../../lib/track";
import { useAlerts } from "../../ui/alerts";
import { ShopLink } from "../../ui/ShopLink";

// Loaded when a sold-out variant's 到貨通知我 is pressed.
const RestockNotify = lazy(() => import("./RestockNotify"));

const STOCK_LABEL: Record<VariantView["stock_state"], MessageDescriptor> = {
  in_stock: msg`現貨供應`,
  low: msg`數量有限`,
  out_of_stock: msg`已售完`,
};

/** The server's pre-order label (catalogue/shelf.ts): `預購商品，預計 YYYY/MM/DD 出貨`. */
const PREORDER_LABEL = /^預購商品，預計 (.+) 出貨$/;

interface PriceProps {
  variant: VariantView | undefined;
  price: number;
  listPrice: number;
  soldOut: boolean;
  qty: number;
  pointPercent: number;
}

/** The chosen variant's price, its stock state and the points it earns. */
export function PriceAndStock({ variant, price, listPrice, soldOut, qty, pointPercent }: PriceProps) {
  const { t } = useLingui();
  const preorder = (label: string) => {
    const date = PREORDER_LABEL.exec(label)?.[1];
    return date ? t`預購商品，預計 ${date} 出貨` : label;
  };
  const points = Math.floor((price * qty * pointPercent) / 100);
  return (
    <>
      <div className="flex items-baseline gap-3" data-testid="price">
        <span className="price text-3xl font-bold text-red-700">{formatMoney(price)}</span>
        {listPrice > price && <del className="text-stone-500">{formatMoney(listPrice)}</del>}
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <span
          data-testid="stock-state"
          className={
            soldOut ? "font-medium text-red-700" : variant?.stock_state === "low" ? "font-medium text-amber-800" : "text-tea-700"
          }
        >
          {variant?.preorder_label !== undefined
            ? preorder(variant.preorder_label)
            : t(STOCK_LABEL[variant?.stock_state ?? "out_of_stock"])}
        </span>
        {pointPercent > 0 && (
          <span className="text-stone-700" data-testid="points">
            {t`購買可得 ${points} 點（${pointPercent}% 回饋）`}
          </span>
        )}
      </p>
    </>
  );
}

/** 規格: one radio per variant, shown as a chip. */
export function VariantPicker({
  variants,
  variantId,
  onPick,
}: {
  variants: VariantView[];
  variantId: number | undefined;
  onPick(v: VariantView): void;
}) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-stone-700">{t`規格`}</legend>
      <div className="flex flex-wrap gap-2">
        {variants.map((v) => (
          <label
            key={v.id}
            className={`cursor-pointer rounded-lg px-4 py-2 text-sm ring-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-tea-600 ${v.id === variantId ? "bg-tea-700 text-white ring-tea-700" : v.stock_state === "out_of_stock" ? "bg-stone-100 text-stone-600 ring-stone-200" : "bg-white text-stone-800 ring-stone-300"}`}
          >
            <input
              type="radio"
              name="variant"
              value={v.id}
              checked={v.id === variantId}
              onChange={() => onPick(v)}
              className="sr-only"
            />
            <span lang={contentLang}>{v.name}</span>
            {v.stock_state === "out_of_stock" && t`（售完）`}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** 數量: − and ＋ around the count, up to the order limit. */
export function QuantityPicker({
  qty,
  setQty,
  maxQty,
  perOrderLimit,
  perMemberLimit,
}: {
  qty: number;
  setQty(update: (q: number) => number): void;
  maxQty: number;
  perOrderLimit: ProductView["per_order_limit"];
  /** 每人限購 N 件 (decision 92). */
  perMemberLimit: ProductView["per_member_limit"];
}) {
  const { t } = useLingui();
  const orderLimit = (limit: number) => t`每筆訂單限購 ${limit} 件`;
  const memberLimit = (limit: number) => t`每人限購 ${limit} 件`;
  return (
    <div className="flex items-center gap-3">
      <span id="qty-label" className="text-sm font-medium text-stone-700">
        {t`數量`}
      </span>
      <fieldset className="flex items-center rounded-lg ring-1 ring-stone-300" aria-labelledby="qty-label">
        <button
          type="button"
          className="px-3 py-2"
          onClick={() => setQty((q) => Math.max(1, q - 1))}
          aria-label={t`減少數量`}
          disabled={qty <= 1}
        >
          −
        </button>
        <output aria-live="polite" className="min-w-8 text-center">
          {qty}
        </output>
        <button
          type="button"
          className="px-3 py-2"
          onClick={() => setQty((q) => Math.min(maxQty, q + 1))}
          aria-label={t`增加數量`}
          disabled={qty >= maxQty}
        >
          ＋
        </button>
      </fieldset>
      {perOrderLimit && <span className="text-xs text-stone-500">{orderLimit(perOrderLimit)}</span>}
      {perMemberLimit && <span className="text-xs text-stone-500">{memberLimit(perMemberLimit)}</span>}
    </div>
  );
}

/**
 * 加入購物車 and 直接購買, or 已售完 and 到貨通知我 for a sold-out variant. On a phone these sit in
 * a bar fixed above the tab bar, so they stay while the shopper reads.
 */
export function BuyButtons({
  product: p,
  variant,
  qty,
  soldOut,
}: {
  product: ProductView;
  variant: VariantView | undefined;
  qty: number;
  soldOut: boolean;
}) {
  const { t } = useLingui();
  const alerts = useAlerts();
  const shop = useShop();
  const [adding, setAdding] = useState(false);
  const [restockFor, setRestockFor] = useState<number | null>(null);

  const addToCart = async () => {
    if (!variant || adding) return;
    setAdding(true);
    const r = await api("/api/cart/store", { body: { variant_id: variant.id, qty, shop_id: shop.shopId } });
    setAdding(false);
    if (r.status) {
      track("add_to_cart", {
        value: variant.price * qty,
        items: [{ item_id: p.id, item_name: p.name, item_variant: variant.name, price: variant.price, quantity: qty }],
      });
      openCart();
    } else await alerts.error(r.message);
  };

  return soldOut ? (
    <>
      <button type="button" className="btn-secondary min-h-11 flex-1 md:min-w-40 md:flex-none" disabled>
        {t`已售完`}
      </button>
      {variant && (
        <button
          type="button"
          className="btn-primary min-h-11 flex-1 md:min-w-40 md:flex-none"
          disabled={restockFor !== null}
          onClick={() => setRestockFor(variant.id)}
        >
          {t`到貨通知我`}
        </button>
      )}
      {restockFor !== null && (
        <Suspense>
          <RestockNotify variantId={restockFor} onDone={() => setRestockFor(null)} />
        </Suspense>
      )}
    </>
  ) : (
    <>
      <button
        type="button"
        className="btn-secondary min-h-11 flex-1 md:min-w-40 md:flex-none"
        aria-busy={adding}
        onClick={() => void addToCart()}
      >
        {adding ? t`加入中…` : variant?.preorder_label ? t`預購` : t`加入購物車`}
      </button>
      <ShopLink
        to={`/cart?variant_id=${variant?.id ?? ""}&qty=${qty}`}
        className="btn-primary min-h-11 flex-1 md:min-w-40 md:flex-none"
      >
        {t`直接購買`}
      </ShopLink>
    </>
  );
}
