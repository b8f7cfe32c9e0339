import { Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from "@mui/material";
import type { RewardsSettings, RewardView } from "@shop/contract/admin";
import { useEffect, useState } from "react";
import { Title, useNotify, usePermissions } from "react-admin";
import { adminApi } from "./api";

const KINDS: Array<[RewardView["kind"], string]> = [
  ["none", "不贈送"],
  ["points", "點數"],
  ["wallet", "購物金（NT$）"],
  ["coupon", "優惠券"],
];

/** One reward's editor: kind, then the amount or the coupon and its days. */
function RewardEditor(props: {
  label: string;
  value: RewardView;
  coupons: RewardsSettings["coupons"];
  canWrite: boolean;
  onSave: (r: RewardView) => Promise<void>;
}) {
  const [r, setR] = useState<RewardView>(props.value);
  useEffect(() => setR(props.value), [props.value]);
  const setKind = (kind: RewardView["kind"]) =>
    setR(
      kind === "none"
        ? { kind }
        : kind === "coupon"
          ? { kind, coupon_id: props.coupons[0]?.id ?? 0, valid_days: 30 }
          : { kind, amount: "amount" in r ? r.amount : 100 },
    );
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2} alignItems={{ sm: "center" }}>
      <Typography sx={{ minWidth: 140 }}>{props.label}</Typography>
      <TextField select size="small" label="獎勵" value={r.kind} onChange={(e) => setKind(e.target.value as RewardView["kind"])}>
        {KINDS.map(([k, l]) => (
          <MenuItem key={k} value={k}>
            {l}
          </MenuItem>
        ))}
      </TextField>
      {r.kind === "points" || r.kind === "wallet" ? (
        <TextField
          size="small"
          type="number"
          label={r.kind === "points" ? "點數" : "金額"}
          value={r.amount}
          onChange={(e) => setR({ ...r, amount: Number(e.target.value) })}
        />
      ) : null}
      {r.kind === "coupon" ? (
        <>
          <TextField
            select
            size="small"
            label="優惠券"
            value={r.coupon_id}
            onChange={(e) => setR({ ...r, coupon_id: Number(e.target.value) })}
            sx={{ minWidth: 200 }}
          >
            {props.coupons.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.title}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="number"
            label="有效天數"
            value={r.valid_days}
            onChange={(e) => setR({ ...r, valid_days: Number(e.target.value) })}
          />
        </>
      ) : null}
      {props.canWrite ? (
        <Button variant="contained" onClick={() => void props.onSave(r)}>
          儲存
        </Button>
      ) : null}
    </Stack>
  );
}

/**
 * 生日禮／新會員禮 (decision 95): the welcome gift every new member gets on registration, and each
 * member level's birthday gift, given once a year in the birthday month (with a LINE / e-mail message).
 */
export function MemberRewardsPage() {
  const notify = useNotify();
  const { permissions } = usePermissions<string[]>();
  const [view, setView] = useState<RewardsSettings | null>(null);
  useEffect(() => {
    adminApi<RewardsSettings>("/rewards")
      .then(setView)
      .catch((e: Error) => notify(e.message, { type: "error" }));
  }, [notify]);
  if (!view) return null;
  const canWrite = Boolean(permissions?.includes("marketing.write"));
  const save = (url: string, message: string) => async (r: RewardView) => {
    try {
      setView(await adminApi<RewardsSettings>(url, { method: "PUT", body: r }));
      notify(message, { type: "success" });
    } catch (e) {
      notify((e as Error).message, { type: "error" });
    }
  };
  return (
    <Card sx={{ mt: 2, maxWidth: 960 }}>
      <Title title="生日禮與新會員禮" />
      <CardContent>
        <Stack spacing={3}>
          <Typography variant="h6">新會員禮</Typography>
          <Typography variant="body2" color="text.secondary">
            會員註冊完成時贈送一次，並以站內通知告知。
          </Typography>
          <RewardEditor
            label="新會員禮"
            value={view.welcome}
            coupons={view.coupons}
            canWrite={canWrite}
            onSave={save("/rewards/welcome", "新會員禮已儲存")}
          />
          <Typography variant="h6">生日禮（依會員等級）</Typography>
          <Typography variant="body2" color="text.secondary">
            會員設定生日後，於生日當月贈送一次（每年一次），並以 LINE／電子郵件通知（內容可於「通知範本」的「生日禮」修改）。
          </Typography>
          {view.levels.map((l) => (
            <RewardEditor
              key={l.id}
              label={l.active ? l.name : `${l.name}（已停用）`}
              value={l.birthday}
              coupons={view.coupons}
              canWrite={canWrite}
              onSave={save(`/rewards/levels/${l.id}`, "生日禮已儲存")}
            />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
