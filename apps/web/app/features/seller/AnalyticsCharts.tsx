import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { formatMoney } from "@shop/contract/format";
import type { SellerAnalytics } from "@shop/contract/seller-shop";
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useLang } from "../../i18n/runtime";
import { labelIn } from "./seller-read";

const short = (day: string) => day.slice(5).replace("-", "/");

/** The visit sources the server names in zh-TW (TRAFFIC_SOURCE_LABELS; LINE, Facebook… are names). */
const SOURCE_MSGS = { 直接造訪: msg`直接造訪`, 其他網站: msg`其他網站` };

/** The analytics charts (recharts), in their own chunk so the rest of the seller area loads without them. */
export default function AnalyticsCharts({ report }: { report: SellerAnalytics }) {
  const { t } = useLingui();
  const english = useLang() === "en";
  // The money axis in 萬 (ten thousands) in zh-TW, in thousands in English.
  const moneyTick = (v: number) => {
    if (english) return v >= 10_000 ? `${v / 1_000}k` : String(v);
    return v >= 10_000 ? `${v / 10_000}萬` : String(v);
  };
  const sources = report.sources.map((s) => ({ ...s, label: labelIn(SOURCE_MSGS, s.label, t) }));
  return (
    <div className="space-y-6">
      <figure>
        <figcaption className="mb-2 font-medium text-stone-800">{t`每日銷售與造訪`}</figcaption>
        <div className="h-72" role="img" aria-label={t`每日商品銷售額、訂單數與造訪次數圖表`}>
          <ResponsiveContainer>
            <ComposedChart data={report.days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="day" tickFormatter={short} minTickGap={16} />
              <YAxis yAxisId="money" tickFormatter={moneyTick} width={48} />
              <YAxis yAxisId="count" orientation="right" allowDecimals={false} width={32} />
              <Tooltip
                labelFormatter={(v) => String(v).replaceAll("-", "/")}
                formatter={(v, _name, item) => (item.dataKey === "revenue" ? formatMoney(Number(v)) : String(v))}
              />
              <Legend />
              <Bar yAxisId="money" dataKey="revenue" name={t`商品銷售額`} fill="#3a7d44" />
              <Line yAxisId="count" dataKey="orders" name={t`訂單數`} stroke="#b45309" dot={false} />
              <Line yAxisId="count" dataKey="visits" name={t`造訪次數`} stroke="#2563eb" dot={false} />
            </ComposedChart>
          </ResponsiveContainer>
        </div>
      </figure>
      {sources.length > 0 && (
        <figure>
          <figcaption className="mb-2 font-medium text-stone-800">{t`造訪來源`}</figcaption>
          <div style={{ height: 48 + sources.length * 36 }} role="img" aria-label={t`造訪來源圖表`}>
            <ResponsiveContainer>
              <BarChart data={sources} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis type="number" allowDecimals={false} />
                <YAxis type="category" dataKey="label" width={72} />
                <Tooltip />
                <Bar dataKey="visits" name={t`造訪次數`} fill="#2563eb" />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </figure>
      )}
    </div>
  );
}
