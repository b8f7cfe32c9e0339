import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { formatDate, formatDateTime, formatMoney } from "@shop/contract/format";
import type { SellerOrderView } from "@shop/contract/seller";
import { useState } from "react";
import { useFetcher } from "react-router";
import type { MessageDescriptor } from "../../i18n/runtime";
import { useAlerts } from "../../ui/alerts";
import { Field } from "../../ui/Field";
import { useActionResult } from "../member/member-read";
import type { OrderActionAnswer, SellerAction } from "../orders/order-actions";
import { labelIn, PAYMENT_NAME_MSGS, shipName } from "./seller-read";

const METHOD_LABELS = { hct: msg`新竹物流宅配（總公司出貨）`, self: msg`賣家自行配送` } as const;

type Act = (step: SellerAction["step"], body?: Record<string, unknown>, confirm?: string) => Promise<void>;

/**
 * What the seller can do with the order now; each button is a step sent to the page's clientAction
 * by a fetcher (the server checks it again), the order is read again, then the answer is shown.
 */
export function SellerActions({ order }: { order: SellerOrderView }) {
  const { t } = useLingui();
  const alerts = useAlerts();
  const fetcher = useFetcher<OrderActionAnswer>();
  const busy = fetcher.state !== "idle";
  const a = order.actions;

  useActionResult(fetcher.state === "idle" ? fetcher.data : undefined, (r) => {
    void (r.ok ? alerts.toast(r.message) : alerts.error(r.message));
  });
  const act: Act = async (step, body = {}, confirm) => {
    if (confirm && !(await alerts.confirm(confirm))) return;
    const action: SellerAction = { intent: "seller", step, order_no: order.order_no, ...body };
    void fetcher.submit(action as Record<string, string>, { method: "post", encType: "application/json" });
  };
  const finishable = a.finish || a.finish_after !== null;
  const percent = order.commission_percent;
  const commission = formatMoney(order.commission);
  const payable = formatMoney(order.payable);
  const payment = labelIn(PAYMENT_NAME_MSGS, order.payment_method_name, t);
  const ship = shipName(order.ship_method_name, t);
  const finishAfter = a.finish_after ? formatDate(a.finish_after) : "";
  const nothing = !a.confirm_payment && a.ship_methods.length === 0 && !a.self_ship && a.statuses.length === 0 && !finishable;

  return (
    <section className="card space-y-4" aria-label={t`賣家處理`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-bold text-stone-800">{t`賣家處理`}</h2>
        <p className="text-sm text-stone-600">
          {t`分潤 ${percent}%：${commission}`}
          {order.status === "completed" ? t`（已存入錢包）` : t`（訂單完成後存入錢包）`}
        </p>
      </div>

      {order.transfer_report && <TransferReport report={order.transfer_report} />}

      {a.confirm_payment && (
        <div>
          <button
            type="button"
            className="btn-primary"
            disabled={busy}
            onClick={() => void act("updateSellerPayment", {}, t`確認已收到 ${payable}（${payment}）嗎？`)}
          >
            {t`確認收款`}
          </button>
        </div>
      )}

      {a.ship_methods.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-stone-600">{t`配送方式：${ship}`}</span>
          {a.ship_methods.map((m) => {
            const method = t(METHOD_LABELS[m as "hct" | "self"]);
            return (
              <button
                key={m}
                type="button"
                className="btn-secondary"
                disabled={busy}
                onClick={() => void act("updateShipMethod", { ship_method: m }, t`將配送方式改為「${method}」？`)}
              >
                {t`改為${method}`}
              </button>
            );
          })}
        </div>
      )}

      {a.statuses.includes("processing") && (
        <button
          type="button"
          className="btn-secondary"
          disabled={busy}
          onClick={() => void act("updateShipStatus", { status: "processing" })}
        >
          {t`設為備貨中`}
        </button>
      )}

      {a.self_ship && <SelfShipForm busy={busy} act={act} />}

      {(a.statuses.includes("delivered") || finishable) && (
        <div className="flex flex-wrap gap-2">
          {a.statuses.includes("delivered") && (
            <button
              type="button"
              className="btn-secondary"
              disabled={busy}
              onClick={() => void act("updateShipStatus", { status: "delivered" })}
            >
              {t`設為已送達`}
            </button>
          )}
          {finishable && (
            <button
              type="button"
              className="btn-primary"
              disabled={busy || !a.finish}
              aria-describedby={a.finish ? undefined : "finish-after"}
              onClick={() => void act("updateFinish", {}, t`確認買家已收到商品，完成這筆訂單？`)}
            >
              {t`完成訂單`}
            </button>
          )}
          {!a.finish && a.finish_after && (
            <p id="finish-after" className="basis-full text-sm text-stone-600">
              {t`鑑賞期內買家仍可退貨，${finishAfter} 起可完成訂單，分潤於完成後存入錢包。`}
            </p>
          )}
        </div>
      )}

      {nothing && <p className="text-stone-600">{t(nothingToDo(order))}</p>}
    </section>
  );
}

