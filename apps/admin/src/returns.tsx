import { Button, TextField as MuiTextField, Stack } from "@mui/material";
import { RETURN_STATUS_LABELS } from "@shop/contract/returns";
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
      {r.status === "requested" ? (
        <Button size="small" variant="contained" onClick={() => go("approve", "已核准，並通知買家寄回")}>
          核准
        </Button>
      ) : null}
      {r.status === "approved" ? (
        <Button size="small" variant="contained" onClick={() => go("receive", "已確認收到退貨")}>
          收到退貨
        </Button>
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
      {r.status === "received" ? (
        <Button size="small" variant="contained" color="warning" onClick={() => go("refund", "已退款，商品已入庫")}>
          退款
        </Button>
      ) : null}
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

function OrderLink() {
  const r = useRecordContext();
  const basename = useBasename();
  return r ? <Link to={`${basename}/orders/${r.order_no}/show`}>{r.order_no}</Link> : null;
}

/** 退換貨申請: buyers' return and exchange requests within the appraisal period, 申請中 first. */
export const ReturnList = () => (
  <List
    exporter={false}
    filterDefaultValues={{ status: "requested" }}
    filters={[<SelectInput key="status" source="status" label="狀態" alwaysOn choices={labelChoices(RETURN_STATUS_LABELS)} />]}
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
      <TextField source="reship_tracking_no" label="換貨託運單號" emptyText="—" />
      <ReturnActions />
    </Datagrid>
  </List>
);
