import {
  Alert,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField as MuiTextField,
  Stack,
  Typography,
} from "@mui/material";
import { type InvoiceSettings, invoicePeriodLabel, type StaffInvoice } from "@shop/contract/admin";
import { formatDateTime, formatMoney } from "@shop/contract/format";
import { E_INVOICE_STATUS_LABELS, formatInvoiceNo } from "@shop/contract/invoice";
import type { EInvoiceView } from "@shop/contract/order";
import { useEffect, useState } from "react";
import {
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  Title,
  TopToolbar,
  useBasename,
  useListContext,
  useNotify,
  usePermissions,
  useRecordContext,
} from "react-admin";
import { Link } from "react-router-dom";
import { useAdminAction } from "./actions";
import { adminApi, download } from "./api";
import { labelChoices, MoneyField } from "./fields";

/** The current invoice period and the eleven before it, newest first ("2026-11" …). */
function recentPeriods(count = 12) {
  const now = new Date(Date.now() + 8 * 3_600_000);
  let y = now.getUTCFullYear();
  let m = now.getUTCMonth() + 1;
  m -= (m - 1) % 2;
  const out: Array<{ id: string; name: string }> = [];
  for (let i = 0; i < count; i++) {
    const id = `${y}-${String(m).padStart(2, "0")}`;
    out.push({ id, name: invoicePeriodLabel(id) });
    m -= 2;
    if (m < 1) {
      m += 12;
      y -= 1;
    }
  }
  return out;
}
const PERIODS = recentPeriods();

type Action = "retry" | "void" | "allowance" | "reissue" | "allowance_confirmed";
const ACTION_TITLES: Record<Action, string> = {
  retry: "重開",
  void: "作廢發票",
  allowance: "折讓",
  reissue: "重新開立",
  allowance_confirmed: "確認已折讓",
};
const ACTION_DONE: Record<Action, string> = {
  retry: "已重新送出，稍後更新結果",
  void: "已送出作廢，稍後更新結果",
  allowance: "已送出折讓，稍後更新結果",
  reissue: "已送出重新開立，稍後更新結果",
  allowance_confirmed: "已記錄折讓",
};

