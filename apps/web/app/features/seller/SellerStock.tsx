import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { formatDateTime } from "@shop/contract/format";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useContentLang } from "../../i18n/runtime";
import { api } from "../../lib/api";
import { useAlerts } from "../../ui/alerts";
import { Img } from "../../ui/Img";
import { labelIn, type StockData } from "./seller-read";

const LOG_PAGE = 20;

/** Why the stock moved (the server's SELLER_STOCK_REASON_LABELS). */
const REASON_MSGS = {
  總公司撥入: msg`總公司撥入`,
  雲端庫存轉入: msg`雲端庫存轉入`,
  自行配送出貨: msg`自行配送出貨`,
  退貨回庫: msg`退貨回庫`,
};

/** The seller's own stock for self-delivery, its movements, and a transfer in from their cloud depot. */
export function SellerStock({ data }: { data: StockData }) {
  const { stock, log, depot } = data;
  const { t } = useLingui();
  const contentLang = useContentLang();
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
    if (items.length === 0) return alerts.error(t`請輸入要轉入的數量`);
    setBusy(true);
    const r = await api("/api/seller/inventory/from_depot", { body: { items } });
    setBusy(false);
    if (!r.status) return alerts.error(r.message);
    setQty({});
    await revalidate();
    alerts.toast(t`已轉入賣家庫存`);
  }

  return (
    <>
      <section className="card">
        <h2 className="mb-1 text-lg font-bold text-stone-800">{t`賣家庫存`}</h2>
        <p className="mb-3 text-sm text-stone-600">{t`自行配送出貨時由此扣除；由總公司撥入或從您的雲端庫存轉入。`}</p>
        {stock.length === 0 ? (
          <p className="py-6 text-center text-stone-600">{t`目前沒有庫存。`}</p>
        ) : (
          <ul className="divide-y divide-stone-100" aria-label={t`賣家庫存`}>
            {stock.map((s) => {
              const count = s.qty;
              return (
                <li key={s.variant_id} className="flex items-center gap-3 py-2">
                  <Img src={s.image} alt="" width={48} height={48} sizes="48px" className="h-12 w-12 rounded-lg object-cover" />
                  <div className="min-w-0 flex-1" lang={contentLang}>
                    <p className="truncate font-medium text-stone-800">{s.name}</p>
                    <p className="text-sm text-stone-500">{s.variant_name}</p>
                  </div>
                  <span className="shrink-0 font-bold text-stone-800">{t`${count} 件`}</span>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {depot.length > 0 && (
        <section className="card">
          <h2 className="mb-3 text-lg font-bold text-stone-800">{t`從雲端庫存轉入`}</h2>
          <form onSubmit={moveIn}>
            <ul className="divide-y divide-stone-100">
              {depot.map((d) => {
                const count = d.qty;
                return (
                  <li key={d.variant_id} className="flex items-center gap-3 py-2">
                    <div className="min-w-0 flex-1">
                      <label
                        htmlFor={`move-${d.variant_id}`}
                        className="block truncate font-medium text-stone-800"
                        lang={contentLang}
                      >
                        {`${d.name}（${d.variant_name}）`}
                      </label>
                      <p className="text-sm text-stone-500">{t`雲端庫存 ${count} 件`}</p>
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
                );
              })}
            </ul>
            <button type="submit" className="btn-primary mt-3" disabled={busy}>
              {t`轉入賣家庫存`}
            </button>
          </form>
        </section>
      )}

      <section className="card">
        <h2 className="mb-3 text-lg font-bold text-stone-800">{t`庫存異動紀錄`}</h2>
        {log.length === 0 ? (
          <p className="py-6 text-center text-stone-600">{t`尚無異動紀錄。`}</p>
        ) : (
          <ul className="divide-y divide-stone-100" aria-label={t`庫存異動紀錄`}>
            {log.slice(0, shown).map((l) => (
              <li key={l.id} className="flex items-center gap-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-stone-800" lang={contentLang}>
                    {l.name}
                  </p>
                  <p className="text-sm text-stone-500">
                    {`${formatDateTime(l.created_at)}｜${labelIn(REASON_MSGS, l.reason_label, t)}${l.note ? `｜${l.note}` : ""}`}
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
            {t`顯示更多紀錄`}
          </button>
        )}
      </section>
    </>
  );
}
