import { Box, Button, Card, CardContent, TextField as MuiTextField, Stack, Typography } from "@mui/material";
import { INQUIRY_STATUS_LABELS } from "@shop/contract/admin";
import { formatDateTime } from "@shop/contract/format";
import type { AdminInquiryDetail } from "@shop/contract/responses";
import { useState } from "react";
import {
  Datagrid,
  FunctionField,
  List,
  type RaRecord,
  SelectInput,
  Show,
  TextField,
  TextInput,
  useBasename,
  usePermissions,
  useRecordContext,
} from "react-admin";
import { Link } from "react-router-dom";
import { useAdminAction } from "./actions";
import { labelChoices, TaipeiDateField } from "./fields";

const statusLabel = (s: string) => INQUIRY_STATUS_LABELS[s as keyof typeof INQUIRY_STATUS_LABELS] ?? s;

/** 客服信箱: contact-us and stranger inquiries, newest first, 待回覆 by default. */
export const InquiryList = () => (
  <List
    exporter={false}
    filterDefaultValues={{ status: "new" }}
    filters={[
      <SelectInput key="status" source="status" label="狀態" alwaysOn choices={labelChoices(INQUIRY_STATUS_LABELS)} />,
      <TextInput key="q" source="q" label="姓名／電話／Email／主旨" alwaysOn />,
    ]}
  >
    <Datagrid bulkActionButtons={false} rowClick="show">
      <TaipeiDateField source="created_at" label="時間" />
      <FunctionField label="類別" render={(r: RaRecord) => (r.kind === "stranger" ? "訪客詢問" : "聯絡我們")} />
      <TextField source="name" label="姓名" />
      <TextField source="subject" label="主旨" />
      <FunctionField label="訂單" render={(r: RaRecord) => r.order_no ?? "—"} />
      <FunctionField label="狀態" render={(r: RaRecord) => statusLabel(r.status)} />
      <TextField source="assignee_name" label="負責人" emptyText="—" />
    </Datagrid>
  </List>
);

/** Links to the order the inquiry is about and the member who sent it, when known. */
function Related({ q }: { q: AdminInquiryDetail }) {
  const base = useBasename();
  if (!q.order_no && !q.member_id) return null;
  return (
    <Stack direction="row" spacing={2} data-testid="inquiry-links">
      {q.order_no ? <Link to={`${base}/orders/${q.order_no}/show`}>{`訂單 ${q.order_no}`}</Link> : null}
      {q.member_id ? <Link to={`${base}/members/${q.member_id}/show`}>{`會員資料（#${q.member_id}）`}</Link> : null}
    </Stack>
  );
}

function Thread() {
  const q = useRecordContext<AdminInquiryDetail & RaRecord>();
  const { permissions } = usePermissions<string[]>();
  const act = useAdminAction();
  const [body, setBody] = useState("");
  if (!q) return null;
  const canWrite = permissions?.includes("inquiries.write");
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Typography variant="h6">{q.subject}</Typography>
      <Typography color="text.secondary">
        {`${q.name}｜${q.phone}｜${q.email}｜${statusLabel(q.status)}｜負責人：${q.assignee_name ?? "—"}`}
        {q.lang === "en" ? "｜英文頁面送出，請以英文回覆" : ""}
      </Typography>
      <Related q={q} />
      <Card variant="outlined">
        <CardContent>
          <Typography variant="caption" color="text.secondary">{`${q.name}｜${formatDateTime(q.created_at)}`}</Typography>
          <Typography sx={{ whiteSpace: "pre-wrap" }}>{q.message}</Typography>
        </CardContent>
      </Card>
      {/* Opened from the list, the list's row (no replies) shows until the thread arrives. */}
      {(q.replies ?? []).map((r) => (
        <Card key={r.id} variant="outlined" sx={{ ml: { md: 6 }, bgcolor: "#f4f8f1" }}>
          <CardContent>
            <Typography
              variant="caption"
              color="text.secondary"
            >{`客服 ${r.staff_name}｜${formatDateTime(r.created_at)}`}</Typography>
            <Typography sx={{ whiteSpace: "pre-wrap" }}>{r.body}</Typography>
          </CardContent>
        </Card>
      ))}
      {canWrite ? (
        <Box>
          {q.status === "closed" ? (
            <Button variant="outlined" onClick={() => act(`/inquiries/${q.id}`, { status: "new" }, "已重新開啟", "PUT")}>
              重新開啟
            </Button>
          ) : (
            <Stack spacing={1}>
              <MuiTextField
                label="回覆內容（以電子郵件寄給詢問者）"
                multiline
                minRows={4}
                value={body}
                onChange={(e) => setBody(e.target.value)}
              />
              <Stack direction="row" spacing={1}>
                <Button
                  variant="contained"
                  onClick={async () => {
                    if (await act(`/inquiries/${q.id}/reply`, { body }, "已回覆，並以電子郵件寄給詢問者")) setBody("");
                  }}
                >
                  送出回覆
                </Button>
                <Button onClick={() => act(`/inquiries/${q.id}`, { status: "closed" }, "已結案", "PUT")}>結案</Button>
              </Stack>
            </Stack>
          )}
        </Box>
      ) : null}
    </Stack>
  );
}

export const InquiryShow = () => (
  <Show title="客服信箱" actions={false}>
    <Thread />
  </Show>
);
