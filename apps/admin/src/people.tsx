import {
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  TextField as MuiTextField,
  Stack,
  type Theme,
  Typography,
  useMediaQuery,
} from "@mui/material";
import { ROLE_LABELS, SETTING_KEYS, STAFF_ROLES, type StaffRole } from "@shop/contract/admin";
import { formatDateTime, formatMoney } from "@shop/contract/format";
import type { MemberDetail } from "@shop/contract/responses";
import { useEffect, useState } from "react";
import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  Edit,
  FunctionField,
  List,
  PasswordInput,
  type RaRecord,
  required,
  SaveButton,
  SearchInput,
  SelectField,
  SelectInput,
  Show,
  SimpleForm,
  SimpleList,
  TextField,
  TextInput,
  Title,
  Toolbar,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
} from "react-admin";
import { useAdminAction } from "./actions";
import { adminApi } from "./api";
import { TaipeiDateField } from "./fields";
import { MemberCare } from "./member-care";
import { MemberErasure } from "./member-erasure";
import { StaffSecurity } from "./sessions";
import { SignInLock } from "./sign-in-lock";
import { MemberTierCard } from "./tiers";

const ROLE_CHOICES = STAFF_ROLES.map((id) => ({ id, name: ROLE_LABELS[id] }));

export const MemberList = () => (
  <List
    filters={[<SearchInput key="q" source="q" alwaysOn placeholder="手機、姓名、Email、推薦碼或會員編號" />]}
    exporter={false}
  >
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="id" label="編號" />
      <TextField source="name" label="姓名" />
      <TextField source="phone" label="手機" />
      <TextField source="email" label="Email" />
      <TextField source="refcode" label="推薦碼" />
      <TextField source="shop_id" label="商城" />
      <TaipeiDateField source="created_at" label="加入時間" />
    </Datagrid>
  </List>
);

