import { Alert, Button } from "@mui/material";
import { formatDateTime } from "@shop/contract/format";
import { useCallback, useEffect, useState } from "react";
import { useNotify } from "react-admin";
import { adminApi } from "./api";

/** A lock failed sign-ins put on the member's account (decision 77), with 解除鎖定 for staff who may. */
export function SignInLock({ memberId, canLift }: { memberId: number; canLift: boolean }) {
  const notify = useNotify();
  const [until, setUntil] = useState<string | null>(null);
  const load = useCallback(() => {
    adminApi<{ locked_until: string | null }>(`/members/${memberId}/sign_in_lock`)
      .then((r) => setUntil(r.locked_until))
      .catch(() => setUntil(null));
  }, [memberId]);
  useEffect(load, [load]);
  if (!until) return null;
  const lift = async () => {
    try {
      await adminApi(`/members/${memberId}/unlock_sign_in`, { body: {} });
      notify("已解除登入鎖定", { type: "success" });
      load();
    } catch (e) {
      notify((e as Error).message, { type: "error" });
    }
  };
  return (
    <Alert
      severity="warning"
      sx={{ my: 2 }}
      action={
        canLift ? (
          <Button color="inherit" size="small" onClick={() => void lift()}>
            解除鎖定
          </Button>
        ) : null
      }
    >
      {`登入失敗次數過多，帳號鎖定至 ${formatDateTime(until)}（會員已收到簡訊通知）`}
    </Alert>
  );
}
