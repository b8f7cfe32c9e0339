import { Box, Button, Card, CardContent, MenuItem, TextField as MuiTextField, Stack, Typography } from "@mui/material";
import { formatDate, formatMoney } from "@shop/contract/format";
import { useEffect, useState } from "react";
import {
  BooleanField,
  BooleanInput,
  Datagrid,
  FunctionField,
  List,
  NumberField,
  NumberInput,
  type RaRecord,
  required,
  SimpleForm,
  TextField,
  TextInput,
  useNotify,
} from "react-admin";
import { adminApi } from "./api";
import { createAndEdit } from "./forms";

type Period = "rolling12" | "calendar";

/** How spend is counted (tier_settings.period); saved at once, written to the audit log by the server. */
function TierPeriod() {
  const notify = useNotify();
  const [period, setPeriod] = useState<Period | null>(null);
  useEffect(() => {
    adminApi<{ period: Period }>("/tier_settings")
      .then((r) => setPeriod(r.period))
      .catch((e: Error) => notify(e.message, { type: "error" }));
  }, [notify]);
  if (!period) return null;
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
          <MuiTextField
            select
            size="small"
            label="消費累計期間"
            value={period}
            onChange={(e) => setPeriod(e.target.value as Period)}
            sx={{ minWidth: 240 }}
          >
            <MenuItem value="rolling12">近 12 個月（滾動）</MenuItem>
            <MenuItem value="calendar">當年度（1/1–12/31）</MenuItem>
          </MuiTextField>
          <Button
            variant="contained"
            onClick={async () => {
              try {
                await adminApi("/tier_settings", { method: "PUT", body: { period } });
                notify("累計期間已更新", { type: "success" });
              } catch (e) {
                notify((e as Error).message, { type: "error" });
              }
            }}
          >
            儲存
          </Button>
          <Typography variant="body2" color="text.secondary">
            付款後立即升級；到期時依期間消費續等或降級。
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** 會員等級: the levels (rank 0 is everyone's start), their perks, and the period setting. */
export const TierList = () => (
  <Box>
    <Box sx={{ mt: 2 }}>
      <TierPeriod />
    </Box>
    <List exporter={false} title="會員等級" sort={{ field: "rank", order: "ASC" }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <NumberField source="rank" label="順序" />
        <TextField source="name" label="名稱" />
        <FunctionField label="門檻" render={(r: RaRecord) => formatMoney(r.threshold)} />
        <FunctionField label="折扣" render={(r: RaRecord) => (r.discount_percent ? `${r.discount_percent}%` : "—")} />
        <FunctionField label="點數倍率" render={(r: RaRecord) => `×${r.points_multiplier / 100}`} />
        <FunctionField
          label="免運門檻"
          render={(r: RaRecord) => (r.free_shipping_threshold === null ? "依配送方式" : formatMoney(r.free_shipping_threshold))}
        />
        <BooleanField source="active" label="啟用" />
        <NumberField source="members" label="會員數" />
      </Datagrid>
    </List>
  </Box>
);

function TierForm() {
  return (
    <SimpleForm>
      <TextInput source="name" label="等級名稱" validate={required("請輸入等級名稱")} />
      <NumberInput
        source="rank"
        label="順序（0 為基本等級，數字越大等級越高）"
        validate={required("請輸入順序")}
        min={0}
        max={9}
      />
      <NumberInput source="threshold" label="升級門檻：期間消費滿（NT$）" validate={required("請輸入門檻")} min={0} />
      <NumberInput source="discount_percent" label="全館折扣 %（10 = 9 折，最多 50）" defaultValue={0} min={0} max={50} />
      <NumberInput source="points_multiplier" label="點數倍率（100 = ×1，200 = ×2）" defaultValue={100} min={100} max={1000} />
      <NumberInput source="free_shipping_threshold" label="免運門檻（NT$，留空依配送方式）" min={0} />
      <BooleanInput source="active" label="啟用（停用後會員以較低的啟用等級計）" defaultValue={true} />
    </SimpleForm>
  );
}
export const Tier = createAndEdit(TierForm, "會員等級");

interface MemberTier {
  level: { name: string } | null;
  valid_until: string | null;
  history: Array<{ id: number; from: string | null; to: string; reason: string; spend: number; created_at: string }>;
}
const REASONS: Record<string, string> = { upgrade: "升級", renewal: "續等", downgrade: "降級", staff: "人工調整" };

/** A member's level and its history, on the member's page. */
export function MemberTierCard({ memberId }: { memberId: number }) {
  const [tier, setTier] = useState<MemberTier | null>(null);
  useEffect(() => {
    adminApi<MemberTier>(`/members/${memberId}/tier`)
      .then(setTier)
      .catch(() => setTier(null));
  }, [memberId]);
  if (!tier) return null;
  return (
    <Card variant="outlined" sx={{ my: 2 }} data-testid="member-tier">
      <CardContent>
        <Typography variant="subtitle1">
          {`會員等級：${tier.level?.name ?? "一般會員"}${tier.valid_until ? `（有效至 ${formatDate(new Date(new Date(tier.valid_until).getTime() - 1))}）` : ""}`}
        </Typography>
        {tier.history.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            尚無等級異動紀錄
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {tier.history.map((h) => (
              <li key={h.id}>
                <Typography variant="body2">
                  {`${formatDate(h.created_at)} ${REASONS[h.reason] ?? h.reason}：${h.from ?? "一般會員"} → ${h.to}（期間消費 ${formatMoney(h.spend)}）`}
                </Typography>
              </li>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
