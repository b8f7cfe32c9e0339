import { Box, Card, CardContent, Stack, Typography } from "@mui/material";
import type { AdminDashboard } from "@shop/contract/admin";
import { formatMoney } from "@shop/contract/format";
import { lazy, Suspense, useEffect, useState } from "react";
import { Title, useBasename, useNotify } from "react-admin";
import { Link } from "react-router-dom";
import { adminApi } from "./api";

const SalesChart = lazy(() => import("./sales-chart"));

/** A figure; with `to` (a back-office path such as /orders?…) it opens that list. */
function Figure({ label, value, to }: { label: string; value: string; to?: string }) {
  // react-admin runs under /admin: a plain link would leave the back office.
  const basename = useBasename();
  const body = (
    <Card sx={{ minWidth: 180, flex: 1 }}>
      <CardContent>
        <Typography color="text.secondary">{label}</Typography>
        <Typography variant="h4">{value}</Typography>
      </CardContent>
    </Card>
  );
  return to ? (
    <Link to={`${basename}${to}`} style={{ flex: 1, textDecoration: "none" }}>
      {body}
    </Link>
  ) : (
    body
  );
}

const listWith = (resource: string, filter: Record<string, string>) =>
  `/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
const ordersWith = (status: string) => listWith("orders", { status });

export function DashboardPage() {
  const notify = useNotify();
  const basename = useBasename();
  const [d, setD] = useState<AdminDashboard | null>(null);
  useEffect(() => {
    adminApi<AdminDashboard>("/dashboard")
      .then(setD)
      .catch((e: Error) => notify(e.message, { type: "error" }));
  }, [notify]);
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="總覽" />
      {d ? (
        <Stack spacing={2}>
          <Stack direction={{ xs: "column", md: "row" }} spacing={2} useFlexGap flexWrap="wrap">
            <Figure label="今日訂單" value={String(d.today_orders)} />
            <Figure label="今日營業額" value={formatMoney(d.today_sales)} />
            <Figure label="待確認付款" value={String(d.waiting.pending_payment)} to={ordersWith("pending_payment")} />
            <Figure
              label="已回報匯款"
              value={String(d.waiting.transfer_reported)}
              to={listWith("orders", { queue: "transfer_reported" })}
            />
            <Figure label="待出貨" value={String(d.waiting.to_ship)} to={listWith("orders", { queue: "to_ship" })} />
          </Stack>
          <Typography variant="h6">今日待辦</Typography>
          <Stack direction={{ xs: "column", md: "row" }} spacing={2} useFlexGap flexWrap="wrap">
            <Figure label="退換貨待處理" value={String(d.waiting.returns)} to={listWith("returns", { status: "requested" })} />
            <Figure
              label="雲端提貨待出貨"
              value={String(d.waiting.takeouts)}
              to={listWith("takeouts", { status: "requested" })}
            />
            <Figure label="客服待回覆" value={String(d.waiting.inquiries)} to={listWith("inquiries", { status: "new" })} />
            <Figure
              label="提領待審核"
              value={String(d.waiting.withdrawals)}
              to={listWith("withdrawals", { status: "requested" })}
            />
          </Stack>
          <Typography variant="h6">待處理異常</Typography>
          <Stack direction={{ xs: "column", md: "row" }} spacing={2} useFlexGap flexWrap="wrap" data-testid="anomalies">
            <Figure label="背景工作失敗" value={String(d.anomalies.jobs_failed)} to="/system" />
            <Figure
              label="通知發送失敗"
              value={String(d.anomalies.outbox_failed)}
              to={listWith("messages", { status: "failed" })}
            />
            <Figure label="通知待發送逾時" value={String(d.anomalies.outbox_stuck)} to="/system" />
            <Figure
              label="發票待處理"
              value={String(d.anomalies.invoices_parked)}
              to={listWith("invoices", { attention: "1" })}
            />
            <Figure label="付款結果待確認" value={String(d.anomalies.payments_in_doubt)} to="/system" />
            <Figure
              label="虛擬帳號金額不符"
              value={String(d.anomalies.payments_wrong_amount)}
              to={ordersWith("pending_payment")}
            />
            <Figure label="逾期未取消訂單" value={String(d.anomalies.orders_overdue)} to={ordersWith("pending_payment")} />
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
                  <Link to={`${basename}/products/${s.product_id}`}>{`${s.product}／${s.variant}`}</Link>
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
