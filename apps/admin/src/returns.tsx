import { Button, TextField as MuiTextField, Stack } from "@mui/material";
import { formatMoney } from "@shop/contract/format";
import { RETURN_DISPOSITIONS, RETURN_STATUS_LABELS, type ReturnDisposition } from "@shop/contract/returns";
import { useState } from "react";
import {
  Datagrid,
  FunctionField,
  List,
  NumberField,
  type RaRecord,
  SelectInput,
  TextField,
  useBasename,
  usePermissions,
  useRecordContext,
} from "react-admin";
import { Link } from "react-router-dom";
import { useAdminAction } from "./actions";
import { labelChoices, TaipeiDateField } from "./fields";
import { useRefundAmount } from "./refund-amount";
import { ApproveByCarrier, ReturnParcel } from "./return-carrier";

function ReturnActions() {
  const r = useRecordContext();
  const { permissions } = usePermissions<string[]>();
  const act = useAdminAction();
  const [reason, setReason] = useState("");
  const [tracking, setTracking] = useState("");
  if (!r || !permissions?.includes("orders.write")) return null;
  const go = (step: string, done: string, body: unknown = {}) => act(`/returns/${r.id}/${step}`, body, done);
  return (
    <Stack direction="row" spacing={1} alignItems="center" onClick={(e) => e.stopPropagation()}>
      {r.status === "requested" ? <ApproveByCarrier /> : null}
      {r.status === "approved" ? (
        <>
          <ReturnParcel />
          <Button
            size="small"
            variant="contained"
            onClick={() => go("receive", "已確認收到退貨，商品將回庫存", { disposition: "restock" })}
          >
            收到，回庫存
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="warning"
            onClick={() => go("receive", "已確認收到退貨，商品列為瑕疵品", { disposition: "write_off" })}
          >
            收到，列為瑕疵品
          </Button>
        </>
      ) : null}
      {r.status === "received" && r.kind === "exchange" ? (
        <>
          <MuiTextField
            size="small"
            label="換貨託運單號"
            value={tracking}
            onChange={(e) => setTracking(e.target.value)}
            sx={{ minWidth: 150 }}
          />
          <Button
            size="small"
            variant="contained"
            onClick={() => go("reship", "已寄出換貨商品，並通知買家", { tracking_no: tracking })}
          >
            寄出換貨
          </Button>
        </>
      ) : null}
      {r.status === "received" ? <RefundForm /> : null}
      {r.status === "requested" || r.status === "approved" ? (
        <>
          <MuiTextField size="small" label="退回原因" value={reason} onChange={(e) => setReason(e.target.value)} />
          <Button size="small" color="error" onClick={() => go("reject", "已退回申請，並通知買家", { reason })}>
            退回
          </Button>
        </>
      ) : null}
    </Stack>
  );
}

/**
 * 退款: the refundable value of the received units is shown and is the default; staff may give
 * back less (a whole NT$ amount), never more — the server checks it again under the order's lock.
 */
function RefundForm() {
  const r = useRecordContext();
  const act = useAdminAction();
  const refundable = typeof r?.refundable === "number" ? r.refundable : null;
  const { field, amount, bad } = useRefundAmount(
    refundable,
    r?.disposition === "write_off" ? "商品列為瑕疵品" : "商品回庫存",
    190,
  );
  if (!r) return null;
  const done = r.disposition === "write_off" ? "已退款，商品列為瑕疵品，不回庫存" : "已退款，商品已回庫存";
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      {field}
      <Button
        size="small"
        variant="contained"
        color="warning"
        disabled={bad}
        onClick={() => void act(`/returns/${r.id}/refund`, { amount }, done)}
      >
        {`退款 ${bad ? "" : formatMoney(amount)}`}
      </Button>
    </Stack>
  );
}

function OrderLink() {
  const r = useRecordContext();
  const basename = useBasename();
  return r ? <Link to={`${basename}/orders/${r.order_no}/show`}>{r.order_no}</Link> : null;
}

/** The list's views: 處理中 (every step until it closes, so a row stays after each action), 已結案, or one state. */
const STATUS_CHOICES = [{ id: "open", name: "處理中" }, { id: "closed", name: "已結案" }, ...labelChoices(RETURN_STATUS_LABELS)];

/** 退換貨申請: buyers' return and exchange requests within the appraisal period, those in hand first. */
export const ReturnList = () => (
  <List
    exporter={false}
    filterDefaultValues={{ status: "open" }}
    filters={[<SelectInput key="status" source="status" label="狀態" alwaysOn choices={STATUS_CHOICES} />]}
  >
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <NumberField source="id" label="編號" />
      <TaipeiDateField source="created_at" label="申請時間" />
      <TextField source="kind_label" label="類型" />
      <FunctionField label="訂單" render={() => <OrderLink />} />
      <FunctionField
        label="品項"
        render={(r: RaRecord) => (r.items as Array<{ name: string; qty: number }>).map((i) => `${i.name} × ${i.qty}`).join("、")}
      />
      <TextField source="reason_label" label="原因" />
      <TextField source="note" label="買家說明" />
      <TextField source="status_label" label="狀態" />
      <TextField source="staff_note" label="處理說明" emptyText="—" />
      <FunctionField
        label="處理方式"
        render={(r: RaRecord) => (r.disposition ? RETURN_DISPOSITIONS[r.disposition as ReturnDisposition] : "—")}
      />
      <FunctionField
        label="退款帳戶"
        render={(r: RaRecord) => {
          const a = r.refund_account as { holder: string; bank: string; account: string } | null;
          return a ? `${a.bank} ${a.account}（${a.holder}）` : "原付款方式";
        }}
      />
      <FunctionField
        label="退款金額"
        render={(r: RaRecord) => (typeof r.refund_amount === "number" ? formatMoney(r.refund_amount) : "—")}
      />
      <TextField source="reship_tracking_no" label="換貨託運單號" emptyText="—" />
      <ReturnActions />
    </Datagrid>
  </List>
);
