import { formatDateTime, formatMoney } from "@shop/contract/format";
import type { SellerOrderView } from "@shop/contract/seller";
import { useState } from "react";
import { api } from "../../lib/api";
import { useAlerts } from "../../ui/alerts";
import { Field } from "../../ui/Field";

const METHOD_LABELS = { hct: "新竹物流宅配（總公司出貨）", self: "賣家自行配送" } as const;

/** What the seller can do with the order now; each button calls the server, which checks again. */
export function SellerActions({ order, onChange }: { order: SellerOrderView; onChange: (o: SellerOrderView) => void }) {
  const alerts = useAlerts();
  const [busy, setBusy] = useState(false);
  const [carrier, setCarrier] = useState("");
  const [trackingNo, setTrackingNo] = useState("");
  const a = order.actions;

  async function act(path: string, body: Record<string, unknown>, confirm?: string) {
    if (confirm && !(await alerts.confirm(confirm))) return;
    setBusy(true);
    try {
      const r = await api<SellerOrderView>(`/api/seller/${path}`, { body: { order_no: order.order_no, ...body } });
      if (!r.status) return alerts.error(r.message);
      onChange(r.data);
      await alerts.success(r.message);
    } finally {
      setBusy(false);
    }
  }
  const ship = (e: React.FormEvent) => {
    e.preventDefault();
    void act("updateSelfShip", { carrier, tracking_no: trackingNo });
  };
  const nothing = !a.confirm_payment && a.ship_methods.length === 0 && !a.self_ship && a.statuses.length === 0 && !a.finish;

  return (
    <section className="card space-y-4" aria-label="賣家處理">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-bold text-stone-800">賣家處理</h2>
        <p className="text-sm text-stone-600">
          {`分潤 ${order.commission_percent}%：${formatMoney(order.commission)}`}
          {order.status === "completed" ? "（已存入錢包）" : "（訂單完成後存入錢包）"}
        </p>
      </div>

      {order.transfer_report && (
        <dl className="grid grid-cols-[7rem_1fr] gap-y-1 rounded-lg bg-amber-50 p-3 text-stone-800">
          <dt className="text-stone-600">買家匯款回報</dt>
          <dd>{`末五碼 ${order.transfer_report.last5}`}</dd>
          <dt className="text-stone-600">金額</dt>
          <dd>{formatMoney(order.transfer_report.amount)}</dd>
          {order.transfer_report.paid_at && (
            <>
              <dt className="text-stone-600">匯款時間</dt>
              <dd>{formatDateTime(order.transfer_report.paid_at)}</dd>
            </>
          )}
        </dl>
      )}

      {a.confirm_payment && (
        <div>
          <button
            type="button"
            className="btn-primary"
            disabled={busy}
            onClick={() =>
              void act("updateSellerPayment", {}, `確認已收到 ${formatMoney(order.payable)}（${order.payment_method_name}）嗎？`)
            }
          >
            確認收款
          </button>
        </div>
      )}

      {a.ship_methods.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-stone-600">{`配送方式：${order.ship_method_name}`}</span>
          {a.ship_methods.map((m) => (
            <button
              key={m}
              type="button"
              className="btn-secondary"
              disabled={busy}
              onClick={() =>
                void act("updateShipMethod", { ship_method: m }, `將配送方式改為「${METHOD_LABELS[m as "hct" | "self"]}」？`)
              }
            >
              {`改為${METHOD_LABELS[m as "hct" | "self"]}`}
            </button>
          ))}
        </div>
      )}

      {a.statuses.includes("processing") && (
        <button
          type="button"
          className="btn-secondary"
          disabled={busy}
          onClick={() => void act("updateShipStatus", { status: "processing" })}
        >
          設為備貨中
        </button>
      )}

      {a.self_ship && (
        <form
          onSubmit={ship}
          className="grid gap-3 rounded-lg border border-stone-200 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        >
          <p className="text-sm text-stone-600 sm:col-span-3">自行配送出貨：商品由您的賣家庫存扣除。</p>
          <Field
            label="物流業者"
            name="carrier"
            placeholder="例：黑貓宅急便"
            maxLength={20}
            value={carrier}
            onChange={(e) => setCarrier(e.target.value)}
          />
          <Field
            label="物流單號"
            name="tracking_no"
            inputMode="text"
            autoCapitalize="characters"
            maxLength={30}
            value={trackingNo}
            onChange={(e) => setTrackingNo(e.target.value)}
          />
          <button type="submit" className="btn-primary" disabled={busy}>
            出貨
          </button>
        </form>
      )}

      {(a.statuses.includes("delivered") || a.finish) && (
        <div className="flex flex-wrap gap-2">
          {a.statuses.includes("delivered") && (
            <button
              type="button"
              className="btn-secondary"
              disabled={busy}
              onClick={() => void act("updateShipStatus", { status: "delivered" })}
            >
              設為已送達
            </button>
          )}
          {a.finish && (
            <button
              type="button"
              className="btn-primary"
              disabled={busy}
              onClick={() => void act("updateFinish", {}, "確認買家已收到商品，完成這筆訂單？")}
            >
              完成訂單
            </button>
          )}
        </div>
      )}

      {nothing && <p className="text-stone-600">{nothingToDo(order)}</p>}
    </section>
  );
}

function nothingToDo(o: SellerOrderView): string {
  if (o.status === "pending_payment") return "等待買家付款。";
  if (o.status === "shipped" || o.status === "processing") return "由總公司出貨中，送達後即可完成訂單。";
  if (o.status === "completed") return "訂單已完成。";
  if (o.status === "cancelled" || o.status === "refunded") return "此訂單已結束，無需處理。";
  return "目前沒有需要處理的項目。";
}
