import { formatDateTime } from "@shop/contract/format";
import type { OrderView } from "@shop/contract/order";
import {
  EXCHANGEABLE_SHIP_METHODS,
  RETURN_KINDS,
  RETURN_REASONS,
  type ReturnKind,
  type ReturnReason,
} from "@shop/contract/returns";
import { useState } from "react";
import { api } from "../../lib/api";
import { storage } from "../../lib/storage";
import { useAlerts } from "../../ui/alerts";
import { orderAccess } from "./order-access";

/**
 * 申請退貨／換貨 on a member's delivered order within the 7-day appraisal period, and the state of
 * the latest request (staff approve it, receive the goods, and refund them or send the same items
 * again). Exchanges are offered for home-delivered orders only: the replacement goes to the same address.
 */
export function ReturnPanel({ order, reload }: { order: OrderView; reload: () => Promise<unknown> }) {
  const alerts = useAlerts();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [qty, setQty] = useState<Record<number, number>>({});
  const [reason, setReason] = useState<ReturnReason | "">("");
  const [kind, setKind] = useState<ReturnKind>("return");
  const [note, setNote] = useState("");
  const r = order.return_request;
  if (!r && !order.can_request_return) return null;
  const exchangeable = (EXCHANGEABLE_SHIP_METHODS as readonly string[]).includes(order.ship_method);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const items = Object.entries(qty)
      .filter(([, n]) => n > 0)
      .map(([id, n]) => ({ variant_id: Number(id), qty: n }));
    if (items.length === 0) return alerts.error(`請選擇要${RETURN_KINDS[kind]}的商品與數量`);
    if (!reason) return alerts.error(`請選擇${RETURN_KINDS[kind]}原因`);
    setBusy(true);
    try {
      // A guest sends the order's phone and the proof of its SMS check (members are signed in).
      const phone = storage.orderPhone(order.order_no);
      const access = orderAccess.get(order.order_no);
      const guest = phone && access ? { phone, access_token: access } : {};
      const res = await api("/api/order/return", { body: { order_no: order.order_no, kind, items, reason, note, ...guest } });
      if (!res.status) return alerts.error(res.message);
      setOpen(false);
      await reload();
      await alerts.success(res.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="return-title">
      <h2 id="return-title" className="text-lg font-semibold">
        {exchangeable ? "退貨／換貨" : "退貨"}
      </h2>
      {r && (
        <div className="mt-2 text-sm">
          <p>
            <span className="font-medium">{r.status_label}</span>
            <span className="ml-2 text-stone-500">{formatDateTime(r.created_at)} 申請</span>
          </p>
          <p className="text-stone-600">{r.items.map((i) => `${i.name} × ${i.qty}`).join("、")}</p>
          <p className="text-stone-600">
            {r.kind_label}原因：{r.reason_label}
          </p>
          {r.send_back && <SendBack to={r.send_back} />}
          {r.staff_note && <p className="text-stone-600">客服說明：{r.staff_note}</p>}
          {r.reship_tracking_no && <p className="text-stone-600">換貨託運單號：{r.reship_tracking_no}</p>}
        </div>
      )}
      {order.can_request_return && !open && order.masked && (
        <p className="mt-2 text-sm text-stone-600">
          商品送達後 7 天鑑賞期內可申請{exchangeable ? "退貨或換貨" : "退貨"}；如需申請，請先於上方驗證訂購手機。
        </p>
      )}
      {order.can_request_return && !open && !order.masked && (
        <>
          <p className="mt-2 text-sm text-stone-600">
            商品送達後 7 天鑑賞期內可申請{exchangeable ? "退貨或換貨" : "退貨"}，核准後這裡會顯示寄回地址或超商寄件代碼。
          </p>
          <div className="mt-3 flex gap-2">
            {(exchangeable ? (["return", "exchange"] as const) : (["return"] as const)).map((k) => (
              <button
                key={k}
                type="button"
                className="btn-secondary"
                onClick={() => {
                  setKind(k);
                  setOpen(true);
                }}
              >
                申請{RETURN_KINDS[k]}
              </button>
            ))}
          </div>
        </>
      )}
      {open && (
        <form className="mt-3 space-y-3" onSubmit={(e) => void submit(e)}>
          <p className="text-sm font-medium">
            申請{RETURN_KINDS[kind]}：選擇數量{kind === "exchange" ? "，核准後寄回原商品，我們會再寄出相同商品" : ""}
          </p>
          {order.lines.map((l) => (
            <label key={l.variant_id} className="flex items-center justify-between gap-3 text-sm">
              <span>
                {l.name}（{l.variant_name}）
              </span>
              <select
                className="rounded border border-stone-300 px-2 py-1"
                value={qty[l.variant_id] ?? 0}
                onChange={(e) => setQty({ ...qty, [l.variant_id]: Number(e.target.value) })}
                aria-label={`${l.name} ${RETURN_KINDS[kind]}數量`}
              >
                {Array.from({ length: l.qty + 1 }, (_, n) => String(n)).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <label className="block text-sm">
            {RETURN_KINDS[kind]}原因
            <select
              className="mt-1 block w-full rounded border border-stone-300 px-2 py-2"
              value={reason}
              onChange={(e) => setReason(e.target.value as ReturnReason)}
            >
              <option value="">請選擇</option>
              {Object.entries(RETURN_REASONS).map(([k, label]) => (
                <option key={k} value={k}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm">
            說明（選填）
            <textarea
              className="mt-1 block w-full rounded border border-stone-300 px-2 py-2"
              rows={3}
              maxLength={500}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
          <div className="flex gap-2">
            <button type="submit" className="btn-primary" disabled={busy}>
              送出申請
            </button>
            <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
              取消
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** Where and how to send the goods back, once approved: a store-return code, else the shop's return address. */
function SendBack({ to }: { to: NonNullable<NonNullable<OrderView["return_request"]>["send_back"]> }) {
  return (
    <div className="mt-2 rounded-lg bg-amber-50 p-3 text-stone-800" data-testid="return-send-back">
      {to.store_code ? (
        <p>
          請至超商以退貨寄件代碼 <span className="font-mono font-bold">{to.store_code}</span> 寄回商品。
        </p>
      ) : to.address ? (
        <p>請將商品寄回：{to.address}</p>
      ) : (
        <p>客服將與您聯繫寄回方式。</p>
      )}
      <p className="mt-1 text-sm text-stone-600">請附上訂單編號，並保留寄件收據。</p>
    </div>
  );
}
