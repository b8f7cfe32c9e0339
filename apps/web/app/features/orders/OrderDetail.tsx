import { useLingui } from "@lingui/react/macro";
import { formatDateTime, formatMoney } from "@shop/contract/format";
import { type OrderView, refundsThroughTapPay } from "@shop/contract/order";
import { useEffect, useRef, useState } from "react";
import { useFetcher, useNavigate, useRevalidator } from "react-router";
import { useContentLang } from "../../i18n/runtime";
import { useShop } from "../../lib/shop";
import { useAlerts } from "../../ui/alerts";
import { Img } from "../../ui/Img";
import { ShopLink } from "../../ui/ShopLink";
import { useActionResult } from "../member/member-read";
import { AmountTable } from "./AmountTable";
import { GuestVerify } from "./GuestVerify";
import { InvoiceCard } from "./InvoiceCard";
import { LineKindTag } from "./LineKindTag";
import type { OrderAction, OrderActionAnswer } from "./order-actions";
import { orderStatusText, paymentMethodText, shipMethodText } from "./order-labels";
import { PayAgain } from "./PayAgain";
import { PreorderBadge } from "./PreorderBadge";
import { preorderNote } from "./preorder-note";
import { ReturnPanel } from "./ReturnPanel";
import { TransferReport } from "./TransferReport";
import { VirtualAccountInfo } from "./VirtualAccountInfo";

const STATUS_TONE: Record<string, string> = {
  pending_payment: "bg-amber-100 text-amber-900",
  cancelled: "bg-stone-200 text-stone-700",
  refunded: "bg-stone-200 text-stone-700",
};

