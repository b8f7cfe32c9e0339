import { Box, Button, Card, CardContent, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useLogin, useNotify } from "react-admin";

/** Staff sign-in: account and password, then the authenticator code when TOTP is on. */
export function LoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [totp, setTotp] = useState("");
  const [needsTotp, setNeedsTotp] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", alignItems: "center", justifyContent: "center", bgcolor: "#f3f1ec", p: 2 }}>
      <Card sx={{ width: 360, maxWidth: "100%" }}>
        <CardContent>
          <Typography variant="h5" align="center" gutterBottom>
            茶山好物 後台管理
          </Typography>
          <form
            onSubmit={async (e) => {
              e.preventDefault();
              setBusy(true);
              try {
                await login({ username, password, totp: needsTotp ? totp : undefined });
              } catch (error) {
                const body = (error as { body?: { totp_required?: boolean } }).body;
                if (body?.totp_required) setNeedsTotp(true);
                notify((error as Error).message || "登入失敗", { type: "error" });
              } finally {
                setBusy(false);
              }
            }}
          >
            <TextField
              label="帳號"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              fullWidth
              margin="normal"
              autoComplete="username"
            />
            <TextField
              label="密碼"
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              fullWidth
              margin="normal"
              autoComplete="current-password"
            />
            {needsTotp ? (
              <TextField
                label="驗證碼（6 位數）"
                value={totp}
                onChange={(e) => setTotp(e.target.value)}
                fullWidth
                margin="normal"
                autoComplete="one-time-code"
                inputMode="numeric"
              />
            ) : null}
            <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={busy}>
              登入
            </Button>
          </form>
        </CardContent>
      </Card>
    </Box>
  );
}
