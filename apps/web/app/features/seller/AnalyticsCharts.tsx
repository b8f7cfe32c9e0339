import { formatMoney } from "@shop/contract/format";
import type { SellerAnalytics } from "@shop/contract/seller-shop";
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

const short = (day: string) => day.slice(5).replace("-", "/");

/** The analytics charts (recharts), in their own chunk so the rest of the seller area loads without them. */
export default function AnalyticsCharts({ report }: { report: SellerAnalytics }) {
  return (
    <div className="space-y-6">
      <figure>
        <figcaption className="mb-2 font-medium text-stone-800">每日銷售與造訪</figcaption>
        <div className="h-72" role="img" aria-label="每日商品銷售額、訂單數與造訪次數圖表">
          <ResponsiveContainer>
            <ComposedChart data={report.days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="day" tickFormatter={short} minTickGap={16} />
              <YAxis yAxisId="money" tickFormatter={(v: number) => (v >= 10_000 ? `${v / 10_000}萬` : String(v))} width={48} />
              <YAxis yAxisId="count" orientation="right" allowDecimals={false} width={32} />
              <Tooltip
                labelFormatter={(v) => String(v).replaceAll("-", "/")}
                formatter={(v, name) => (name === "商品銷售額" || name === "預估分潤" ? formatMoney(Number(v)) : String(v))}
              />
              <Legend />
              <Bar yAxisId="money" dataKey="revenue" name="商品銷售額" fill="#3a7d44" />
              <Line yAxisId="count" dataKey="orders" name="訂單數" stroke="#b45309" dot={false} />
              <Line yAxisId="count" dataKey="visits" name="造訪次數" stroke="#2563eb" dot={false} />
            </ComposedChart>
          </ResponsiveContainer>
        </div>
      </figure>
      {report.sources.length > 0 && (
        <figure>
          <figcaption className="mb-2 font-medium text-stone-800">造訪來源</figcaption>
          <div style={{ height: 48 + report.sources.length * 36 }} role="img" aria-label="造訪來源圖表">
            <ResponsiveContainer>
              <BarChart data={report.sources} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis type="number" allowDecimals={false} />
                <YAxis type="category" dataKey="label" width={72} />
                <Tooltip />
                <Bar dataKey="visits" name="造訪次數" fill="#2563eb" />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </figure>
      )}
    </div>
  );
}