export function StatusBadge({ status, label }: { status: string; label: string }) {
  const { t } = useLingui();
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-sm font-medium ${STATUS_TONE[status] ?? "bg-tea-100 text-tea-900"}`}
      data-testid="order-status"
    >
      {orderStatusText(t, label)}
    </span>
  );
}

/**
 * A buyer's actions on the order (取消訂單, 回報匯款): each a clientAction of the page (the route's
 * `orderAction`) sent by a fetcher. A cancellation's answer is a dialog; a transfer report's shows
 * in place (`answer`), so nothing needs a tap.
 */
function useOrderActions() {
  const alerts = useAlerts();
  const fetcher = useFetcher<OrderActionAnswer>();
  const navigate = useNavigate();
  const shop = useShop();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useActionResult(answer, (r) => {
    if (r.leaving || r.intent === "report") return;
    if (r.intent === "reorder") {
      // 再買一次 opens the cart; what could not go in is said over it.
      if (r.ok) void navigate(shop.path("/select_cart"));
      if (r.missed) void alerts.remind(r.message);
      return;
    }
    void (r.ok ? alerts.toast(r.message) : alerts.error(r.message));
  });
  const send = (action: OrderAction) => void fetcher.submit(action, { method: "post", encType: "application/json" });
  return { busy: fetcher.state !== "idle", send, answer };
}

/** Asks before cancelling, with buttons that say what each does. */
function CancelDialog({ onKeep, onCancel }: { onKeep: () => void; onCancel: () => void }) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => ref.current?.showModal(), []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="cancel-title"
      className="m-auto w-full max-w-sm rounded-xl p-5 backdrop:bg-black/40"
      onCancel={onKeep}
    >
      <h2 id="cancel-title" className="text-lg font-bold text-stone-800">
        {t`取消這筆訂單？`}
      </h2>
      <p className="mt-2 text-stone-700">{t`取消後無法復原；已付款項將依原付款方式退回。`}</p>
      <div className="mt-5 flex justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onKeep}>
          {t`保留訂單`}
        </button>
        <button type="button" className="btn-primary" onClick={onCancel}>
          {t`取消訂單`}
        </button>
      </div>
    </dialog>
  );
}

/** An order for its buyer: status, history, what was bought, amounts, delivery, payment, and what they can do. */
export function OrderDetail({ order, trackingPath, member }: { order: OrderView; trackingPath: string; member?: boolean }) {
  const { t } = useLingui();
  const { revalidate } = useRevalidator();
  const { busy, send, answer } = useOrderActions();
  const [asking, setAsking] = useState(false);
  const orderNo = order.order_no;
  const placedAt = formatDateTime(order.created_at);

  return (
    <div className="space-y-5">
      {order.masked && <GuestVerify orderNo={order.order_no} onVerified={revalidate} />}
      <section className="card">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-xl font-bold text-stone-800">{t`訂單 ${orderNo}`}</h1>
          <StatusBadge status={order.status} label={order.status_label} />
        </div>
        <p className="mt-1 text-sm text-stone-500">{t`下單時間 ${placedAt}`}</p>
        {order.status !== "cancelled" && preorderNote(t, order.preorder) && (
          <p className="mt-1 text-sm font-medium text-amber-800" data-testid="preorder-note">
            {preorderNote(t, order.preorder)}
          </p>
        )}
        {order.can_report_transfer && <TransferReport order={order} busy={busy} send={send} answer={answer} />}
        {order.status === "pending_payment" && <VirtualAccountInfo order={order} />}
        {order.can_repay &&
          (refundsThroughTapPay(order.payment_method) ? (
            <PayAgain order={order} />
          ) : (
            <details className="mt-3">
              <summary className="flex min-h-11 cursor-pointer items-center text-tea-700 underline">
                {t`改用其他付款方式`}
              </summary>
              <PayAgain order={order} />
            </details>
          ))}
        <OrderHistory order={order} />
      </section>
      <OrderItems order={order} member={member}>
        {member && (
          <button
            type="button"
            className="btn-secondary"
            disabled={busy}
            onClick={() =>
              send({
                intent: "reorder",
                order_no: order.order_no,
                shop_id: order.shop_id,
                lines: order.lines.map((l) => ({ variant_id: l.variant_id, qty: l.qty, name: l.name })),
              })
            }
          >
            {t`再買一次`}
          </button>
        )}
      </OrderItems>
      <DeliveryAndPayment order={order} trackingPath={trackingPath}>
        {order.can_cancel &&
          (order.masked ? (
            <p className="mt-5 text-sm text-stone-600">{t`如需取消訂單，請先於上方驗證訂購手機。`}</p>
          ) : (
            <button type="button" className="btn-secondary mt-5" disabled={busy} onClick={() => setAsking(true)}>
              {t`取消訂單`}
            </button>
          ))}
      </DeliveryAndPayment>
      {asking && (
        <CancelDialog
          onKeep={() => setAsking(false)}
          onCancel={() => {
            setAsking(false);
            send({ intent: "cancel", order_no: order.order_no });
          }}
        />
      )}
      <InvoiceCard order={order} />
      <ReturnPanel order={order} reload={revalidate} />
    </div>
  );
}

function OrderHistory({ order }: { order: OrderView }) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  return (
    <ol className="mt-5 border-l-2 border-tea-100 pl-4" aria-label={t`訂單歷程`}>
      {order.history.map((h) => (
        <li key={`${h.at}${h.to_status}`} className="relative pb-3">
          <span className="absolute -left-[1.4rem] top-1.5 h-2.5 w-2.5 rounded-full bg-tea-600" />
          <p className="font-medium text-stone-800">{orderStatusText(t, h.label)}</p>
          <p className="text-sm text-stone-500">
            {formatDateTime(h.at)}
            {/* The reason is the server's or staff's own words: content on an English page. */}
            {h.reason ? (
              contentLang ? (
                <>
                  ｜<span lang={contentLang}>{h.reason}</span>
                </>
              ) : (
                `｜${h.reason}`
              )
            ) : (
              ""
            )}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** 購買商品 and the amounts. */
function OrderItems({ order, member, children }: { order: OrderView; member?: boolean; children?: React.ReactNode }) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const reviewLabel = (name: string) => t`評價 ${name}`;
  // A member's delivered order: each line may be reviewed (decision 98; the review page says when the window has closed).
  const reviewable = member && (order.status === "delivered" || order.status === "completed");
  return (
    <section className="card">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 className="text-lg font-bold text-stone-800">{t`購買商品`}</h2>
        {children}
      </div>
      <ul className="divide-y divide-stone-100">
        {order.lines.map((l) => (
          <li key={`${l.kind ?? "goods"}-${l.variant_id}`} className="flex items-center gap-3 py-2">
            <Img src={l.image} alt="" width={56} height={56} sizes="56px" className="h-14 w-14 rounded-lg object-cover" />
            <div className="min-w-0 flex-1">
              <LineKindTag kind={l.kind} />
              <ShopLink
                to={`/product/details?id=${l.product_id}`}
                className="font-medium text-stone-800 hover:underline"
                lang={contentLang}
              >
                {l.name}
              </ShopLink>
              <p className="text-sm text-stone-500">
                {contentLang ? <span lang={contentLang}>{l.variant_name}</span> : l.variant_name}｜{formatMoney(l.price)} ×{" "}
                {l.qty}
              </p>
              {order.preorder?.state === "waiting" && order.status !== "cancelled" && (
                <PreorderBadge shipOn={l.preorder_ship_on} />
              )}
            </div>
            <span className="font-bold">{formatMoney(l.subtotal)}</span>
            {reviewable && (
              <ShopLink
                to={`/member/review?order_no=${order.order_no}&variant=${l.variant_id}`}
                className="btn-secondary min-h-11 shrink-0"
                aria-label={reviewLabel(l.name)}
              >
                {t`評價`}
              </ShopLink>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-4 sm:ml-auto sm:max-w-sm">
        <AmountTable amounts={order} payableLabel={order.status === "pending_payment" ? t`應付金額` : t`付款金額`} />
      </div>
    </section>
  );
}

/** 配送與付款: where it goes, its tracking, how it was paid; `children` is what can be done (取消訂單). */
function DeliveryAndPayment({
  order,
  trackingPath,
  children,
}: {
  order: OrderView;
  trackingPath: string;
  children: React.ReactNode;
}) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  // A store or an address is the buyer's own data (content); the depot's words are ours.
  const place =
    order.cvs_store !== null
      ? `${order.cvs_store.name}（${order.cvs_store.id}）${order.cvs_store.address}`
      : order.address
        ? `${order.address.zip} ${order.address.county}${order.address.district}${order.address.line}`
        : "";
  const delivery = place || (order.ship_method === "depot" ? t`存入雲端庫存` : "");
  const instalments = order.payment?.instalment ?? 0;
  const last4 = order.payment?.card_last4 ?? "";
  return (
    <section className="card">
      <h2 className="mb-3 text-lg font-bold text-stone-800">{t`配送與付款`}</h2>
      <dl className="grid gap-y-2 sm:grid-cols-[8rem_1fr]">
        <dt className="text-stone-500">{t`配送方式`}</dt>
        <dd>{shipMethodText(t, order.ship_method_name)}</dd>
        <dt className="text-stone-500">{t`收件人`}</dt>
        <dd lang={contentLang}>
          {order.receiver.name}｜{order.receiver.phone}
        </dd>
        {delivery && (
          <>
            <dt className="text-stone-500">{order.cvs_store ? t`取貨門市` : order.address ? t`收件地址` : t`配送`}</dt>
            <dd lang={place ? contentLang : undefined}>{delivery}</dd>
          </>
        )}
        {order.tracking_no && (
          <>
            <dt className="text-stone-500">{t`物流單號`}</dt>
            <dd>
              {order.tracking_no}{" "}
              <ShopLink to={trackingPath} className="ml-2 text-tea-700 underline">
                {t`查看配送進度`}
              </ShopLink>
            </dd>
          </>
        )}
        <dt className="text-stone-500">{t`付款方式`}</dt>
        <dd>
          {instalments ? t`信用卡 ${instalments} 期分期` : paymentMethodText(t, order.payment_method_name)}
          {last4 ? t`（末四碼 ${last4}）` : ""}
        </dd>
        {order.paid_at && (
          <>
            <dt className="text-stone-500">{t`付款時間`}</dt>
            <dd>{formatDateTime(order.paid_at)}</dd>
          </>
        )}
        {order.note && (
          <>
            <dt className="text-stone-500">{t`備註`}</dt>
            <dd lang={contentLang}>{order.note}</dd>
          </>
        )}
      </dl>
      {children}
    </section>
  );
}
