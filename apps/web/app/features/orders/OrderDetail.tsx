import { formatDateTime, formatMoney } from "@shop/contract/format";
import type { OrderView, StoreResult } from "@shop/contract/order";
import { useRef, useState } from "react";
import { api } from "../../lib/api";
import { useAlerts } from "../../ui/alerts";
import { Field } from "../../ui/Field";
import { Img } from "../../ui/Img";
import { ShopLink } from "../../ui/ShopLink";
import { AmountTable } from "./AmountTable";
import { CardFields, type CardFieldsHandle } from "./CardFields";
import { CopyButton } from "./CopyButton";
import { GuestVerify } from "./GuestVerify";
import { InvoiceCard } from "./InvoiceCard";
import { ReturnPanel } from "./ReturnPanel";
import { lookupOf } from "./useOrder";

const STATUS_TONE: Record<string, string> = {
  pending_payment: "bg-amber-100 text-amber-900",
  cancelled: "bg-stone-200 text-stone-700",
  refunded: "bg-stone-200 text-stone-700",
};

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-sm font-medium ${STATUS_TONE[status] ?? "bg-tea-100 text-tea-900"}`}
      data-testid="order-status"
    >
      {label}
    </span>
  );
}

export function TransferInfo({ order }: { order: OrderView }) {
  if (!order.transfer) return null;
  return (
    <dl className="grid grid-cols-[6rem_1fr] gap-y-1 rounded-lg bg-amber-50 p-3 text-stone-800">
      <dt className="text-stone-600">銀行</dt>
      <dd>
        {order.transfer.code} {order.transfer.name}
      </dd>
      <dt className="text-stone-600">帳號</dt>
      <dd>
        <span className="font-mono text-lg" data-testid="transfer-account">
          {order.transfer.account}
        </span>
        <CopyButton value={order.transfer.account} label="帳號" />
      </dd>
      <dt className="text-stone-600">戶名</dt>
      <dd>{order.transfer.holder}</dd>
      <dt className="text-stone-600">金額</dt>
      <dd>
        <span className="font-bold text-red-700">{formatMoney(order.payable)}</span>
        <CopyButton value={String(order.payable)} label="金額" />
      </dd>
      {order.pay_by && (
        <>
          <dt className="text-stone-600">付款期限</dt>
          <dd>{formatDateTime(order.pay_by)}</dd>
        </>
      )}
    </dl>
  );
}

/** An order for its buyer: status, history, what was bought, amounts, delivery, payment, and what they can do. */
export function OrderDetail({
  order,
  reload,
  trackingPath,
}: {
  order: OrderView;
  reload: () => Promise<unknown>;
  trackingPath: string;
}) {
  const alerts = useAlerts();
  const [busy, setBusy] = useState(false);
  const [last5, setLast5] = useState("");
  const [paidAt, setPaidAt] = useState("");
  const [repaying, setRepaying] = useState(false);
  const card = useRef<CardFieldsHandle>(null);

  async function act(run: () => Promise<{ status: boolean; message: string }>, success: string) {
    setBusy(true);
    try {
      const r = await run();
      if (!r.status) return alerts.error(r.message);
      await reload();
      await alerts.success(success);
    } finally {
      setBusy(false);
    }
  }

  const cancel = async () => {
    if (!(await alerts.confirm("確定要取消這筆訂單嗎？已付款項將依原付款方式退回。"))) return;
    await act(
      () => api("/api/order/cancelOrder", { body: { ...lookupOf(order.order_no), reason: "買家於網站取消" } }),
      "訂單已取消",
    );
  };
  const report = (e: React.FormEvent) => {
    e.preventDefault();
    const when = paidAt ? new Date(paidAt) : null;
    void act(
      () =>
        api("/api/order/paymentTransfer", {
          body: {
            ...lookupOf(order.order_no),
            last5,
            amount: order.payable,
            paid_at: when && !Number.isNaN(when.getTime()) ? when.toISOString() : "",
          },
        }),
      "已收到您的匯款回報，確認後將為您出貨",
    );
  };
  const repay = async () => {
    setBusy(true);
    try {
      const p = await card.current?.getPrime();
      if (!p || "error" in p) return alerts.error(p && "error" in p ? p.error : "請輸入信用卡資料");
      const r = await api<StoreResult>("/api/order/repayTappays", { body: { ...lookupOf(order.order_no), prime: p.prime } });
      if (!r.status) return alerts.error(r.message);
      if (r.data.next.type === "redirect_3ds") return window.location.assign(r.data.next.url);
      await reload();
      if (r.data.next.type === "card_failed") return alerts.error(r.data.next.message);
      setRepaying(false);
      await alerts.success("付款成功");
    } finally {
      setBusy(false);
    }
  };

  const delivery =
    order.cvs_store !== null
      ? `${order.cvs_store.name}（${order.cvs_store.id}）${order.cvs_store.address}`
      : order.address
        ? `${order.address.zip} ${order.address.county}${order.address.district}${order.address.line}`
        : order.ship_method === "depot"
          ? "存入雲端庫存"
          : "";

  return (
    <div className="space-y-5">
      {order.masked && <GuestVerify orderNo={order.order_no} onVerified={reload} />}
      <section className="card">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-xl font-bold text-stone-800">訂單 {order.order_no}</h1>
          <StatusBadge status={order.status} label={order.status_label} />
        </div>
        <p className="mt-1 text-sm text-stone-500">下單時間 {formatDateTime(order.created_at)}</p>

        {order.can_report_transfer && (
          <div className="mt-4 space-y-3">
            <TransferInfo order={order} />
            {order.payment?.transfer_reported ? (
              <p className="text-tea-800">已回報匯款，等待商家確認。</p>
            ) : (
              <form onSubmit={report} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
                <Field
                  id="last5"
                  label="匯款帳號末五碼"
                  inputMode="numeric"
                  maxLength={5}
                  value={last5}
                  onChange={(e) => setLast5(e.target.value)}
                />
                <Field
                  id="paid-at"
                  label="匯款時間"
                  type="datetime-local"
                  value={paidAt}
                  onChange={(e) => setPaidAt(e.target.value)}
                />
                <button type="submit" className="btn-primary" disabled={busy}>
                  回報匯款
                </button>
              </form>
            )}
          </div>
        )}

        {order.can_repay && (
          <div className="mt-4 rounded-lg bg-amber-50 p-3">
            <p className="text-amber-900">{order.payment?.message || "信用卡尚未付款成功"}</p>
            {repaying ? (
              <div className="mt-3 space-y-3">
                <CardFields ref={card} config={order.card} />
                <button type="button" className="btn-primary" disabled={busy} onClick={() => void repay()}>
                  確認付款 {formatMoney(order.payable)}
                </button>
              </div>
            ) : (
              <button type="button" className="btn-primary mt-2" onClick={() => setRepaying(true)}>
                重新付款
              </button>
            )}
          </div>
        )}

        <ol className="mt-5 border-l-2 border-tea-100 pl-4" aria-label="訂單歷程">
          {order.history.map((h) => (
            <li key={`${h.at}${h.to_status}`} className="relative pb-3">
              <span className="absolute -left-[1.4rem] top-1.5 h-2.5 w-2.5 rounded-full bg-tea-600" />
              <p className="font-medium text-stone-800">{h.label}</p>
              <p className="text-sm text-stone-500">
                {formatDateTime(h.at)}
                {h.reason ? `｜${h.reason}` : ""}
              </p>
            </li>
          ))}
        </ol>
      </section>

      <section className="card">
        <h2 className="mb-3 text-lg font-bold text-stone-800">購買商品</h2>
        <ul className="divide-y divide-stone-100">
          {order.lines.map((l) => (
            <li key={l.variant_id} className="flex items-center gap-3 py-2">
              <Img src={l.image} alt="" width={56} height={56} sizes="56px" className="h-14 w-14 rounded-lg object-cover" />
              <div className="min-w-0 flex-1">
                <ShopLink to={`/product/details?id=${l.product_id}`} className="font-medium text-stone-800 hover:underline">
                  {l.name}
                </ShopLink>
                <p className="text-sm text-stone-500">
                  {l.variant_name}｜{formatMoney(l.price)} × {l.qty}
                </p>
              </div>
              <span className="font-bold">{formatMoney(l.subtotal)}</span>
            </li>
          ))}
        </ul>
        <div className="mt-4 sm:ml-auto sm:max-w-sm">
          <AmountTable amounts={order} payableLabel={order.status === "pending_payment" ? "應付金額" : "付款金額"} />
        </div>
      </section>

      <section className="card">
        <h2 className="mb-3 text-lg font-bold text-stone-800">配送與付款</h2>
        <dl className="grid gap-y-2 sm:grid-cols-[8rem_1fr]">
          <dt className="text-stone-500">配送方式</dt>
          <dd>{order.ship_method_name}</dd>
          <dt className="text-stone-500">收件人</dt>
          <dd>
            {order.receiver.name}｜{order.receiver.phone}
          </dd>
          {delivery && (
            <>
              <dt className="text-stone-500">{order.cvs_store ? "取貨門市" : order.address ? "收件地址" : "配送"}</dt>
              <dd>{delivery}</dd>
            </>
          )}
          {order.tracking_no && (
            <>
              <dt className="text-stone-500">物流單號</dt>
              <dd>
                {order.tracking_no}{" "}
                <ShopLink to={trackingPath} className="ml-2 text-tea-700 underline">
                  查看配送進度
                </ShopLink>
              </dd>
            </>
          )}
          <dt className="text-stone-500">付款方式</dt>
          <dd>
            {order.payment_method_name}
            {order.payment?.card_last4 ? `（末四碼 ${order.payment.card_last4}）` : ""}
          </dd>
          {order.paid_at && (
            <>
              <dt className="text-stone-500">付款時間</dt>
              <dd>{formatDateTime(order.paid_at)}</dd>
            </>
          )}
          {order.note && (
            <>
              <dt className="text-stone-500">備註</dt>
              <dd>{order.note}</dd>
            </>
          )}
        </dl>
        {order.can_cancel &&
          (order.masked ? (
            <p className="mt-5 text-sm text-stone-600">如需取消訂單，請先於上方驗證訂購手機。</p>
          ) : (
            <button type="button" className="btn-secondary mt-5" disabled={busy} onClick={() => void cancel()}>
              取消訂單
            </button>
          ))}
      </section>
      <InvoiceCard order={order} />
      <ReturnPanel order={order} reload={reload} />
    </div>
  );
}