/** Gives the member a copy of a coupon, valid for the days chosen. */
function IssueCoupon({ memberId }: { memberId: number }) {
  const act = useAdminAction();
  const [coupons, setCoupons] = useState<Array<{ id: number; title: string; rule_text: string }>>([]);
  const [couponId, setCouponId] = useState("");
  const [days, setDays] = useState("30");
  useEffect(() => {
    adminApi<{ items: Array<{ id: number; title: string; rule_text: string }> }>("/coupons?per_page=100")
      .then((r) => setCoupons(r.items))
      .catch(() => setCoupons([]));
  }, []);
  return (
    <Card variant="outlined" sx={{ my: 2 }}>
      <CardContent>
        <Typography variant="subtitle1">發送優惠券</Typography>
        <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap sx={{ mt: 1 }}>
          <MuiTextField
            select
            size="small"
            label="優惠券"
            value={couponId}
            onChange={(e) => setCouponId(e.target.value)}
            sx={{ minWidth: 240 }}
          >
            {coupons.map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>{`${c.title}（${c.rule_text}）`}</MenuItem>
            ))}
          </MuiTextField>
          <MuiTextField size="small" label="有效天數" value={days} onChange={(e) => setDays(e.target.value)} />
          <Button
            variant="contained"
            onClick={() =>
              act(`/members/${memberId}/coupons`, { coupon_id: Number(couponId), days: Number(days) }, "優惠券已發送")
            }
          >
            發送
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function MemberBody() {
  const m = useRecordContext<MemberDetail>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions } = usePermissions<string[]>();
  const [kind, setKind] = useState<"points" | "wallet">("points");
  const [delta, setDelta] = useState("");
  const [reason, setReason] = useState("");
  // The list row stands in while the full record loads: wait for it.
  if (!m?.points_ledger) return null;
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5">{m.status === "closed" ? `${m.name}（#${m.id}）` : `${m.name}（${m.phone}）`}</Typography>
      <Typography>{`推薦碼 ${m.status === "closed" ? "—" : m.refcode}｜商城 ${m.shop_id}｜推薦人數 ${m.referrals}｜綁定：${m.bindings.join("、") || "無"}`}</Typography>
      <Typography
        sx={{ my: 1 }}
        data-testid="member-balances"
      >{`點數 ${m.points.toLocaleString("zh-TW")}｜錢包 ${formatMoney(m.wallet)}`}</Typography>
      <MemberTierCard memberId={m.id} />
      {permissions?.includes("members.adjust") && m.status !== "closed" ? (
        <Card variant="outlined" sx={{ my: 2 }}>
          <CardContent>
            <Typography variant="subtitle1">調整點數或錢包（記入明細，需填原因）</Typography>
            <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap sx={{ mt: 1 }}>
              <MuiTextField select size="small" label="項目" value={kind} onChange={(e) => setKind(e.target.value as "points")}>
                <MenuItem value="points">點數</MenuItem>
                <MenuItem value="wallet">錢包</MenuItem>
              </MuiTextField>
              <MuiTextField
                size="small"
                label="數量（扣除請輸入負數）"
                value={delta}
                onChange={(e) => setDelta(e.target.value)}
              />
              <MuiTextField size="small" label="原因" value={reason} onChange={(e) => setReason(e.target.value)} />
              <Button
                variant="contained"
                onClick={async () => {
                  try {
                    await adminApi(`/members/${m.id}/adjust`, { body: { kind, delta: Number(delta), reason } });
                    notify("已調整", { type: "success" });
                    refresh();
                  } catch (e) {
                    notify((e as Error).message, { type: "error" });
                  }
                }}
              >
                送出
              </Button>
            </Stack>
          </CardContent>
        </Card>
      ) : null}
      {permissions?.includes("members.adjust") && m.status !== "closed" ? <IssueCoupon memberId={m.id} /> : null}
      <SignInLock memberId={m.id} canLift={Boolean(permissions?.includes("members.adjust"))} />
      {permissions?.includes("members.adjust") && m.status !== "closed" ? <MemberCare key={`${m.id}-${m.status}`} m={m} /> : null}
      <MemberErasure m={m} canErase={Boolean(permissions?.includes("members.erase"))} />
      <Stack direction={{ xs: "column", md: "row" }} spacing={4}>
        <Box>
          <Typography variant="subtitle2">近期訂單</Typography>
          {m.recent_orders.map((o) => (
            <Typography
              key={o.order_no}
              variant="body2"
            >{`${o.order_no}　${o.status_label}　${formatMoney(o.payable)}`}</Typography>
          ))}
        </Box>
        <Box>
          <Typography variant="subtitle2">點數明細</Typography>
          {m.points_ledger.list.map((e) => (
            <Typography
              key={e.id}
              variant="body2"
            >{`${formatDateTime(e.created_at)}　${e.delta > 0 ? "+" : ""}${e.delta}　${e.reason}`}</Typography>
          ))}
        </Box>
        <Box>
          <Typography variant="subtitle2">錢包明細</Typography>
          {m.wallet_ledger.list.map((e) => (
            <Typography
              key={e.id}
              variant="body2"
            >{`${formatDateTime(e.created_at)}　${e.delta > 0 ? "+" : ""}${e.delta}　${e.reason}`}</Typography>
          ))}
        </Box>
      </Stack>
    </Box>
  );
}
export const MemberShow = () => (
  <Show title="會員" actions={false}>
    <MemberBody />
  </Show>
);

