import { Box, Button, TextField as MuiTextField, Stack, Typography } from "@mui/material";
import type { AdminCoupon } from "@shop/contract/responses";
import { useState } from "react";
import { useNotify, useRefresh } from "react-admin";
import { adminApi, download } from "./api";

/** A single-use coupon's batches (decision 92): generate N codes, download them all as CSV. */
export function CodeBatch({ coupon }: { coupon: AdminCoupon }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [count, setCount] = useState("100");
  const [busy, setBusy] = useState(false);
  const n = Number(count);
  const valid = Number.isInteger(n) && n >= 1 && n <= 5000;

  async function generate() {
    setBusy(true);
    try {
      await adminApi(`/coupons/${coupon.id}/codes`, { body: { count: n } });
      notify(`已產生 ${n.toLocaleString("en-US")} 組優惠碼`, { type: "success" });
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: "error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 2, mt: 2, width: "100%", maxWidth: 640 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        單次優惠碼
      </Typography>
      <Typography variant="body2" gutterBottom>
        已產生 {coupon.codes_total.toLocaleString("en-US")} 組，已使用 {coupon.codes_used.toLocaleString("en-US")} 組
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} alignItems={{ sm: "center" }} sx={{ mt: 1 }}>
        <MuiTextField
          label="產生數量"
          size="small"
          type="number"
          value={count}
          onChange={(e) => setCount(e.target.value)}
          error={!valid}
          helperText={valid ? "每次 1–5,000 組" : "請輸入 1–5,000 的整數"}
          slotProps={{ htmlInput: { min: 1, max: 5000 } }}
        />
        <Button variant="contained" disabled={!valid || busy} onClick={generate}>
          產生優惠碼
        </Button>
        <Button
          variant="outlined"
          disabled={coupon.codes_total === 0}
          onClick={() =>
            download(`/coupons/${coupon.id}/codes.csv`, `coupon-${coupon.id}-codes.csv`).catch((e: Error) =>
              notify(e.message, { type: "error" }),
            )
          }
        >
          下載 CSV
        </Button>
      </Stack>
    </Box>
  );
}
