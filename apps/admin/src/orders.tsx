import { Box, Button, Chip, Stack, Typography } from "@mui/material";
import { MAIN_SHOP_ID } from "@shop/contract";
import { formatDateTime, formatMoney } from "@shop/contract/format";
import { invoiceText } from "@shop/contract/invoice";
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from "@shop/contract/order";
import type { StaffOrder } from "@shop/contract/responses";
import {
  Datagrid,
  DateInput,
  FunctionField,
  List,
  type RaRecord,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  Show,
  TextField,
  TopToolbar,
  useListContext,
  useNotify,
  useRecordContext,
} from "react-admin";
import { download } from "./api";
import { BulkShipButton } from "./bulk-ship";
import { labelChoices, MoneyField, TaipeiDateField } from "./fields";
import { OrderInvoicePanel } from "./invoices";
import { OrderActions } from "./order-actions";
import { ShipmentBatchButtons } from "./shipment-batch";

const REFUND_KINDS: Record<string, string> = { cancel: "取消退還", refund: "退貨退款", partial: "部分退款" };
const STATUS_CHOICES = labelChoices(ORDER_STATUS_LABELS);
const QUEUE_CHOICES = [
  { id: "to_ship", name: "待出貨" },
  { id: "transfer_reported", name: "已回報匯款" },
  { id: "preorder_waiting", name: "預購待出貨" },
];
const PAYMENT_CHOICES = labelChoices(PAYMENT_METHOD_LABELS);

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

/** A pre-order (decision 96): 預購待出貨 with its expected date, or 預購已到貨 once stock released it. */
function PreorderChip({ order }: { order: StaffOrder }) {
  const p = order.preorder;
  if (!p || order.status === "cancelled") return null;
  return p.state === "waiting" ? (
    <Chip
      size="small"
      color="info"
      label={`預購待出貨・預計 ${(p.ship_on ?? "").replace(/-/g, "/")}`}
      data-testid="preorder-waiting"
    />
  ) : (
    <Chip size="small" color="success" label="預購已到貨" data-testid="preorder-released" />
  );
}

/** The state, and 「已回報 12345」 on an unpaid transfer whose buyer reported the payment. */
function StatusCell({ order }: { order: StaffOrder }) {
  const r = order.status === "pending_payment" ? order.transfer_report : null;
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <span style={{ whiteSpace: "nowrap" }}>{order.status_label}</span>
      {r ? <Chip size="small" color="warning" label={`已回報 ${r.last5}`} data-testid="transfer-reported" /> : null}
      <PreorderChip order={order} />
    </Stack>
  );
}

export const OrderList = () => (
  <List
    filters={[
      <SearchInput key="q" source="q" alwaysOn placeholder="訂單編號、電話或收件人" />,
      <SelectInput key="status" source="status" label="狀態" choices={STATUS_CHOICES} alwaysOn />,
      <SelectInput key="pm" source="payment_method" label="付款方式" choices={PAYMENT_CHOICES} alwaysOn />,
      <SelectInput key="queue" source="queue" label="待辦" choices={QUEUE_CHOICES} alwaysOn />,
      <ReferenceInput key="shop" source="shop_id" reference="shops" alwaysOn>
        <SelectInput label="商城" optionText="name" />
      </ReferenceInput>,
      <DateInput key="from" source="from" label="起日" alwaysOn />,
      <DateInput key="to" source="to" label="迄日" alwaysOn />,
    ]}
    actions={
      <TopToolbar>
        <BulkShipButton />
        <ExportCsv />
      </TopToolbar>
    }
    exporter={false}
  >
    <Datagrid rowClick="show" bulkActionButtons={<ShipmentBatchButtons />}>
      <TextField source="order_no" label="訂單編號" />
      <TaipeiDateField source="created_at" label="建立時間" />
      <FunctionField label="狀態" render={(r: StaffOrder) => <StatusCell order={r} />} />
      <FunctionField
        label="商城"
        render={(r: RaRecord) =>
          r.shop_id === MAIN_SHOP_ID ? (
            "主商城"
          ) : (
            <ReferenceField source="shop_id" reference="shops" link={false}>
              <TextField source="name" />
            </ReferenceField>
          )
        }
      />
      <TextField source="receiver_name" label="收件人" />
      <TextField source="receiver_phone" label="電話" />
      <TextField source="payment_method_name" label="付款方式" />
      <TextField source="ship_method_name" label="配送方式" />
      <MoneyField source="payable" label="應付金額" />
    </Datagrid>
  </List>
);

/** "2", or "2（已退 1）" once part of the line was refunded. */
function refundedNote(o: StaffOrder, variantId: number, qty: number) {
  const left = o.refundable.find((r) => r.variant_id === variantId)?.qty ?? qty;
  return left < qty ? `${qty}（已退 ${qty - left}）` : String(qty);
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
          <Typography>{`電子郵件：${o.email || "—"}`}</Typography>
        </Box>
        <Box>
          <Typography variant="subtitle2">發票</Typography>
          <Typography data-testid="admin-order-invoice">{invoiceText(o.invoice)}</Typography>
          <OrderInvoicePanel invoice={o.e_invoice} orderNo={o.order_no} />
        </Box>
        <Box>
          <Typography variant="subtitle2">付款</Typography>
          <Typography>{`${o.payment_method_name}｜應付 ${formatMoney(o.payable)}`}</Typography>
          {o.transfer_report ? (
            <Typography data-testid="transfer-report">
              {`買家回報匯款：末五碼 ${o.transfer_report.last5}，金額 ${formatMoney(o.transfer_report.amount)}，匯款時間 ${formatDateTime(o.transfer_report.paid_at)}`}
            </Typography>
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
            <tr key={`${l.kind ?? "goods"}-${l.variant_id}`}>
              <td
                style={{ padding: 6 }}
              >{`${l.kind === "addon" ? "【加價購】" : l.kind === "gift" ? "【贈品】" : ""}${l.name}`}</td>
              <td style={{ padding: 6 }}>{l.variant_name}</td>
              <td style={{ padding: 6 }}>{formatMoney(l.price)}</td>
              <td style={{ padding: 6 }}>{refundedNote(o, l.variant_id, l.qty)}</td>
              <td style={{ padding: 6 }}>{formatMoney(l.subtotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Typography sx={{ mt: 1 }}>
        {`商品 ${formatMoney(o.goods_amount)}｜運費 ${formatMoney(o.shipping_fee)}｜折扣 ${formatMoney(o.discount_total)}｜點數 ${o.points_used}｜錢包 ${formatMoney(o.wallet_used)}`}
      </Typography>
      {o.note ? <Typography>{`備註：${o.note}`}</Typography> : null}
      {o.refunds.length > 0 ? (
        <Box className="no-print" sx={{ mt: 2 }}>
          <Typography variant="subtitle2">退款紀錄</Typography>
          {o.refunds.map((r) => (
            <Typography key={r.seq} variant="body2">
              {`${formatDateTime(r.at)}　${REFUND_KINDS[r.kind] ?? r.kind}　退款 ${formatMoney(r.money)}｜錢包 ${formatMoney(r.wallet)}｜點數 ${r.points}　${r.reason}`}
            </Typography>
          ))}
        </Box>
      ) : null}
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
