import { Box, Button, Card, CardContent, TextField as MuiTextField, Stack, Typography } from "@mui/material";
import { formatDateTime, formatMoney } from "@shop/contract/format";
import { ORDER_STATUS_LABELS } from "@shop/contract/order";
import { useState } from "react";
import {
  Datagrid,
  DateInput,
  List,
  SearchInput,
  SelectInput,
  Show,
  TextField,
  TopToolbar,
  useListContext,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
} from "react-admin";
import { adminApi, download } from "./api";
import { MoneyField, TaipeiDateField } from "./fields";

const STATUS_CHOICES = Object.entries(ORDER_STATUS_LABELS).map(([id, name]) => ({ id, name }));
const PAYMENT_CHOICES = [
  { id: "card", name: "信用卡" },
  { id: "transfer", name: "銀行轉帳" },
  { id: "cod", name: "貨到付款" },
  { id: "points_wallet", name: "點數／錢包" },
];

function ExportCsv() {
  const { filterValues } = useListContext();
  const notify = useNotify();
  const q = new URLSearchParams(Object.entries(filterValues).map(([k, v]) => [k, String(v)]));
  return (
    <Button onClick={() => download(`/orders.csv?${q}`, "orders.csv").catch((e: Error) => notify(e.message, { type: "error" }))}>
      匯出 CSV
    </Button>
  );
}

export const OrderList = () => (
  <List
    filters={[
      <SearchInput key="q" source="q" alwaysOn placeholder="訂單編號、電話或收件人" />,
      <SelectInput key="status" source="status" label="狀態" choices={STATUS_CHOICES} />,
      <SelectInput key="pm" source="payment_method" label="付款方式" choices={PAYMENT_CHOICES} />,
      <DateInput key="from" source="from" label="起日" />,
      <DateInput key="to" source="to" label="迄日" />,
    ]}
    actions={
      <TopToolbar>
        <ExportCsv />
      </TopToolbar>
    }
    exporter={false}
  >
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="order_no" label="訂單編號" />
      <TaipeiDateField source="created_at" label="建立時間" />
      <TextField source="status_label" label="狀態" />
      <TextField source="receiver_name" label="收件人" />
      <TextField source="receiver_phone" label="電話" />
      <TextField source="payment_method_name" label="付款方式" />
      <TextField source="ship_method_name" label="配送方式" />
      <MoneyField source="payable" label="應付金額" />
    </Datagrid>
  </List>
);

interface StaffOrder {
  id: string;
  order_no: string;
  status: string;
  status_label: string;
  created_at: string;
  receiver: { name: string; phone: string };
  address: { zip: string; county: string; district: string; line: string } | null;
  cvs_store: { name: string; address: string } | null;
  ship_method_name: string;
  payment_method_name: string;
  lines: Array<{ variant_id: number; name: string; variant_name: string; price: number; qty: number; subtotal: number }>;
  goods_amount: number;
  shipping_fee: number;
  discount_total: number;
  points_used: number;
  wallet_used: number;
  payable: number;
  note: string;
  tracking_no: string | null;
  transfer_report: { last5: string; amount: number; paid_at: string } | null;
  history: Array<{ label: string; reason: string; at: string }>;
  can_confirm_payment: boolean;
  can_ship: boolean;
  can_staff_cancel: boolean;
  can_refund: boolean;
}

