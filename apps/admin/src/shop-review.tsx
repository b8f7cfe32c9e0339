import { Box, Button, Card, CardContent, TextField as MuiTextField, Stack, Typography } from "@mui/material";
import { formatMoney } from "@shop/contract/format";
import type { SellerAnalytics } from "@shop/contract/seller-shop";
import { lazy, Suspense, useEffect, useState } from "react";
import {
  Datagrid,
  FunctionField,
  List,
  type RaRecord,
  SelectInput,
  TextField,
  Title,
  useNotify,
  usePermissions,
  useRecordContext,
} from "react-admin";
import { useParams } from "react-router-dom";
import { useAdminAction } from "./actions";
import { adminApi, download } from "./api";
import { TaipeiDateField } from "./fields";

const AnalyticsChart = lazy(() => import("./analytics-chart"));

// Sellers' shop change requests (decision 46)
const STATUS_CHOICES = [
  { id: "pending", name: "審核中" },
  { id: "approved", name: "已核准" },
  { id: "rejected", name: "未核准" },
  { id: "withdrawn", name: "已被新申請取代" },
];
const SHIP_NAMES: Record<string, string> = {
  hct: "新竹物流宅配",
  tcat: "黑貓宅急便",
  post: "中華郵政",
  cvs_711: "7-ELEVEN",
  cvs_family: "全家",
  cvs_hilife: "萊爾富",
  cvs_ok: "OK",
  depot: "雲端庫存",
  self: "專人配送",
};

type Delivery = { codes: string[]; self_fee: number; self_free_threshold: number | null };
type ChangeSet = { name?: string; banner?: string; delivery?: Delivery };
const names = (codes: string[]) => codes.map((code) => SHIP_NAMES[code] ?? code).join("、");
const threshold = (n: number | null) => (n === null ? "不免運" : `滿 ${formatMoney(n)} 免運`);
/** A delivery change as what is switched on or off and which self-delivery figures move. */
function deliveryChanges(before: Delivery | undefined, after: Delivery): string[] {
  if (!before) return [`配送方式：${names(after.codes)}`];
  const on = after.codes.filter((c) => !before.codes.includes(c));
  const off = before.codes.filter((c) => !after.codes.includes(c));
  return [
    ...(on.length > 0 ? [`啟用：${names(on)}`] : []),
    ...(off.length > 0 ? [`停用：${names(off)}`] : []),
    ...(after.self_fee !== before.self_fee
      ? [`專人配送運費：${formatMoney(before.self_fee)} → ${formatMoney(after.self_fee)}`]
      : []),
    ...(after.self_free_threshold !== before.self_free_threshold
      ? [`專人配送免運：${threshold(before.self_free_threshold)} → ${threshold(after.self_free_threshold)}`]
      : []),
  ];
}
const Banner = ({ src, alt }: { src: string; alt: string }) =>
  src ? (
    <Box component="img" src={`/img/320${src}`} alt={alt} sx={{ display: "block", width: 200, borderRadius: 1, mt: 0.5 }} />
  ) : (
    <span>（無）</span>
  );

/** What the seller asked to change, from what it was when they asked, as staff read it before deciding. */
function Changes({ r }: { r: RaRecord }) {
  const c = r.changes as ChangeSet;
  const b = r.before as ChangeSet;
  return (
    <Stack spacing={1}>
      {c.name !== undefined && <span>{`名稱：${b.name ?? ""} → ${c.name}`}</span>}
      {c.banner !== undefined && (
        <Stack direction="row" spacing={1} alignItems="center">
          <span>橫幅：</span>
          <Banner src={b.banner ?? ""} alt="目前的橫幅" />
          <span>→</span>
          <Banner src={c.banner} alt="申請的橫幅" />
        </Stack>
      )}
      {c.delivery && deliveryChanges(b.delivery, c.delivery).map((line) => <span key={line}>{line}</span>)}
    </Stack>
  );
}

function Decide() {
  const r = useRecordContext();
  const { permissions } = usePermissions<string[]>();
  const act = useAdminAction();
  const [reason, setReason] = useState("");
  if (!r || r.status !== "pending" || !permissions?.includes("shops.write")) return null;
  return (
    <Stack direction="row" spacing={1} alignItems="center" onClick={(e) => e.stopPropagation()}>
      <Button size="small" variant="contained" onClick={() => act(`/shop_requests/${r.id}/approve`, {}, "已核准，變更已生效")}>
        核准
      </Button>
      <MuiTextField size="small" label="未核准原因" value={reason} onChange={(e) => setReason(e.target.value)} />
      <Button size="small" color="error" onClick={() => act(`/shop_requests/${r.id}/reject`, { reason }, "已退回申請")}>
        不核准
      </Button>
    </Stack>
  );
}

