import { Button, Card, CardContent, FormControlLabel, TextField as MuiTextField, Stack, Switch, Typography } from "@mui/material";
import type { PaymentSettings } from "@shop/contract/admin";
import { useEffect, useState } from "react";
import {
  BooleanField,
  BooleanInput,
  Datagrid,
  Edit,
  List,
  NumberField,
  NumberInput,
  required,
  SimpleForm,
  TextField,
  TextInput,
  Title,
  useNotify,
  usePermissions,
} from "react-admin";
import { adminApi } from "./api";
import { useChannels } from "./channels";
import { MoneyField } from "./fields";

export const ShipMethodList = () => (
  <List exporter={false} pagination={false} perPage={100}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <NumberField source="shop_id" label="商城" />
      <TextField source="name" label="配送方式" />
      <MoneyField source="fee" label="運費" />
      <MoneyField source="free_threshold" label="免運門檻" />
      <BooleanField source="enabled" label="開放" />
      <NumberField source="sort" label="排序" />
    </Datagrid>
  </List>
);
export const ShipMethodEdit = () => (
  <Edit mutationMode="pessimistic" title="編輯配送方式">
    <SimpleForm>
      <TextInput source="name" label="名稱" validate={required("請輸入名稱")} />
      <NumberInput source="fee" label="運費（NT$）" min={0} validate={required("請輸入運費")} />
      <NumberInput source="free_threshold" label="免運門檻（NT$，留空為不免運）" min={0} />
      <BooleanInput source="enabled" label="開放" />
      <NumberInput source="sort" label="排序" />
    </SimpleForm>
  </Edit>
);

const SWITCHES = [
  ["pay_card", "信用卡"],
  ["pay_transfer", "銀行轉帳"],
  ["pay_cod", "貨到付款"],
] as const;

/** Which payment methods checkout offers and the account transfers go to; only the owner may save. */
export function PaymentSettingsPage() {
  const notify = useNotify();
  const { permissions } = usePermissions<string[]>();
  const [s, setS] = useState<PaymentSettings | null>(null);
  const channels = useChannels();
  useEffect(() => {
    adminApi<PaymentSettings>("/payment_settings")
      .then(setS)
      .catch((e: Error) => notify(e.message, { type: "error" }));
  }, [notify]);
  if (!s) return null;
  const canSave = permissions?.includes("payments.write");
  const save = async () => {
    try {
      // The answer's record id and bank name are not inputs (the body is checked strictly).
      const { id: _id, transfer_bank_name: _name, ...body } = s;
      setS(await adminApi<PaymentSettings>("/payment_settings", { method: "PUT", body }));
      notify("付款設定已儲存", { type: "success" });
    } catch (e) {
      notify((e as Error).message, { type: "error" });
    }
  };
  return (
    <Card sx={{ mt: 2, maxWidth: 560 }}>
      <Title title="付款設定" />
      <CardContent>
        <Stack spacing={2}>
          {SWITCHES.map(([key, label]) => {
            // Card payments switched off for the whole shop (CHANNEL_CARD=off, decision 74) are never offered.
            const off = key === "pay_card" && channels?.card === "off";
            return (
              <FormControlLabel
                key={key}
                control={
                  <Switch checked={s[key] && !off} disabled={off} onChange={(e) => setS({ ...s, [key]: e.target.checked })} />
                }
                label={off ? `${label}（伺服器未啟用信用卡金流）` : label}
              />
            );
          })}
          <Typography variant="subtitle2">轉帳收款帳戶</Typography>
          <MuiTextField
            label="銀行代碼"
            value={s.transfer_bank_code}
            helperText={s.transfer_bank_name}
            onChange={(e) => setS({ ...s, transfer_bank_code: e.target.value.trim() })}
          />
          <MuiTextField
            label="帳號"
            value={s.transfer_account}
            onChange={(e) => setS({ ...s, transfer_account: e.target.value.trim() })}
          />
          <MuiTextField
            label="戶名"
            value={s.transfer_holder}
            onChange={(e) => setS({ ...s, transfer_holder: e.target.value })}
          />
          {canSave ? (
            <Button variant="contained" onClick={save}>
              儲存付款設定
            </Button>
          ) : (
            <Typography variant="body2" color="text.secondary">
              只有擁有者可以變更付款設定。
            </Typography>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