function OrderActions() {
  const o = useRecordContext<StaffOrder>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions } = usePermissions<string[]>();
  const [tracking, setTracking] = useState("");
  const [reason, setReason] = useState("");
  if (!o) return null;
  const writable = permissions?.includes("orders.write");
  const run = async (path: string, body: unknown, done: string) => {
    try {
      await adminApi(`/orders/${o.order_no}/${path}`, { body });
      notify(done, { type: "success" });
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: "error" });
    }
  };
  return (
    <Card variant="outlined" sx={{ mb: 2 }} className="no-print">
      <CardContent>
        <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap alignItems="center">
          <Button variant="outlined" onClick={() => window.print()}>
            列印出貨單
          </Button>
          {writable && o.can_confirm_payment ? (
            <Button variant="contained" onClick={() => run("confirm_payment", {}, "已確認收款")}>
              確認收款
            </Button>
          ) : null}
          {writable && o.can_ship ? (
            <>
              <MuiTextField size="small" label="託運單號" value={tracking} onChange={(e) => setTracking(e.target.value)} />
              <Button variant="contained" onClick={() => run("ship", { tracking_no: tracking }, "已出貨")}>
                出貨
              </Button>
            </>
          ) : null}
          {writable && (o.can_staff_cancel || o.can_refund) ? (
            <>
              <MuiTextField size="small" label="取消／退款原因" value={reason} onChange={(e) => setReason(e.target.value)} />
              {o.can_staff_cancel ? (
                <Button color="error" onClick={() => run("cancel", { reason }, "訂單已取消")}>
                  取消訂單
                </Button>
              ) : (
                <Button color="error" onClick={() => run("refund", { reason }, "已退貨退款")}>
                  退貨退款
                </Button>
              )}
            </>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The order and its packing list: what prints is exactly what to pack and where it goes. */
function OrderBody() {
  const o = useRecordContext<StaffOrder>();
  // The list row stands in while the full order loads (react-admin's placeholder): wait for it.
  if (!o?.lines) return null;
  const where = o.address
    ? `${o.address.zip} ${o.address.county}${o.address.district}${o.address.line}`
    : o.cvs_store
      ? `${o.cvs_store.name}（${o.cvs_store.address}）`
      : "—";
  return (
    <Box sx={{ p: 2 }}>
      <OrderActions />
      <Typography variant="h5" data-testid="admin-order-status">{`訂單 ${o.order_no}｜${o.status_label}`}</Typography>
      <Typography color="text.secondary">{`建立於 ${formatDateTime(o.created_at)}`}</Typography>
      <Stack direction={{ xs: "column", md: "row" }} spacing={4} sx={{ my: 2 }}>
        <Box>
          <Typography variant="subtitle2">收件資訊</Typography>
          <Typography>{`${o.receiver.name}　${o.receiver.phone}`}</Typography>
          <Typography>{where}</Typography>
          <Typography>{`${o.ship_method_name}${o.tracking_no ? `｜託運單號 ${o.tracking_no}` : ""}`}</Typography>
        </Box>
        <Box>
          <Typography variant="subtitle2">付款</Typography>
          <Typography>{`${o.payment_method_name}｜應付 ${formatMoney(o.payable)}`}</Typography>
          {o.transfer_report ? (
            <Typography data-testid="transfer-report">{`買家回報匯款：末五碼 ${o.transfer_report.last5}，金額 ${formatMoney(o.transfer_report.amount)}`}</Typography>
          ) : null}
        </Box>
      </Stack>
      <table style={{ width: "100%", borderCollapse: "collapse" }}>
        <thead>
          <tr>
            {["商品", "規格", "單價", "數量", "小計"].map((h) => (
              <th key={h} style={{ textAlign: "left", borderBottom: "1px solid #ccc", padding: 6 }}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {o.lines.map((l) => (
            <tr key={l.variant_id}>
              <td style={{ padding: 6 }}>{l.name}</td>
              <td style={{ padding: 6 }}>{l.variant_name}</td>
              <td style={{ padding: 6 }}>{formatMoney(l.price)}</td>
              <td style={{ padding: 6 }}>{l.qty}</td>
              <td style={{ padding: 6 }}>{formatMoney(l.subtotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Typography sx={{ mt: 1 }}>
        {`商品 ${formatMoney(o.goods_amount)}｜運費 ${formatMoney(o.shipping_fee)}｜折扣 ${formatMoney(o.discount_total)}｜點數 ${o.points_used}｜錢包 ${formatMoney(o.wallet_used)}`}
      </Typography>
      {o.note ? <Typography>{`備註：${o.note}`}</Typography> : null}
      <Box className="no-print" sx={{ mt: 2 }}>
        <Typography variant="subtitle2">訂單紀錄</Typography>
        {o.history.map((h) => (
          <Typography key={`${h.at}-${h.label}`} variant="body2">{`${formatDateTime(h.at)}　${h.label}　${h.reason}`}</Typography>
        ))}
      </Box>
    </Box>
  );
}

export const OrderShow = () => (
  <Show title="訂單" actions={false}>
    <OrderBody />
  </Show>
);
