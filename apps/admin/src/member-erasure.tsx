import { Alert, Button, Card, CardContent, TextField as MuiTextField, Stack, Typography } from "@mui/material";
import type { MemberDetail } from "@shop/contract/responses";
import { useState } from "react";
import { useAdminAction } from "./actions";

/**
 * 依申請刪除個資 on the member page (decision 78): staff with members.erase close the account on
 * the member's request, with the reason (audited). The server refuses while something of value is
 * still on its way (an open order, a withdrawal, money that can be withdrawn, goods in the depot)
 * and says what; a closed account says so instead.
 */
export function MemberErasure({ m, canErase }: { m: MemberDetail; canErase: boolean }) {
  const act = useAdminAction();
  const [reason, setReason] = useState("");
  if (m.status === "closed")
    return (
      <Alert severity="info" sx={{ my: 2 }} data-testid="member-closed">
        此帳號已註銷：姓名、聯絡方式、地址、收款帳戶與第三方綁定已刪除；訂單、發票與點數錢包明細依法保留（個人欄位已遮蔽）。
      </Alert>
    );
  if (!canErase) return null;
  return (
    <Card variant="outlined" sx={{ my: 2, borderColor: "error.light" }}>
      <CardContent>
        <Typography variant="h6">依申請刪除個資（註銷帳號）</Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          會員依個資法請求刪除時使用：帳號註銷、登入全部登出，個人資料刪除或遮蔽，點數與未達提領門檻的錢包餘額失效；訂單與發票保留。無法復原。
        </Typography>
        <Stack direction={{ xs: "column", md: "row" }} spacing={1} sx={{ mt: 2 }}>
          <MuiTextField
            size="small"
            label="申請方式與原因（必填）"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            sx={{ minWidth: 320 }}
          />
          <Button
            variant="contained"
            color="error"
            disabled={!reason.trim()}
            onClick={async () => {
              if (!window.confirm(`確定要刪除「${m.name}」的個人資料並註銷帳號嗎？此動作無法復原。`)) return;
              if (await act(`/members/${m.id}/anonymise`, { reason }, "已依會員申請刪除個人資料並註銷帳號")) setReason("");
            }}
          >
            刪除個資並註銷
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
