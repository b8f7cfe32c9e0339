import { Alert, Box, Button, Card, CardContent, Stack, Typography } from "@mui/material";
import { TEMPLATE_FIELDS } from "@shop/contract/admin";
import { useEffect, useState } from "react";
import {
  Datagrid,
  Edit,
  FunctionField,
  List,
  required,
  SaveButton,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
} from "react-admin";
import { useWatch } from "react-hook-form";
import { adminApi } from "./api";

/** 通知範本: the wording of each order message a customer receives by LINE, e-mail and SMS. */
export function MessageTemplateList() {
  const { permissions } = usePermissions<string[]>();
  return (
    <List exporter={false} pagination={false} title="通知範本">
      <Datagrid rowClick={permissions?.includes("settings.write") ? "edit" : false} bulkActionButtons={false}>
        <TextField source="label" label="事件" sortable={false} />
        <TextField source="subject" label="標題" sortable={false} />
        <FunctionField label="狀態" render={(t: { custom: boolean }) => (t.custom ? "已自訂" : "預設")} />
      </Datagrid>
    </List>
  );
}

/** What the template says for a sample order, refreshed as staff type; an unknown field shows its refusal. */
function Preview() {
  const subject = useWatch({ name: "subject" }) as string | undefined;
  const body = useWatch({ name: "body" }) as string | undefined;
  const [shown, setShown] = useState<{ subject: string; body: string } | { error: string } | null>(null);
  useEffect(() => {
    if (!subject?.trim() || !body?.trim()) return;
    const timer = setTimeout(() => {
      adminApi<{ subject: string; body: string }>("/message_templates/preview", { body: { subject, body } }).then(
        (p) => setShown(p),
        (e: Error) => setShown({ error: e.message }),
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [subject, body]);
  if (!shown) return null;
  return (
    <Card variant="outlined" sx={{ width: "100%", mt: 1 }} data-testid="template-preview">
      <CardContent>
        <Typography variant="subtitle2" gutterBottom>
          預覽（範例訂單）
        </Typography>
        {"error" in shown ? (
          <Alert severity="error">{shown.error}</Alert>
        ) : (
          <>
            <Typography fontWeight="bold">{shown.subject}</Typography>
            <Typography sx={{ whiteSpace: "pre-wrap" }}>{shown.body}</Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ResetButton() {
  const t = useRecordContext<{ id: string; custom: boolean }>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!t?.custom) return null;
  return (
    <Button
      color="warning"
      onClick={() =>
        adminApi(`/message_templates/${t.id}`, { method: "DELETE" }).then(
          () => {
            notify("已還原預設範本", { type: "success" });
            refresh();
          },
          (e: Error) => notify(e.message, { type: "error" }),
        )
      }
    >
      還原預設
    </Button>
  );
}

export const MessageTemplateEdit = () => (
  <Edit mutationMode="pessimistic" title="通知範本" redirect="list">
    <SimpleForm
      toolbar={
        <Toolbar>
          <SaveButton />
          <Box sx={{ ml: 2 }}>
            <ResetButton />
          </Box>
        </Toolbar>
      }
    >
      <TextField source="label" label="事件" />
      <TextInput source="subject" label="標題" validate={required()} fullWidth />
      <TextInput source="body" label="內容" validate={required()} multiline minRows={4} fullWidth />
      <Stack spacing={0.5}>
        <Typography variant="subtitle2">可用的代入欄位</Typography>
        {Object.entries(TEMPLATE_FIELDS).map(([field, meaning]) => (
          <Typography key={field} variant="body2">
            <code>{`{${field}}`}</code>　{meaning}
          </Typography>
        ))}
      </Stack>
      <Preview />
    </SimpleForm>
  </Edit>
);
