import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import {
  Button,
  Card,
  CardContent,
  FormControlLabel,
  IconButton,
  TextField as MuiTextField,
  Stack,
  Switch,
  Typography,
} from "@mui/material";
import type { PaymentSettings, ShopPaymentSettings } from "@shop/contract/admin";
import { useEffect, useState } from "react";
import { Title, useNotify, usePermissions, useRecordContext } from "react-admin";
import { adminApi } from "./api";

// Payment settings (decision 88): the main mall's methods in checkout's order with the shop's note
// of each fee, the card's instalments and the transfer account; a sub-mall's own switches and
// instalments. Only the owner saves (payments.write); the server checks every field.

type Instalment = PaymentSettings["instalments"][number];
/** How staff know the report-it-yourself transfer apart from the virtual account. */
const label = (m: { method: string; label: string }) => (m.method === "transfer" ? "銀行轉帳（回報末五碼）" : m.label);
const NOT_PROVIDED = "未設定 TapPay 商店代號，無法開放";

/** Each instalment count on or off with its least amount. */
function InstalmentsEditor(props: { value: Instalment[]; disabled?: boolean; onChange: (v: Instalment[]) => void }) {
  const set = (count: number, change: Partial<Instalment>) =>
    props.onChange(props.value.map((i) => (i.count === count ? { ...i, ...change } : i)));
  return (
    <Stack spacing={1}>
      {props.value.map((i) => (
        <Stack key={i.count} direction="row" spacing={2} alignItems="center">
          <FormControlLabel
            sx={{ minWidth: 120 }}
            control={
              <Switch
                checked={i.on}
                disabled={props.disabled}
                onChange={(e) => set(i.count, { on: e.target.checked })}
                inputProps={{ "aria-label": `${i.count} 期` }}
              />
            }
            label={`${i.count} 期`}
          />
          <MuiTextField
            size="small"
            type="number"
            label="訂單金額滿（NT$）"
            value={i.min}
            disabled={props.disabled || !i.on}
            slotProps={{ htmlInput: { min: 0, step: 1 } }}
            onChange={(e) => set(i.count, { min: Math.max(0, Math.trunc(Number(e.target.value) || 0)) })}
          />
        </Stack>
      ))}
    </Stack>
  );
}

function SaveOrNote({ canSave, onSave, text }: { canSave: boolean | undefined; onSave: () => void; text: string }) {
  return canSave ? (
    <Button variant="contained" onClick={onSave}>
      {text}
    </Button>
  ) : (
    <Typography variant="body2" color="text.secondary">
      只有擁有者可以變更付款設定。
    </Typography>
  );
}

