import { Button, TextField as MuiTextField, Stack } from "@mui/material";
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
import { useAdminAction } from "./actions";
import { useChannels } from "./channels";
import { MoneyField, TaipeiDateField } from "./fields";

function TakeoutActions() {
  const t = useRecordContext();
  const { permissions } = usePermissions<string[]>();
  const act = useAdminAction();
  const [tracking, setTracking] = useState("");
  const basename = useBasename();
  const channels = useChannels();
  if (!t || !permissions?.includes("orders.write")) return null;
  // HCT switched off (decision 74): pick-ups ship with the number staff type in, no label here.
  const hctOn = channels !== null && channels.hct !== "off";
  const label = !hctOn ? null : (
    <Button size="small" variant="outlined" href={`${basename}/hct_label/takeouts/${t.id}`} target="_blank">
      列印標籤
    </Button>
  );
  if (t.status === "requested")
    return (
      <Stack direction="row" spacing={1} alignItems="center">
        {hctOn ? (
          <Button
            size="small"
            variant="contained"
            onClick={() => act(`/takeouts/${t.id}/hct_shipment`, {}, "已建立新竹物流託運單並出貨，並通知會員")}
          >
            建立託運單並出貨
          </Button>
        ) : null}
        <MuiTextField size="small" label="新竹物流單號" value={tracking} onChange={(e) => setTracking(e.target.value)} />
        <Button
          size="small"
          variant="contained"
          onClick={() => act(`/takeouts/${t.id}/ship`, { tracking_no: tracking }, "已出貨，並通知會員")}
        >
          出貨
        </Button>
      </Stack>
    );
  if (t.status === "shipped")
    return (
      <Stack direction="row" spacing={1} alignItems="center">
        {label}
        <Button size="small" variant="outlined" onClick={() => act(`/takeouts/${t.id}/deliver`, {}, "已標記送達")}>
          標記送達
        </Button>
      </Stack>
    );
  return label;
}

/** 雲端提貨: members' pick-up requests from their cloud depot, shipped by HCT. */
export const TakeoutList = () => (
  <List
    exporter={false}
    filterDefaultValues={{ status: "requested" }}
    filters={[
      <SelectInput
        key="status"
        source="status"
        label="狀態"
        alwaysOn
        choices={[
          { id: "requested", name: "待出貨" },
          { id: "shipped", name: "已出貨" },
          { id: "delivered", name: "已送達" },
        ]}
      />,
    ]}
  >
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <NumberField source="id" label="編號" />
      <TaipeiDateField source="created_at" label="申請時間" />
      <NumberField source="member_id" label="會員編號" />
      <FunctionField
        label="品項"
        render={(r: RaRecord) => (r.items as Array<{ name: string; qty: number }>).map((i) => `${i.name} × ${i.qty}`).join("、")}
      />
      <TextField source="address" label="收件資料" />
      <MoneyField source="fee" label="運費" />
      <TextField source="status_label" label="狀態" />
      <TextField source="tracking_no" label="物流單號" emptyText="—" />
      <TakeoutActions />
    </Datagrid>
  </List>
);
