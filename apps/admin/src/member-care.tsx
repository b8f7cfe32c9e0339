import { Button, Card, CardContent, TextField as MuiTextField, Stack, Typography } from "@mui/material";
import type { MemberDetail } from "@shop/contract/responses";
import { useState } from "react";
import { useAdminAction } from "./actions";

/** 會員資料 and 停用／恢復帳號 on the member page (staff with members.adjust). */
export function MemberCare({ m }: { m: MemberDetail }) {
  const act = useAdminAction();
  const [name, setName] = useState(m.name);
  const [nickname, setNickname] = useState(m.nickname ?? "");
  const [phone, setPhone] = useState(m.phone);
  const [email, setEmail] = useState(m.email ?? "");
  const [reason, setReason] = useState("");
  const suspended = m.status === "disabled";
  return (
    <Card variant="outlined" sx={{ my: 2 }}>
      <CardContent>
        <Typography variant="h6">會員資料</Typography>
        <Stack direction={{ xs: "column", md: "row" }} spacing={1} sx={{ my: 1 }}>
          <MuiTextField size="small" label="姓名" value={name} onChange={(e) => setName(e.target.value)} />
          <MuiTextField size="small" label="暱稱" value={nickname} onChange={(e) => setNickname(e.target.value)} />
          <MuiTextField
            size="small"
            label="手機"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            helperText={phone !== m.phone ? "變更手機將登出此會員所有裝置，並以簡訊通知原手機" : undefined}
          />
          <MuiTextField size="small" label="電子郵件" value={email} onChange={(e) => setEmail(e.target.value)} />
          <Button
            variant="outlined"
            onClick={() =>
              act(`/members/${m.id}`, { name, nickname: nickname || null, phone, email: email || null }, "已更新會員資料", "PUT")
            }
          >
            儲存資料
          </Button>
        </Stack>
        <Typography variant="h6" sx={{ mt: 2 }}>
          {`帳號狀態：${suspended ? "已停用" : "啟用中"}`}
        </Typography>
        <Stack direction={{ xs: "column", md: "row" }} spacing={1} sx={{ my: 1 }}>
          <MuiTextField
            size="small"
            label={suspended ? "恢復原因" : "停用原因"}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            sx={{ minWidth: 280 }}
          />
          <Button
            variant="contained"
            color={suspended ? "primary" : "error"}
            onClick={async () => {
              const ok = await act(
                `/members/${m.id}/${suspended ? "reinstate" : "suspend"}`,
                { reason },
                suspended ? "已恢復帳號" : "已停用帳號，會員的登入已全部登出",
              );
              if (ok) setReason("");
            }}
          >
            {suspended ? "恢復帳號" : "停用帳號"}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
