import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { refundsThroughTapPay } from "@shop/contract/order";
import { useEffect, useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { AmountTable } from "../features/orders/AmountTable";
import { DealLinesNote } from "../features/orders/LineKindTag";
import { OrderLoading, OrderLoadState } from "../features/orders/LoadState";
import { type OrderAction, orderAction } from "../features/orders/order-actions";
import { orderStatusText, paymentMethodText } from "../features/orders/order-labels";
import { readOrder } from "../features/orders/order-read";
import { PayAgain } from "../features/orders/PayAgain";
import { preorderNote } from "../features/orders/preorder-note";
import { TransferInfo } from "../features/orders/TransferReport";
import { VirtualAccountInfo } from "../features/orders/VirtualAccountInfo";
import { translate, useContentLang } from "../i18n/runtime";
import { api } from "../lib/api";
import { useToken } from "../lib/auth";
import { seo, site } from "../lib/seo";
import { track } from "../lib/track";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/order-finish";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seo({ title: translate(location.pathname, msg`訂單完成`), ...site(matches), path: location.pathname, noindex: true });

/** Trade ids this tab has already told the server about (the loader runs again on every revalidation). */
const returned = new Set<string>();

/**
 * The order just placed (this tab holds the guest's phone and proof for it). Back from a wallet's
 * or the bank's page, the server hears first that the buyer is back (it settles from TapPay's record).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const rec = url.searchParams.get("rec_trade_id");
  if (rec && !returned.has(rec)) {
    returned.add(rec);
    await api("/api/payments/tappay/return", { body: { rec_trade_id: rec } });
  }
  return { order: await readOrder(url) };
}

/** 重新付款 here too (decision 82); the order is read again afterwards. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return orderAction((await request.json()) as OrderAction, new URL(request.url).pathname);
}

export { OrderLoading as HydrateFallback };

/** /orderfinish?order_no=: the result of checkout (or of the 3-D Secure return) and what to do next. */
export default function OrderFinish({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const { order } = loaderData;
  const [params] = useSearchParams();
  const token = useToken();
  const { revalidate } = useRevalidator();
  const [checks, setChecks] = useState(0);

  // Back from 3-D Secure or a wallet: TapPay's notify may land a moment after the browser; the loader looks again briefly
  // (not after the buyer cancelled on the wallet's page).
  const tapPay = order.ok && refundsThroughTapPay(order.data.payment_method);
  const awaitingCard = tapPay && order.ok && order.data.status === "pending_payment";
  const cancelled = !!params.get("status") && params.get("status") !== "0";
  useEffect(() => {
    if (!awaitingCard || cancelled || checks >= 5 || !params.get("rec_trade_id")) return;
    const timer = setTimeout(() => {
      setChecks((n) => n + 1);
      void revalidate();
    }, 1000);
    return () => clearTimeout(timer);
  }, [awaitingCard, cancelled, checks, params, revalidate]);

  // purchase once per order: a reload of this page (or a return from 3-D Secure) sends nothing more.
  const placed = order.ok ? order.data : null;
  useEffect(() => {
    // A card not charged (3-D Secure failed or still pending) is not a purchase yet.
    if (!placed || (refundsThroughTapPay(placed.payment_method) && placed.status === "pending_payment")) return;
    const key = `tracked:purchase:${placed.order_no}`;
    try {
      if (localStorage.getItem(key)) return;
      localStorage.setItem(key, "1");
    } catch {
      // Storage refused (private mode, full): send it; the providers deduplicate by transaction id.
    }
    track("purchase", {
      transaction_id: placed.order_no,
      value: placed.order_amount,
      shipping: placed.shipping_fee,
      items: placed.lines.map((l) => ({ item_id: l.product_id, item_name: l.name, price: l.price, quantity: l.qty })),
    });
  }, [placed]);

  if (!order.ok) return <OrderLoadState state={{ status: "error", ...order }} title={t`找不到訂單`} action={t`查詢訂單`} />;
  const o = order.data;
  const detailPath = `${token ? "/member/order_detail" : "/order_detail"}?order_no=${o.order_no}`;
  const title =
    o.status === "pending_payment"
      ? o.payment_method === "transfer"
        ? t`訂單已成立，請於期限內完成匯款`
        : o.payment_method === "atm"
          ? t`訂單已成立，請於期限內轉帳至專屬帳號`
          : o.payment_method === "cod"
            ? t`訂單已成立，將以貨到付款出貨`
            : t`訂單已成立，尚未完成付款`
      : t`感謝您的訂購，付款已完成`;
  const preorder = preorderNote(t, o.preorder);

  return (
    <section className="card mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold text-stone-800" data-testid="finish-title">
        {title}
      </h1>
      <dl className="mt-4 grid grid-cols-[7rem_1fr] gap-y-2">
        <dt className="text-stone-500">{t`訂單編號`}</dt>
        <dd className="font-mono text-lg" data-testid="order-no">
          {o.order_no}
        </dd>
        <dt className="text-stone-500">{t`付款方式`}</dt>
        <dd>{paymentMethodText(t, o.payment_method_name)}</dd>
        <dt className="text-stone-500">{t`狀態`}</dt>
        <dd data-testid="finish-status">{orderStatusText(t, o.status_label)}</dd>
        {preorder && (
          <>
            <dt className="text-stone-500">{t`預購`}</dt>
            <dd className="font-medium text-amber-800" data-testid="finish-preorder">
              {preorder}
            </dd>
          </>
        )}
        {o.cvs_store && (
          <>
            <dt className="text-stone-500">{t`取貨門市`}</dt>
            <dd lang={contentLang}>
              {o.cvs_store.name}（{o.cvs_store.id}）{o.cvs_store.address}
            </dd>
          </>
        )}
      </dl>
      <DealLinesNote lines={o.lines} />
      {/* What is payable, and every deduction that took it there (the transfer box says the same figure). */}
      <div className="mt-4 rounded-lg border border-stone-200 p-3" data-testid="finish-amounts">
        <AmountTable amounts={o} payableLabel={o.status === "pending_payment" ? t`應付金額` : t`付款金額`} />
      </div>
      {o.payment_method === "transfer" && o.status === "pending_payment" && (
        <div className="mt-4">
          <TransferInfo order={o} />
          <p className="mt-2 text-sm text-stone-600">{t`匯款後請至訂單明細回報帳號末五碼，逾期訂單將自動取消。`}</p>
        </div>
      )}
      {o.payment_method === "atm" && o.status === "pending_payment" && <VirtualAccountInfo order={o} />}
      {awaitingCard && !cancelled && checks < 5 && params.get("rec_trade_id") ? (
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-900" role="status">
          {t`正在確認付款結果…`}
        </p>
      ) : (
        o.can_repay && tapPay && <PayAgain order={o} />
      )}
      {o.ship_method === "depot" && o.status === "completed" && (
        <p className="mt-4 text-tea-800">{t`商品已存入您的雲端庫存。`}</p>
      )}
      {!token && <p className="mt-4 text-sm text-stone-600">{t`請記下訂單編號，之後可用訂單編號與手機號碼查詢訂單。`}</p>}
      <div className="mt-6 flex flex-wrap gap-3">
        <ShopLink to={detailPath} className="btn-primary">
          {t`查看訂單明細`}
        </ShopLink>
        <ShopLink to="/" className="btn-secondary">
          {t`繼續購物`}
        </ShopLink>
      </div>
    </section>
  );
}
