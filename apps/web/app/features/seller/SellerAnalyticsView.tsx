import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { formatMoney } from "@shop/contract/format";
import type { SellerAnalytics } from "@shop/contract/seller-shop";
import { lazy, Suspense } from "react";
import { Form, useNavigation, useSearchParams } from "react-router";
import { useContentLang } from "../../i18n/runtime";
import { callerHeaders } from "../../lib/api";
import { useAlerts } from "../../ui/alerts";
import { type Period, taipeiDay } from "./seller-read";

const AnalyticsCharts = lazy(() => import("./AnalyticsCharts"));

const PRESETS = [
  [msg`近 7 天`, () => ({ from: taipeiDay(6), to: taipeiDay() })],
  [msg`近 30 天`, () => ({ from: taipeiDay(29), to: taipeiDay() })],
  [msg`本月`, () => ({ from: `${taipeiDay().slice(0, 8)}01`, to: taipeiDay() })],
] as const;

/** The seller's figures for a period (decision 47): totals, charts, products and a CSV download. */
export function SellerAnalyticsView(props: { period: Period; report: SellerAnalytics | null; error: string | null }) {
  const { period, report, error } = props;
  const { t } = useLingui();
  const contentLang = useContentLang();
  const alerts = useAlerts();
  // The period lives in the address (?tab=analytics&from=&to=): the route's loader reads the figures.
  const [, setParams] = useSearchParams();
  const loading = useNavigation().state === "loading";
  const choose = (p: Period) => setParams({ tab: "analytics", ...p });

  const percent = report?.shop.commission_percent;

  async function download() {
    const response = await fetch(`/api/seller/analytics.csv?from=${period.from}&to=${period.to}`, {
      headers: callerHeaders(),
    }).catch(() => null);
    if (!response?.ok) return alerts.error(t`下載失敗，請稍後再試`);
    const url = URL.createObjectURL(await response.blob());
    const a = document.createElement("a");
    a.href = url;
    const { from, to } = period;
    a.download = t`商城分析-${from}-${to}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  }

  return (
    <section className="card space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-bold text-stone-800">{t`銷售分析`}</h2>
        <div className="flex flex-wrap items-end gap-2">
          {PRESETS.map(([label, make]) => {
            const p = make();
            const on = p.from === period.from && p.to === period.to;
            return (
              <button
                key={label.message}
                type="button"
                aria-pressed={on}
                className={`rounded-full px-3 py-1 text-sm ${on ? "bg-tea-700 text-white" : "bg-stone-100 text-stone-700"}`}
                onClick={() => choose(p)}
              >
                {t(label)}
              </button>
            );
          })}
        </div>
      </div>
      <Form className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="tab" value="analytics" />
        <label className="text-sm text-stone-600">
          {t`開始日期`}
          <input key={`f${period.from}`} name="from" type="date" defaultValue={period.from} className="input mt-1" />
        </label>
        <label className="text-sm text-stone-600">
          {t`結束日期`}
          <input key={`t${period.to}`} name="to" type="date" defaultValue={period.to} className="input mt-1" />
        </label>
        <button type="submit" className="btn-secondary">
          {t({ message: "查詢", context: "a date range" })}
        </button>
        <button type="button" className="btn-secondary" onClick={() => void download()}>
          {t`下載 CSV`}
        </button>
      </Form>
      {loading && <p role="status">{t`載入中…`}</p>}
      {error && (
        <p className="text-red-700" role="alert">
          {error}
        </p>
      )}
      {report && (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label={t`期間合計`}>
            {(
              [
                [t`有效訂單`, String(report.totals.orders)],
                [t`商品銷售額`, formatMoney(report.totals.revenue)],
                [t`預估分潤（${percent}%）`, formatMoney(report.totals.commission)],
                [t`造訪次數`, String(report.totals.visits)],
                [t`商品瀏覽`, String(report.totals.product_views)],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-xl bg-tea-50 px-3 py-2">
                <dt className="text-xs text-stone-600">{label}</dt>
                <dd className="text-lg font-bold text-tea-800">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="text-xs text-stone-500">
            {t`有效訂單：已付款或貨到付款配送中的訂單（不含取消與退款）；造訪次數：從站外連結、書籤或直接輸入網址進入商城的次數。`}
          </p>
          <Suspense fallback={<p role="status">{t`圖表載入中…`}</p>}>
            <AnalyticsCharts report={report} />
          </Suspense>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[32rem] text-sm">
              <caption className="mb-2 text-left font-medium text-stone-800">{t`商品`}</caption>
              <thead>
                <tr className="border-b border-stone-200 text-left text-stone-600">
                  <th className="py-2 font-medium">{t`商品`}</th>
                  <th className="py-2 text-right font-medium">{t`訂單數`}</th>
                  <th className="py-2 text-right font-medium">{t`售出件數`}</th>
                  <th className="py-2 text-right font-medium">{t`商品銷售額`}</th>
                  <th className="py-2 text-right font-medium">{t`瀏覽次數`}</th>
                </tr>
              </thead>
              <tbody>
                {report.products.length === 0 ? (
                  <tr>
                    <td colSpan={5} className="py-6 text-center text-stone-500">
                      {t`這段期間沒有銷售或瀏覽紀錄。`}
                    </td>
                  </tr>
                ) : (
                  report.products.map((p) => (
                    <tr key={p.product_id} className="border-b border-stone-100">
                      <td className="py-2" lang={contentLang}>
                        {p.name}
                      </td>
                      <td className="py-2 text-right">{p.orders}</td>
                      <td className="py-2 text-right">{p.units}</td>
                      <td className="py-2 text-right">{formatMoney(p.revenue)}</td>
                      <td className="py-2 text-right">{p.views}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
