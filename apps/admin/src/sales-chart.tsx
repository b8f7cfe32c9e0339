import { formatMoney } from "@shop/contract/format";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/** The dashboard's sales bars (recharts), in its own chunk so other pages load without it. */
export default function SalesChart({ series }: { series: Array<{ day: string; sales: number }> }) {
  return (
    <ResponsiveContainer>
      <BarChart data={series}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" tickFormatter={(v: string) => v.slice(5).replace("-", "/")} />
        <YAxis />
        <Tooltip formatter={(v) => formatMoney(Number(v))} labelFormatter={(v) => String(v).replaceAll("-", "/")} />
        <Bar dataKey="sales" name="營業額" fill="#3a7d44" />
      </BarChart>
    </ResponsiveContainer>
  );
}
