import { useLingui } from "@lingui/react/macro";
import { formatDateTime, formatMoney } from "@shop/contract/format";
import type { ExchangeItemView, ExchangeSelfView, ExchangeView } from "@shop/contract/loyalty";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useContentLang } from "../../i18n/runtime";
import { api } from "../../lib/api";
import { useAlerts } from "../../ui/alerts";
import { Field } from "../../ui/Field";
import { Img } from "../../ui/Img";
import { memberReadOr, useActionResult } from "./member-read";
import { EXCHANGE_TITLES, Lang, STATUSES, useServerText } from "./server-text";

interface ExchangeData {
  self: ExchangeSelfView | null;
  items: ExchangeItemView[];
  history: ExchangeView[];
}

/** The panel's reads, for the clientLoader of the page that shows it: a refused one leaves its part out. */
export async function readExchange(): Promise<ExchangeData> {
  const [self, items, history] = await Promise.all([
    memberReadOr<ExchangeSelfView, null>("/api/user/rechange/self", {}, null),
    memberReadOr<ExchangeItemView[], ExchangeItemView[]>("/api/user/rechange/company", {}, []),
    memberReadOr<ExchangeView[], ExchangeView[]>("/api/user/rechange/list", {}, []),
  ]);
  return { self, items, history };
}

/** An exchange, for the clientAction of that page (JSON body): the page's reads run again afterwards. */
export async function exchangeAction(request: Request) {
  return api<ExchangeView>("/api/user/rechange/store", { body: await request.json() });
}

/** Points exchange (rechange): into wallet money, or into goods that go into the cloud depot. */
export function ExchangePanel({ self, items, history }: ExchangeData) {
  const { t } = useLingui();
  const show = useServerText();
  const contentLang = useContentLang();
  const alerts = useAlerts();
  const fetcher = useFetcher<typeof exchangeAction>();
  const [points, setPoints] = useState("");
  const busy = fetcher.state !== "idle";
  const perDollar = self?.points_per_dollar;
  const minimum = self?.minimum_points;

  useActionResult(fetcher.data, async (r) => {
    if (!r.status) return alerts.error(r.message);
    setPoints("");
    const title = show(EXCHANGE_TITLES, r.data.title).text;
    alerts.toast(t`兌換完成：${title}`);
  });

  function exchange(body: Record<string, string | number>) {
    void fetcher.submit(body, { method: "post", encType: "application/json" });
  }

  return (
    <section className="card">
      <h2 className="text-lg font-bold text-stone-800">{t`點數兌換`}</h2>
      {self && (
        <form
          className="mt-3 flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            exchange({ kind: "self", points: points.trim() });
          }}
        >
          <Field
            id="exchange-points"
            label={t`兌換錢包（${perDollar} 點 = NT$1，最少 ${minimum} 點）`}
            className="input w-40"
            inputMode="numeric"
            value={points}
            onChange={(e) => setPoints(e.target.value)}
          />
          <button type="submit" className="btn-primary" disabled={busy || !points}>
            {t`兌換`}
            {Number(points) > 0 ? ` ${formatMoney(Math.floor(Number(points) / self.points_per_dollar))}` : ""}
          </button>
        </form>
      )}
      {items.length > 0 && (
        <ul className="mt-5 grid gap-3 sm:grid-cols-2">
          {items.map((i) => {
            const cost = i.points;
            return (
              <li key={i.id} className="flex items-center gap-3 rounded-xl bg-stone-50 p-3">
                <Img src={i.image} alt="" width={56} height={56} sizes="56px" className="h-14 w-14 rounded-lg object-cover" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-stone-800" lang={contentLang}>
                    {i.title}
                  </p>
                  <p className="text-sm text-stone-500">{t`${cost} 點，存入雲端庫存`}</p>
                </div>
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={busy}
                  onClick={() => exchange({ kind: "company", item_id: i.id, qty: 1 })}
                >
                  {t`兌換`}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {history.length > 0 && (
        <>
          <h3 className="mt-5 font-bold text-stone-800">{t`兌換紀錄`}</h3>
          <ul className="divide-y divide-stone-100 text-sm" data-testid="exchanges">
            {history.map((h) => {
              const title = show(EXCHANGE_TITLES, h.title);
              const status = show(STATUSES, h.status_label);
              const points = h.points;
              return (
                <li key={h.id} className="flex justify-between gap-3 py-2">
                  <span>
                    <Lang {...title} />
                    <span className="block text-stone-500">{formatDateTime(h.created_at)}</span>
                  </span>
                  <span className="text-right">
                    {t`-${points} 點`}
                    <span className="block text-stone-500" lang={status.lang}>
                      {status.text}
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