export const ShopRequestList = () => (
  <List
    exporter={false}
    filters={[<SelectInput key="status" source="status" label="狀態" choices={STATUS_CHOICES} alwaysOn />]}
    filterDefaultValues={{ status: "pending" }}
    title="商城變更審核"
  >
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="id" label="編號" />
      <TextField source="shop_name" label="商城" />
      <FunctionField label="申請變更" render={(r: RaRecord) => <Changes r={r} />} />
      <TaipeiDateField source="created_at" label="申請時間" />
      <FunctionField label="狀態" render={(r: RaRecord) => `${r.status_label}${r.reason ? `：${r.reason}` : ""}`} />
      <FunctionField label="審核" render={() => <Decide />} />
    </Datagrid>
  </List>
);

// A shop's analytics, the same figures its seller sees (decision 47)
const taipeiDay = (offsetDays = 0) => new Date(Date.now() + 8 * 3_600_000 - offsetDays * 86_400_000).toISOString().slice(0, 10);

export function ShopAnalyticsPage() {
  const { id } = useParams();
  const notify = useNotify();
  const [period, setPeriod] = useState({ from: taipeiDay(29), to: taipeiDay() });
  const [report, setReport] = useState<SellerAnalytics | null>(null);
  useEffect(() => {
    adminApi<SellerAnalytics>(`/shops/${id}/analytics?from=${period.from}&to=${period.to}`)
      .then(setReport)
      .catch((e: Error) => notify(e.message, { type: "error" }));
  }, [id, period, notify]);
  const query = `from=${period.from}&to=${period.to}`;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={report ? `${report.shop.name} 銷售分析` : "銷售分析"} />
      <CardContent>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} alignItems={{ sm: "center" }} sx={{ mb: 2 }}>
          <MuiTextField
            type="date"
            label="開始日期"
            value={period.from}
            onChange={(e) => setPeriod({ ...period, from: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <MuiTextField
            type="date"
            label="結束日期"
            value={period.to}
            onChange={(e) => setPeriod({ ...period, to: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button
            variant="outlined"
            onClick={() =>
              download(`/shops/${id}/analytics.csv?${query}`, `shop-${id}-${period.from}-${period.to}.csv`).catch((e: Error) =>
                notify(e.message, { type: "error" }),
              )
            }
          >
            下載 CSV
          </Button>
        </Stack>
        {report && (
          <>
            <Typography sx={{ mb: 2 }}>
              {`有效訂單 ${report.totals.orders}｜商品銷售額 ${formatMoney(report.totals.revenue)}｜預估分潤 ${formatMoney(report.totals.commission)}（${report.shop.commission_percent}%）｜造訪 ${report.totals.visits}｜商品瀏覽 ${report.totals.product_views}`}
            </Typography>
            <Box sx={{ height: 300 }}>
              <Suspense fallback={null}>
                <AnalyticsChart report={report} />
              </Suspense>
            </Box>
            <Typography variant="subtitle1" sx={{ mt: 3 }}>
              造訪來源
            </Typography>
            <Typography>{report.sources.map((s) => `${s.label} ${s.visits}`).join("、") || "這段期間沒有造訪紀錄"}</Typography>
            <Typography variant="subtitle1" sx={{ mt: 3 }}>
              商品
            </Typography>
            <Box
              component="table"
              sx={{
                width: "100%",
                borderCollapse: "collapse",
                "& td, & th": { borderBottom: "1px solid #eee", p: 1, textAlign: "right" },
                "& td:first-of-type, & th:first-of-type": { textAlign: "left" },
              }}
            >
              <thead>
                <tr>
                  <th>商品</th>
                  <th>訂單數</th>
                  <th>售出件數</th>
                  <th>商品銷售額</th>
                  <th>瀏覽次數</th>
                </tr>
              </thead>
              <tbody>
                {report.products.map((p) => (
                  <tr key={p.product_id}>
                    <td>{p.name}</td>
                    <td>{p.orders}</td>
                    <td>{p.units}</td>
                    <td>{formatMoney(p.revenue)}</td>
                    <td>{p.views}</td>
                  </tr>
                ))}
              </tbody>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
