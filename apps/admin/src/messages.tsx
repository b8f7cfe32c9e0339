import { Button, Typography } from "@mui/material";
import { MESSAGE_CHANNEL_LABELS, MESSAGE_STATUS_LABELS } from "@shop/contract/admin";
import {
  Datagrid,
  FunctionField,
  List,
  NumberField,
  type RaRecord,
  SelectInput,
  TextField,
  TextInput,
  usePermissions,
  useRecordContext,
} from "react-admin";
import { useAdminAction } from "./actions";
import { labelChoices, TaipeiDateField } from "./fields";

function RetryButton() {
  const m = useRecordContext();
  const { permissions } = usePermissions<string[]>();
  const act = useAdminAction();
  if (m?.status !== "failed" || !permissions?.includes("messages.write")) return null;
  return (
    <Button size="small" variant="outlined" onClick={() => act(`/messages/${m.id}/retry`, {}, "已重新排入發送")}>
      重送
    </Button>
  );
}

/** 通知紀錄: every e-mail, LINE and SMS the shop sent a customer, with what the provider answered. */
export const MessageList = () => (
  <List
    exporter={false}
    sort={{ field: "id", order: "DESC" }}
    filters={[
      <TextInput key="q" source="q" label="訂單編號／收件人" alwaysOn />,
      <SelectInput key="status" source="status" label="狀態" alwaysOn choices={labelChoices(MESSAGE_STATUS_LABELS)} />,
      <SelectInput key="channel" source="channel" label="管道" alwaysOn choices={labelChoices(MESSAGE_CHANNEL_LABELS)} />,
    ]}
  >
    <Datagrid bulkActionButtons={false} rowClick="expand" expand={<MessageBody />}>
      <TaipeiDateField source="created_at" label="建立時間" />
      <FunctionField
        label="管道"
        render={(r: RaRecord) => MESSAGE_CHANNEL_LABELS[r.channel as keyof typeof MESSAGE_CHANNEL_LABELS]}
      />
      <TextField source="recipient" label="收件人" />
      <TextField source="subject" label="主旨" />
      <FunctionField
        label="狀態"
        render={(r: RaRecord) => MESSAGE_STATUS_LABELS[r.status as keyof typeof MESSAGE_STATUS_LABELS]}
      />
      <NumberField source="attempts" label="嘗試次數" />
      <TextField source="provider_answer" label="服務商回應" />
      <RetryButton />
    </Datagrid>
  </List>
);

function MessageBody() {
  const m = useRecordContext();
  return (
    <Typography component="pre" sx={{ whiteSpace: "pre-wrap", fontFamily: "inherit", m: 0 }}>
      {m?.body}
    </Typography>
  );
}

/** 測試信箱 (測試模式): what the shop's own SMTP server received, so staff see exactly what customers would. */
export const MailboxList = () => (
  <List exporter={false} filters={[<TextInput key="q" source="q" label="收件人／主旨" alwaysOn />]} title="測試信箱（測試模式）">
    <Datagrid bulkActionButtons={false} rowClick="expand" expand={<MailText />}>
      <TaipeiDateField source="received_at" label="收到時間" />
      <TextField source="to" label="收件人" />
      <TextField source="subject" label="主旨" />
    </Datagrid>
  </List>
);

function MailText() {
  const m = useRecordContext();
  return (
    <Typography component="pre" sx={{ whiteSpace: "pre-wrap", fontFamily: "inherit", m: 0 }}>
      {m?.text}
    </Typography>
  );
}
