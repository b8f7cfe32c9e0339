import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from "@mui/material";
import type { StaffView, TotpSetup } from "@shop/contract/admin";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { Title, useNotify } from "react-admin";
import { adminApi, session } from "./api";

/**
 * 兩步驟驗證: the signed-in staff member switches on TOTP. A new secret is shown as a QR code (and
 * as text to type in), and is kept only once a code from the authenticator app proves it.
 */
export function TwoStepPage() {
  const notify = useNotify();
  const [me, setMe] = useState<StaffView | null>(null);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [qr, setQr] = useState("");
  const [code, setCode] = useState("");
  useEffect(() => {
    adminApi<StaffView>("/auth/me")
      .then(setMe)
      .catch((e: Error) => notify(e.message, { type: "error" }));
  }, [notify]);
  useEffect(() => {
    if (setup) void QRCode.toDataURL(setup.otpauth_url, { margin: 1, width: 220 }).then(setQr);
  }, [setup]);
  if (!me) return null;
  const start = async () => {
    try {
      setSetup(await adminApi<TotpSetup>("/auth/totp/setup", { body: {} }));
    } catch (e) {
      notify((e as Error).message, { type: "error" });
    }
  };
  const enable = async () => {
    try {
      const updated = await adminApi<StaffView>("/auth/totp/enable", { body: { code } });
      const token = session.token();
      if (token) session.set(token, updated);
      setMe(updated);
      setSetup(null);
      notify("已啟用兩步驟驗證，下次登入需輸入驗證碼", { type: "success" });
    } catch (e) {
      notify((e as Error).message, { type: "error" });
    }
  };
  return (
    <Card sx={{ mt: 2, maxWidth: 560 }}>
      <Title title="兩步驟驗證" />
      <CardContent>
        <Stack spacing={2}>
          {me.totp_enabled ? (
            <Alert severity="success">{`${me.name} 已啟用兩步驟驗證：登入時需輸入驗證器 App 上的 6 位數驗證碼。`}</Alert>
          ) : (
            <Alert severity="warning">尚未啟用兩步驟驗證。後台可以退款、調整點數與變更付款設定，建議每位員工都啟用。</Alert>
          )}
          {!me.totp_enabled && !setup ? (
            <Button variant="contained" onClick={() => void start()}>
              產生驗證器金鑰
            </Button>
          ) : null}
          {setup ? (
            <>
              <Typography>用 Google Authenticator、Microsoft Authenticator 等 App 掃描 QR Code，或手動輸入金鑰：</Typography>
              {qr ? <img src={qr} alt="兩步驟驗證 QR Code" width={220} height={220} /> : null}
              <Typography sx={{ fontFamily: "monospace", wordBreak: "break-all" }} data-testid="totp-secret">
                {setup.secret}
              </Typography>
              <TextField
                label="App 顯示的 6 位數驗證碼"
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, 6))}
                inputProps={{ inputMode: "numeric", autoComplete: "one-time-code" }}
              />
              <Button variant="contained" disabled={code.length !== 6} onClick={() => void enable()}>
                確認並啟用
              </Button>
            </>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