/** Main-mall settings: the server refuses roles without settings.write, whatever this page shows. */
export function SettingsPage() {
  const notify = useNotify();
  const [values, setValues] = useState<Record<string, number> | null>(null);
  const [labels, setLabels] = useState<Record<string, string>>({});
  useEffect(() => {
    adminApi<{ values: Record<string, number>; labels: Record<string, string> }>("/settings")
      .then((r) => {
        setValues(r.values);
        setLabels(r.labels);
      })
      .catch((e: Error) => notify(e.message, { type: "error" }));
  }, [notify]);
  if (!values) return null;
  return (
    <Card sx={{ mt: 2, maxWidth: 560 }}>
      <Title title="商城設定" />
      <CardContent>
        <Stack spacing={2}>
          {SETTING_KEYS.map((k) => (
            <MuiTextField
              key={k}
              label={labels[k] ?? k}
              type="number"
              value={values[k] ?? 0}
              onChange={(e) => setValues({ ...values, [k]: Number(e.target.value) })}
            />
          ))}
          <Button
            variant="contained"
            onClick={async () => {
              try {
                const r = await adminApi<{ values: Record<string, number> }>("/settings", { method: "PUT", body: values });
                setValues(r.values);
                notify("設定已儲存", { type: "success" });
              } catch (e) {
                notify((e as Error).message, { type: "error" });
              }
            }}
          >
            儲存設定
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

export const AuditList = () => (
  <List exporter={false} title="操作紀錄">
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TaipeiDateField source="at" label="時間" />
      <TextField source="staff_name" label="員工" />
      <TextField source="action" label="動作" />
      <FunctionField label="對象" render={(r: RaRecord) => `${r.entity} #${r.entity_id}`} />
      <FunctionField
        label="變更前 → 變更後"
        render={(r: RaRecord) => (
          <code style={{ fontSize: 11, whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
            {`${JSON.stringify(r.before)} → ${JSON.stringify(r.after)}`.slice(0, 400)}
          </code>
        )}
      />
      <TextField source="ip" label="IP" />
    </Datagrid>
  </List>
);

/** 登入鎖定 of a staff row: until when, or the failures so far. */
const lockText = (r: RaRecord) =>
  r.locked_until
    ? `鎖定至 ${formatDateTime(r.locked_until as string)}`
    : (r.failed_sign_ins as number) > 0
      ? `失敗 ${r.failed_sign_ins} 次`
      : "";

/** The owner turns off a staff member's two-step sign-in (a lost phone): they set it up again at their next sign-in. */
function TotpReset() {
  const s = useRecordContext<{ totp_enabled?: boolean }>();
  if (!s?.totp_enabled) return null;
  return <BooleanInput source="reset_totp" label="重設兩步驟驗證（員工遺失驗證器時；其登入將全部登出）" />;
}

export const StaffList = () => {
  // A phone gets one line per account: seven columns do not fit its width.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));
  return (
    <List exporter={false} pagination={false} title="員工帳號">
      {narrow ? (
        <SimpleList
          linkType="edit"
          primaryText={(r: RaRecord) => `${r.name}（${r.username}）`}
          secondaryText={(r: RaRecord) => ROLE_LABELS[r.role as StaffRole] + (r.active ? "" : "｜已停用")}
          tertiaryText={(r: RaRecord) => (
            <Typography component="span" variant="body2" color="error">
              {lockText(r)}
            </Typography>
          )}
        />
      ) : (
        <StaffGrid />
      )}
    </List>
  );
};
const StaffGrid = () => (
  <Datagrid rowClick="edit" bulkActionButtons={false}>
    <TextField source="username" label="帳號" />
    <TextField source="name" label="姓名" />
    <SelectField source="role" label="角色" choices={ROLE_CHOICES} />
    <BooleanField source="totp_enabled" label="兩步驟驗證" />
    <BooleanField source="active" label="啟用" />
    <TaipeiDateField source="last_login_at" label="最後登入" />
    <FunctionField
      label="登入鎖定"
      render={(r: RaRecord) => (
        <Typography variant="body2" color={r.locked_until ? "error" : "text.primary"}>
          {lockText(r) || "—"}
        </Typography>
      )}
    />
  </Datagrid>
);
export const StaffCreate = () => (
  <Create redirect="list" title="新增員工">
    <SimpleForm>
      <TextInput source="username" label="帳號（小寫英數字）" validate={required("請輸入帳號")} />
      <TextInput source="name" label="姓名" validate={required("請輸入姓名")} />
      <SelectInput source="role" label="角色" choices={ROLE_CHOICES} validate={required("請選擇角色")} />
      <PasswordInput source="password" label="密碼（至少 10 個字元）" validate={required("請輸入密碼")} />
    </SimpleForm>
  </Create>
);
export const StaffEdit = () => (
  <Edit mutationMode="pessimistic" title="編輯員工">
    {/* Accounts are suspended (啟用 off), never deleted: the audit log names them. */}
    <SimpleForm
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <TextInput source="name" label="姓名" />
      <SelectInput source="role" label="角色" choices={ROLE_CHOICES} />
      <BooleanInput source="active" label="啟用" />
      <PasswordInput source="password" label="重設密碼（留空為不變）" />
      <TotpReset />
    </SimpleForm>
    <StaffSecurity />
  </Edit>
);
