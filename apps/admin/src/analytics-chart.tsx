import { formatMoney } from "@shop/contract/format";
import type { SellerAnalytics } from "@shop/contract/seller-shop";
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/** A shop's daily revenue bars with its orders and visits (recharts), in its own chunk. */
export default function AnalyticsChart({ report }: { report: SellerAnalytics }) {
  return (
    <ResponsiveContainer>
      <ComposedChart data={report.days}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" tickFormatter={(v: string) => v.slice(5).replace("-", "/")} />
        <YAxis yAxisId="money" />
        <YAxis yAxisId="count" orientation="right" allowDecimals={false} />
        <Tooltip
          labelFormatter={(v) => String(v).replaceAll("-", "/")}
          formatter={(v, name) => (name === "商品銷售額" ? formatMoney(Number(v)) : String(v))}
        />
        <Legend />
        <Bar yAxisId="money" dataKey="revenue" name="商品銷售額" fill="#3a7d44" />
        <Line yAxisId="count" dataKey="orders" name="訂單數" stroke="#b45309" dot={false} />
        <Line yAxisId="count" dataKey="visits" name="造訪次數" stroke="#2563eb" dot={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
