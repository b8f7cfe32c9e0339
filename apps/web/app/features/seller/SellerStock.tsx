import { formatDateTime } from "@shop/contract/format";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { api } from "../../lib/api";
import { useAlerts } from "../../ui/alerts";
import { Img } from "../../ui/Img";
import type { StockData } from "./seller-read";

const LOG_PAGE = 20;

/** The seller's own stock for self-delivery, its movements, and a transfer in from their cloud depot. */
export function SellerStock({ data }: { data: StockData }) {
  const { stock, log, depot } = data;
  const alerts = useAlerts();
  // A transfer changes all three lists: the route's loader reads them again.
  const { revalidate } = useRevalidator();
  const [qty, setQty] = useState<Record<number, number>>({});
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(LOG_PAGE);

  async function moveIn(e: React.FormEvent) {
    e.preventDefault();
    const items = Object.entries(qty)
      .filter(([, n]) => n > 0)
      .map(([id, n]) => ({ variant_id: Number(id), qty: n }));
    if (items.length === 0) return alerts.error("請輸入要轉入的數量");
    setBusy(true);
    const r = await api("/api/seller/inventory/from_depot", { body: { items } });
    setBusy(false);
    if (!r.status) return alerts.error(r.message);
    setQty({});
    await revalidate();
    alerts.toast("已轉入賣家庫存");
  }

  return (
    <>
      <section className="card">
        <h2 className="mb-1 text-lg font-bold text-stone-800">賣家庫存</h2>
        <p className="mb-3 text-sm text-stone-600">自行配送出貨時由此扣除；由總公司撥入或從您的雲端庫存轉入。</p>
        {stock.length === 0 ? (
          <p className="py-6 text-center text-stone-600">目前沒有庫存。</p>
        ) : (
          <ul className="divide-y divide-stone-100" aria-label="賣家庫存">
            {stock.map((s) => (
              <li key={s.variant_id} className="flex items-center gap-3 py-2">
                <Img src={s.image} alt="" width={48} height={48} sizes="48px" className="h-12 w-12 rounded-lg object-cover" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-stone-800">{s.name}</p>
                  <p className="text-sm text-stone-500">{s.variant_name}</p>
                </div>
                <span className="shrink-0 font-bold text-stone-800">{`${s.qty} 件`}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {depot.length > 0 && (
        <section className="card">
          <h2 className="mb-3 text-lg font-bold text-stone-800">從雲端庫存轉入</h2>
          <form onSubmit={moveIn}>
            <ul className="divide-y divide-stone-100">
              {depot.map((d) => (
                <li key={d.variant_id} className="flex items-center gap-3 py-2">
                  <div className="min-w-0 flex-1">
                    <label htmlFor={`move-${d.variant_id}`} className="block truncate font-medium text-stone-800">
                      {`${d.name}（${d.variant_name}）`}
                    </label>
                    <p className="text-sm text-stone-500">{`雲端庫存 ${d.qty} 件`}</p>
                  </div>
                  <input
                    id={`move-${d.variant_id}`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={d.qty}
                    value={qty[d.variant_id] ?? 0}
                    onChange={(e) => setQty({ ...qty, [d.variant_id]: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
                    className="input w-20 shrink-0 text-right"
                  />
                </li>
              ))}
            </ul>
            <button type="submit" className="btn-primary mt-3" disabled={busy}>
              轉入賣家庫存
            </button>
          </form>
        </section>
      )}

      <section className="card">
        <h2 className="mb-3 text-lg font-bold text-stone-800">庫存異動紀錄</h2>
        {log.length === 0 ? (
          <p className="py-6 text-center text-stone-600">尚無異動紀錄。</p>
        ) : (
          <ul className="divide-y divide-stone-100" aria-label="庫存異動紀錄">
            {log.slice(0, shown).map((l) => (
              <li key={l.id} className="flex items-center gap-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-stone-800">{l.name}</p>
                  <p className="text-sm text-stone-500">
                    {`${formatDateTime(l.created_at)}｜${l.reason_label}${l.note ? `｜${l.note}` : ""}`}
                  </p>
                </div>
                <span className={`shrink-0 font-bold ${l.delta < 0 ? "text-red-700" : "text-tea-800"}`}>
                  {l.delta > 0 ? `+${l.delta}` : l.delta}
                </span>
              </li>
            ))}
          </ul>
        )}
        {log.length > shown && (
          <button type="button" className="btn-secondary mt-3" onClick={() => setShown(shown + LOG_PAGE)}>
            顯示更多紀錄
          </button>
        )}
      </section>
    </>
  );
}
