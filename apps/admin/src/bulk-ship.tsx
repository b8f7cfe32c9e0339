import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from "@mui/material";
import type { BulkShipResult as Result } from "@shop/contract/responses";
import { useState } from "react";
import { useNotify, useRefresh } from "react-admin";
import { adminApi } from "./api";

/** One row per line: an order number and its tracking number, separated by a comma, tab or spaces. */
function parseRows(text: string) {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [order_no = "", tracking_no = ""] = l.split(/[\s,，\t]+/);
      return { order_no, tracking_no };
    });
}

/** 批次出貨: paste the carrier's sheet; the valid rows ship, the others are listed with their reason. */
export function BulkShipButton() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const r = await adminApi<Result>("/orders/bulk_ship", { method: "POST", body: { rows: parseRows(text) } });
      setResult(r);
      notify(r.failed.length ? `已出貨 ${r.shipped.length} 筆，${r.failed.length} 筆未出貨` : `已出貨 ${r.shipped.length} 筆`, {
        type: r.failed.length ? "warning" : "success",
      });
      setText(r.failed.map((f) => `${f.order_no},${f.tracking_no}`).join("\n"));
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: "error" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        批次出貨
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>批次出貨</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            每行一筆：訂單編號與物流單號，以逗號或空白分隔（最多 200 筆）。未出貨的列會留在框內並說明原因。
          </Typography>
          <TextField
            multiline
            minRows={6}
            fullWidth
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={"20261124123456,HCT1234567\n20261124654321,HCT7654321"}
            inputProps={{ "aria-label": "訂單編號與物流單號" }}
          />
          {result?.failed.length ? (
            <ul style={{ color: "#b3261e", paddingLeft: 20 }}>
              {result.failed.map((f) => (
                <li key={`${f.order_no}-${f.tracking_no}`}>{`${f.order_no}：${f.reason}`}</li>
              ))}
            </ul>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>關閉</Button>
          <Button variant="contained" disabled={busy || !text.trim()} onClick={() => void submit()}>
            出貨
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
