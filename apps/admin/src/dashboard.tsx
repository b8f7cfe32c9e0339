import { Box, Card, CardContent, Stack, Typography } from "@mui/material";
import { formatMoney } from "@shop/contract/format";
import { lazy, Suspense, useEffect, useState } from "react";
import { Title, useNotify } from "react-admin";
import { Link } from "react-router-dom";
import { adminApi } from "./api";

const SalesChart = lazy(() => import("./sales-chart"));

interface Dashboard {
  today_orders: number;
  today_sales: number;
  waiting: { transfer_reported: number; pending_payment: number; to_ship: number };
  series: Array<{ day: string; orders: number; sales: number }>;
  low_stock: Array<{ variant_id: number; product_id: number; product: string; variant: string; stock: number }>;
}

function Figure({ label, value, to }: { label: string; value: string; to?: string }) {
  const body = (
    <Card sx={{ minWidth: 180, flex: 1 }}>
      <CardContent>
        <Typography color="text.secondary">{label}</Typography>
        <Typography variant="h4">{value}</Typography>
      </CardContent>
    </Card>
  );
  return to ? (
    <Link to={to} style={{ flex: 1, textDecoration: "none" }}>
      {body}
    </Link>
  ) : (
    body
  );
}

const ordersWith = (status: string) => `/orders?filter=${encodeURIComponent(JSON.stringify({ status }))}`;

export function DashboardPage() {
  const notify = useNotify();
  const [d, setD] = useState<Dashboard | null>(null);
  useEffect(() => {
    adminApi<Dashboard>("/dashboard")
      .then(setD)
      .catch((e: Error) => notify(e.message, { type: "error" }));
  }, [notify]);
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="總覽" />
      {d ? (
        <Stack spacing={2}>
          <Stack direction={{ xs: "column", md: "row" }} spacing={2}>
            <Figure label="今日訂單" value={String(d.today_orders)} />
            <Figure label="今日營業額" value={formatMoney(d.today_sales)} />
            <Figure label="待確認付款" value={String(d.waiting.pending_payment)} to={ordersWith("pending_payment")} />
            <Figure label="已回報匯款" value={String(d.waiting.transfer_reported)} to={ordersWith("pending_payment")} />
            <Figure label="待出貨" value={String(d.waiting.to_ship)} to={ordersWith("paid")} />
          </Stack>
          <Card>
            <CardContent>
              <Typography variant="h6">近 14 天營業額</Typography>
              <Box sx={{ height: 280 }}>
                <Suspense fallback={null}>
                  <SalesChart series={d.series} />
                </Suspense>
              </Box>
            </CardContent>
          </Card>
          <Card>
            <CardContent>
              <Typography variant="h6">低庫存（5 件以下）</Typography>
              {d.low_stock.length === 0 ? <Typography color="text.secondary">目前沒有低庫存商品</Typography> : null}
              {d.low_stock.map((s) => (
                <Typography key={s.variant_id}>
                  <Link to={`/products/${s.product_id}`}>{`${s.product}／${s.variant}`}</Link>
                  {`：剩 ${s.stock} 件`}
                </Typography>
              ))}
            </CardContent>
          </Card>
        </Stack>
      ) : null}
    </Box>
  );
}
