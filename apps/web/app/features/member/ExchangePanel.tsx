import { formatDateTime, formatMoney } from "@shop/contract/format";
import type { ExchangeItemView, ExchangeSelfView, ExchangeView } from "@shop/contract/loyalty";
import { useCallback, useEffect, useState } from "react";
import { api } from "../../lib/api";
import { useAlerts } from "../../ui/alerts";
import { Field } from "../../ui/Field";
import { Img } from "../../ui/Img";

/** Points exchange (rechange): into wallet money, or into goods that go into the cloud depot. */
export function ExchangePanel({ onDone }: { onDone(): void }) {
  const alerts = useAlerts();
  const [self, setSelf] = useState<ExchangeSelfView | null>(null);
  const [items, setItems] = useState<ExchangeItemView[]>([]);
  const [history, setHistory] = useState<ExchangeView[]>([]);
  const [points, setPoints] = useState("");
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const [s, c, l] = await Promise.all([
      api<ExchangeSelfView>("/api/user/rechange/self"),
      api<ExchangeItemView[]>("/api/user/rechange/company"),
      api<ExchangeView[]>("/api/user/rechange/list"),
    ]);
    if (s.status) setSelf(s.data);
    if (c.status) setItems(c.data);
    if (l.status) setHistory(l.data);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function exchange(body: unknown) {
    setBusy(true);
    const r = await api<ExchangeView>("/api/user/rechange/store", { body });
    setBusy(false);
    if (!r.status) return alerts.error(r.message);
    setPoints("");
    await load();
    onDone();
    await alerts.success(`兌換完成：${r.data.title}`);
  }

  return (
    <section className="card">
      <h2 className="text-lg font-bold text-stone-800">點數兌換</h2>
      {self && (
        <form
          className="mt-3 flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void exchange({ kind: "self", points: points.trim() });
          }}
        >
          <Field
            id="exchange-points"
            label={`兌換錢包（${self.points_per_dollar} 點 = NT$1，最少 ${self.minimum_points} 點）`}
            className="input w-40"
            inputMode="numeric"
            value={points}
            onChange={(e) => setPoints(e.target.value)}
          />
          <button type="submit" className="btn-primary" disabled={busy || !points}>
            兌換{Number(points) > 0 ? ` ${formatMoney(Math.floor(Number(points) / self.points_per_dollar))}` : ""}
          </button>
        </form>
      )}
      {items.length > 0 && (
        <ul className="mt-5 grid gap-3 sm:grid-cols-2">
          {items.map((i) => (
            <li key={i.id} className="flex items-center gap-3 rounded-xl bg-stone-50 p-3">
              <Img src={i.image} alt="" width={56} height={56} sizes="56px" className="h-14 w-14 rounded-lg object-cover" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-stone-800">{i.title}</p>
                <p className="text-sm text-stone-500">{i.points} 點，存入雲端庫存</p>
              </div>
              <button
                type="button"
                className="btn-secondary"
                disabled={busy}
                onClick={() => void exchange({ kind: "company", item_id: i.id, qty: 1 })}
              >
                兌換
              </button>
            </li>
          ))}
        </ul>
      )}
      {history.length > 0 && (
        <>
          <h3 className="mt-5 font-bold text-stone-800">兌換紀錄</h3>
          <ul className="divide-y divide-stone-100 text-sm" data-testid="exchanges">
            {history.map((h) => (
              <li key={h.id} className="flex justify-between gap-3 py-2">
                <span>
                  {h.title}
                  <span className="block text-stone-500">{formatDateTime(h.created_at)}</span>
                </span>
                <span className="text-right">
                  -{h.points} 點<span className="block text-stone-500">{h.status_label}</span>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