/** The buyer's 匯款回報, for the seller to check against their account. */
function TransferReport({ report }: { report: NonNullable<SellerOrderView["transfer_report"]> }) {
  const { t } = useLingui();
  const last5 = report.last5;
  return (
    <dl className="grid grid-cols-[7rem_1fr] gap-y-1 rounded-lg bg-amber-50 p-3 text-stone-800">
      <dt className="text-stone-600">{t`買家匯款回報`}</dt>
      <dd>{t`末五碼 ${last5}`}</dd>
      <dt className="text-stone-600">{t`金額`}</dt>
      <dd>{formatMoney(report.amount)}</dd>
      {report.paid_at && (
        <>
          <dt className="text-stone-600">{t`匯款時間`}</dt>
          <dd>{formatDateTime(report.paid_at)}</dd>
        </>
      )}
    </dl>
  );
}

/** 自行配送出貨: the carrier and its tracking number. */
function SelfShipForm({ busy, act }: { busy: boolean; act: Act }) {
  const { t } = useLingui();
  const [carrier, setCarrier] = useState("");
  const [trackingNo, setTrackingNo] = useState("");
  const ship = (e: React.FormEvent) => {
    e.preventDefault();
    void act("updateSelfShip", { carrier, tracking_no: trackingNo });
  };
  return (
    <form onSubmit={ship} className="grid gap-3 rounded-lg border border-stone-200 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <p className="text-sm text-stone-600 sm:col-span-3">
        {t`自行配送出貨：商品由您的賣家庫存扣除。親自送達時物流單號可留空。`}
      </p>
      <Field
        label={t`物流業者`}
        name="carrier"
        placeholder={t`例：黑貓宅急便、專人配送`}
        maxLength={20}
        value={carrier}
        onChange={(e) => setCarrier(e.target.value)}
      />
      <Field
        label={t`物流單號（選填）`}
        name="tracking_no"
        placeholder={t`親自送達可留空或填備註`}
        inputMode="text"
        autoCapitalize="characters"
        maxLength={30}
        value={trackingNo}
        onChange={(e) => setTrackingNo(e.target.value)}
      />
      <button type="submit" className="btn-primary" disabled={busy}>
        {t`出貨`}
      </button>
    </form>
  );
}

function nothingToDo(o: SellerOrderView): MessageDescriptor {
  if (o.status === "pending_payment") return msg`等待買家付款。`;
  if (o.status === "shipped" || o.status === "processing") return msg`由總公司出貨中，送達後即可完成訂單。`;
  if (o.status === "completed") return msg`訂單已完成。`;
  if (o.status === "cancelled" || o.status === "refunded") return msg`此訂單已結束，無需處理。`;
  return msg`目前沒有需要處理的項目。`;
}