/** The main mall: which methods checkout offers, in what order, their fee notes, instalments and the transfer account. */
export function PaymentSettingsPage() {
  const notify = useNotify();
  const { permissions } = usePermissions<string[]>();
  const [s, setS] = useState<PaymentSettings | null>(null);
  useEffect(() => {
    adminApi<PaymentSettings>("/payment_settings")
      .then(setS)
      .catch((e: Error) => notify(e.message, { type: "error" }));
  }, [notify]);
  if (!s) return null;
  const canSave = permissions?.includes("payments.write");
  const setMethod = (i: number, change: Partial<PaymentSettings["methods"][number]>) =>
    setS({ ...s, methods: s.methods.map((m, j) => (j === i ? { ...m, ...change } : m)) });
  const move = (i: number, by: -1 | 1) => {
    const methods = [...s.methods];
    const [m] = methods.splice(i, 1);
    if (m) methods.splice(i + by, 0, m);
    setS({ ...s, methods });
  };
  const card = s.methods.find((m) => m.method === "card");
  const save = async () => {
    try {
      const body = {
        methods: s.methods.map((m) => ({ method: m.method, on: m.on, fee: m.fee })),
        instalments: s.instalments,
        transfer_bank_code: s.transfer_bank_code,
        transfer_account: s.transfer_account,
        transfer_holder: s.transfer_holder,
      };
      setS(await adminApi<PaymentSettings>("/payment_settings", { method: "PUT", body }));
      notify("付款設定已儲存", { type: "success" });
    } catch (e) {
      notify((e as Error).message, { type: "error" });
    }
  };
  return (
    <Card sx={{ mt: 2, maxWidth: 760 }}>
      <Title title="付款設定" />
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="subtitle2">付款方式（結帳頁依此順序顯示；手續費為金流商向本店收取的費用，僅供備註）</Typography>
          {s.methods.map((m, i) => (
            <Stack key={m.method} direction="row" spacing={1} alignItems="center" data-method={m.method}>
              <IconButton size="small" aria-label={`${label(m)} 上移`} disabled={i === 0} onClick={() => move(i, -1)}>
                <ArrowUpwardIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={`${label(m)} 下移`}
                disabled={i === s.methods.length - 1}
                onClick={() => move(i, 1)}
              >
                <ArrowDownwardIcon fontSize="small" />
              </IconButton>
              <FormControlLabel
                sx={{ flex: 1 }}
                control={
                  <Switch
                    checked={m.on && m.provided}
                    disabled={!m.provided}
                    onChange={(e) => setMethod(i, { on: e.target.checked })}
                  />
                }
                label={
                  <Stack>
                    <span>{label(m)}</span>
                    {m.provided ? null : (
                      <Typography variant="caption" color="text.secondary">
                        {NOT_PROVIDED}
                      </Typography>
                    )}
                  </Stack>
                }
              />
              <MuiTextField
                size="small"
                label="手續費"
                placeholder="例：2.75% 或 NT$10/筆"
                value={m.fee}
                sx={{ width: 200 }}
                slotProps={{ htmlInput: { maxLength: 30 } }}
                onChange={(e) => setMethod(i, { fee: e.target.value })}
              />
            </Stack>
          ))}
          <Typography variant="subtitle2">信用卡分期（零利率；訂單金額達門檻才顯示該期數）</Typography>
          <InstalmentsEditor
            value={s.instalments}
            disabled={!card?.provided || !card.on}
            onChange={(instalments) => setS({ ...s, instalments })}
          />
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
          <SaveOrNote canSave={canSave} onSave={save} text="儲存付款設定" />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A sub-mall's own payment switches (only switching off what the main mall offers) and instalments. */
export function ShopPaymentSettingsSection() {
  const record = useRecordContext();
  const notify = useNotify();
  const { permissions } = usePermissions<string[]>();
  const [s, setS] = useState<ShopPaymentSettings | null>(null);
  const shopId = record?.id;
  useEffect(() => {
    if (!shopId || shopId === 1) return;
    adminApi<ShopPaymentSettings>(`/shops/${shopId}/payment_settings`)
      .then(setS)
      .catch((e: Error) => notify(e.message, { type: "error" }));
  }, [shopId, notify]);
  if (!shopId) return null;
  if (shopId === 1)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
        主商城的付款方式請至「付款設定」調整。
      </Typography>
    );
  if (!s) return null;
  const save = async () => {
    try {
      const body = {
        methods: s.methods.map((m) => ({ method: m.method, on: m.on })),
        own_instalments: s.own_instalments,
        instalments: s.instalments,
      };
      setS(await adminApi<ShopPaymentSettings>(`/shops/${shopId}/payment_settings`, { method: "PUT", body }));
      notify("子商城付款設定已儲存", { type: "success" });
    } catch (e) {
      notify((e as Error).message, { type: "error" });
    }
  };
  return (
    <CardContent>
      <Stack spacing={1} sx={{ maxWidth: 560 }}>
        <Typography variant="h6">此子商城的付款方式</Typography>
        <Typography variant="body2" color="text.secondary">
          只能關閉主商城已開放的付款方式；順序與手續費依主商城的付款設定。
        </Typography>
        {s.methods.map((m, i) => (
          <FormControlLabel
            key={m.method}
            control={
              <Switch
                checked={m.on && m.main_on}
                disabled={!m.main_on}
                onChange={(e) => setS({ ...s, methods: s.methods.map((x, j) => (j === i ? { ...x, on: e.target.checked } : x)) })}
              />
            }
            label={m.main_on ? label(m) : `${label(m)}（主商城未開放）`}
          />
        ))}
        <FormControlLabel
          control={<Switch checked={s.own_instalments} onChange={(e) => setS({ ...s, own_instalments: e.target.checked })} />}
          label={s.own_instalments ? "信用卡分期：使用此子商城自己的設定" : "信用卡分期：依主商城的設定"}
        />
        <InstalmentsEditor
          value={s.instalments}
          disabled={!s.own_instalments}
          onChange={(instalments) => setS({ ...s, instalments })}
        />
        <SaveOrNote canSave={permissions?.includes("payments.write")} onSave={save} text="儲存子商城付款設定" />
      </Stack>
    </CardContent>
  );
}