/** One staff action on an invoice, with its reason (and the amount or corrected carrier it needs). */
function ActionDialog({ invoice, action, onClose }: { invoice: StaffInvoice; action: Action; onClose: () => void }) {
  const act = useAdminAction();
  const [reason, setReason] = useState("");
  const [amount, setAmount] = useState("");
  const [carrier, setCarrier] = useState<"keep" | "member" | "mobile">("keep");
  const [barcode, setBarcode] = useState("");
  const [allowanceNo, setAllowanceNo] = useState("");
  const submit = async () => {
    const body: Record<string, unknown> = { reason };
    if (action === "allowance") body.amount = Number(amount);
    if (action === "allowance_confirmed") body.allowance_no = allowanceNo;
    if (action === "retry" && carrier === "member") body.invoice = { type: "member" };
    if (action === "retry" && carrier === "mobile") body.invoice = { type: "mobile", carrier: barcode };
    if (await act(`/invoices/${invoice.id}/${action}`, body, ACTION_DONE[action])) onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{`${ACTION_TITLES[action]}｜訂單 ${invoice.order_no}`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {invoice.last_error ? <Alert severity="warning">{invoice.last_error}</Alert> : null}
          {action === "allowance" ? (
            <MuiTextField
              label="折讓金額（NT$）"
              type="number"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              helperText={`發票 ${formatMoney(invoice.amount)}，已折讓 ${formatMoney(invoice.allowance_total)}`}
            />
          ) : null}
          {action === "allowance_confirmed" ? (
            <MuiTextField
              label="綠界折讓單號（16 碼）"
              value={allowanceNo}
              onChange={(e) => setAllowanceNo(e.target.value.trim())}
              inputProps={{ inputMode: "numeric", maxLength: 16 }}
            />
          ) : null}
          {action === "retry" && invoice.status === "pending" ? (
            <>
              <MuiTextField
                select
                label="發票載具"
                value={carrier}
                onChange={(e) => setCarrier(e.target.value as typeof carrier)}
              >
                <MenuItem value="keep">{`不變更（${invoice.buyer}）`}</MenuItem>
                <MenuItem value="member">改為會員載具</MenuItem>
                <MenuItem value="mobile">改為其他手機條碼</MenuItem>
              </MuiTextField>
              {carrier === "mobile" ? (
                <MuiTextField label="手機條碼" value={barcode} onChange={(e) => setBarcode(e.target.value.toUpperCase())} />
              ) : null}
            </>
          ) : null}
          <MuiTextField
            label={action === "void" ? "作廢原因（20 字內）" : "原因"}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            inputProps={{ maxLength: action === "void" ? 20 : 60 }}
            required
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" color={action === "void" ? "error" : "primary"} onClick={() => void submit()}>
          {ACTION_TITLES[action]}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function InvoiceActions() {
  const r = useRecordContext<StaffInvoice>();
  const { permissions } = usePermissions<string[]>();
  const [open, setOpen] = useState<Action | null>(null);
  if (!r || !permissions?.includes("orders.write")) return null;
  const buttons: Array<[Action, boolean]> = [
    ["retry", r.can_retry],
    ["void", r.can_void],
    ["allowance", r.can_allow],
    ["reissue", r.can_reissue],
    ["allowance_confirmed", r.can_confirm_allowance],
  ];
  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
      {buttons
        .filter(([, allowed]) => allowed)
        .map(([action]) => (
          <Button
            key={action}
            size="small"
            variant={action === "retry" ? "contained" : "outlined"}
            onClick={() => setOpen(action)}
          >
            {ACTION_TITLES[action]}
          </Button>
        ))}
      {open ? <ActionDialog invoice={r} action={open} onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
}

function ExportCsv() {
  const { filterValues } = useListContext();
  const notify = useNotify();
  const period = String(filterValues.period ?? "");
  return (
    <Button
      disabled={!period}
      title={period ? "" : "請先選擇期別"}
      onClick={() =>
        download(`/invoices.csv?period=${period}`, `einvoices-${period}.csv`).catch((e: Error) =>
          notify(e.message, { type: "error" }),
        )
      }
    >
      匯出本期 CSV
    </Button>
  );
}

/** A cell that keeps to one line (numbers, dates, a status). */
const Nowrap = ({ children }: { children: React.ReactNode }) => <span style={{ whiteSpace: "nowrap" }}>{children}</span>;

function OrderLink() {
  const r = useRecordContext<StaffInvoice>();
  const basename = useBasename();
  return r ? <Link to={`${basename}/orders/${r.order_no}/show`}>{r.order_no}</Link> : null;
}

/** 電子發票: each period's invoices and allowances, and the ones waiting for staff (decision 57). */
export const InvoiceList = () => (
  <List
    exporter={false}
    filterDefaultValues={{ period: PERIODS[0]?.id }}
    filters={[
      <SearchInput key="q" source="q" alwaysOn placeholder="訂單編號或發票號碼" />,
      <SelectInput key="period" source="period" label="期別" choices={PERIODS} alwaysOn />,
      <SelectInput key="status" source="status" label="狀態" choices={labelChoices(E_INVOICE_STATUS_LABELS)} alwaysOn />,
      <SelectInput key="attention" source="attention" label="待處理" choices={[{ id: "1", name: "待人工處理" }]} alwaysOn />,
    ]}
    actions={
      <TopToolbar>
        <ExportCsv />
      </TopToolbar>
    }
  >
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <FunctionField
        label="發票號碼"
        render={(r: StaffInvoice) => <Nowrap>{r.invoice_no ? formatInvoiceNo(r.invoice_no) : "—"}</Nowrap>}
      />
      <FunctionField
        label="開立時間"
        render={(r: StaffInvoice) => <Nowrap>{r.invoice_date ? formatDateTime(r.invoice_date) : "—"}</Nowrap>}
      />
      <FunctionField label="狀態" render={(r: StaffInvoice) => <Nowrap>{r.status_label}</Nowrap>} />
      <FunctionField label="訂單" render={() => <OrderLink />} />
      <FunctionField label="買方" render={(r: StaffInvoice) => r.buyer} />
      <MoneyField source="amount" label="金額" />
      <MoneyField source="allowance_total" label="已折讓" />
      <FunctionField
        label="待處理"
        render={(r: StaffInvoice) => (
          <span style={{ color: r.parked ? "#b91c1c" : undefined }} data-testid="invoice-waiting">
            {[r.waiting, r.last_error].filter(Boolean).join("｜") || "—"}
          </span>
        )}
      />
      <InvoiceActions />
    </Datagrid>
  </List>
);

/** The e-invoice line of an order's page: number, status, random code, allowances, and a link to it. */
export function OrderInvoicePanel({ invoice, orderNo }: { invoice: EInvoiceView | null; orderNo: string }) {
  const basename = useBasename();
  if (!invoice) return <Typography variant="body2">尚未開立</Typography>;
  const q = encodeURIComponent(JSON.stringify({ q: orderNo }));
  return (
    <Typography variant="body2" data-testid="admin-order-einvoice">
      {invoice.invoice_no
        ? `${formatInvoiceNo(invoice.invoice_no)}｜${invoice.status_label}｜${formatDateTime(invoice.invoice_date ?? "")}｜隨機碼 ${invoice.random_number ?? ""}`
        : invoice.status_label}
      {invoice.allowance_total > 0 ? `｜已折讓 ${formatMoney(invoice.allowance_total)}` : ""}{" "}
      <Link to={`${basename}/invoices?filter=${q}`}>查看發票</Link>
    </Typography>
  );
}

const ENVIRONMENTS: Record<InvoiceSettings["environment"], string> = {
  simulator: "測試模式（內建模擬器，不會開立真實發票）",
  stage: "綠界測試環境",
  production: "綠界正式環境",
  off: "未啟用：本商店的發票於他處開立（CHANNEL_EINVOICE=off），結帳不詢問發票，也不會開立",
};

/** When invoices are issued, and which ECPay merchant they go to (the keys live in the server's environment). */
export function InvoiceSettingsPage() {
  const notify = useNotify();
  const { permissions } = usePermissions<string[]>();
  const [s, setS] = useState<InvoiceSettings | null>(null);
  useEffect(() => {
    adminApi<InvoiceSettings>("/invoice_settings")
      .then(setS)
      .catch((e: Error) => notify(e.message, { type: "error" }));
  }, [notify]);
  if (!s) return null;
  if (s.environment === "off")
    return (
      <Card sx={{ mt: 2, maxWidth: 560 }}>
        <Title title="電子發票設定" />
        <CardContent>
          <Typography data-testid="einvoice-merchant">{ENVIRONMENTS.off}</Typography>
        </CardContent>
      </Card>
    );
  const canSave = permissions?.includes("settings.write");
  const save = async () => {
    try {
      setS(await adminApi<InvoiceSettings>("/invoice_settings", { method: "PUT", body: { issue_on: s.issue_on } }));
      notify("電子發票設定已儲存", { type: "success" });
    } catch (e) {
      notify((e as Error).message, { type: "error" });
    }
  };
  const test = async () => {
    try {
      const r = await adminApi<{ ok: boolean; message: string }>("/invoice_settings/test", { method: "POST", body: {} });
      notify(r.message, { type: r.ok ? "success" : "error" });
    } catch (e) {
      notify((e as Error).message, { type: "error" });
    }
  };
  return (
    <Card sx={{ mt: 2, maxWidth: 560 }}>
      <Title title="電子發票設定" />
      <CardContent>
        <Stack spacing={2}>
          <MuiTextField
            select
            label="開立時機"
            value={s.issue_on}
            onChange={(e) => setS({ ...s, issue_on: e.target.value as InvoiceSettings["issue_on"] })}
            helperText="貨到付款一律於送達（收款）時開立；雲端庫存訂單於付款時開立"
            disabled={!canSave}
          >
            <MenuItem value="paid">付款完成時</MenuItem>
            <MenuItem value="shipped">出貨時</MenuItem>
          </MuiTextField>
          <Typography variant="subtitle2">綠界電子發票商店</Typography>
          <Typography data-testid="einvoice-merchant">{`商店代號 ${s.merchant_id}｜${ENVIRONMENTS[s.environment]}`}</Typography>
          <Typography variant="body2" color="text.secondary">
            商店代號、HashKey 與 HashIV 由伺服器環境變數設定（ECPAY_INVOICE_MERCHANT_ID
            等），不存於資料庫；正式環境未設定（且未關閉電子發票）時伺服器不會啟動。
          </Typography>
          {canSave ? (
            <Stack direction="row" spacing={1}>
              <Button variant="contained" onClick={() => void save()}>
                儲存電子發票設定
              </Button>
              <Button variant="outlined" onClick={() => void test()}>
                測試連線
              </Button>
            </Stack>
          ) : (
            <Typography variant="body2" color="text.secondary">
              只有擁有者與營運人員可以變更電子發票設定。
            </Typography>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
