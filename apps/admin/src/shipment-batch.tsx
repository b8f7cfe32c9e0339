import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from "@mui/material";
import type { ShipmentBatchResult, ShipmentLabelsResult } from "@shop/contract/responses";
import { useState } from "react";
import { useListContext, useNotify, useRefresh } from "react-admin";
import { adminApi } from "./api";

type Failure = { order_no: string; reason: string };

/** Saves the labels' PDF (base64 from the API) as a download. */
function savePdf(base64: string) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
  const a = Object.assign(document.createElement("a"), { href: url, download: "shipment-labels.pdf" });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * 批次建立寄件單 and 列印標籤 PDF (decision 91) for the orders selected in the list (the 待出貨
 * queue): each order's shipment is made by its carrier; the dialog lists what was made and each
 * failure with its reason, and the labels download as one PDF.
 */
export function ShipmentBatchButtons() {
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<string[] | null>(null);
  const [failed, setFailed] = useState<Failure[]>([]);
  const orderNos = selectedIds.map(String);
  const run = async <T,>(work: () => Promise<T>) => {
    setBusy(true);
    try {
      return await work();
    } catch (e) {
      notify((e as Error).message, { type: "error" });
      return null;
    } finally {
      setBusy(false);
    }
  };
  const create = () =>
    run(async () => {
      const r = await adminApi<ShipmentBatchResult>("/orders/batch_shipments", { body: { order_nos: orderNos } });
      setMade(r.made.map((m) => m.order_no));
      setFailed(r.failed);
    });
  const labels = (nos: string[]) =>
    run(async () => {
      const r = await adminApi<ShipmentLabelsResult>("/orders/batch_labels", { body: { order_nos: nos } });
      if (r.pages > 0) savePdf(r.pdf_base64);
      if (r.failed.length) {
        setMade((m) => m ?? []);
        setFailed(r.failed);
      }
      notify(r.failed.length ? `已產生 ${r.pages} 張標籤，${r.failed.length} 筆沒有寄件單` : `已產生 ${r.pages} 張標籤`, {
        type: r.failed.length ? "warning" : "success",
      });
    });
  const close = () => {
    setMade(null);
    setFailed([]);
    // Refreshed on close: the shipped orders leave 待出貨, and this toolbar (and its dialog) with them.
    onUnselectItems();
    refresh();
  };
  return (
    <>
      <Button size="small" disabled={busy} onClick={() => void create()}>
        批次建立寄件單
      </Button>
      <Button size="small" disabled={busy} onClick={() => void labels(orderNos)}>
        列印標籤 PDF
      </Button>
      <Dialog open={made !== null} onClose={close} fullWidth maxWidth="sm">
        <DialogTitle>批次建立寄件單</DialogTitle>
        <DialogContent>
          <Typography data-testid="batch-made">{`已建立 ${made?.length ?? 0} 筆寄件單`}</Typography>
          {failed.length ? (
            <>
              <Typography color="error" sx={{ mt: 1 }}>{`${failed.length} 筆失敗：`}</Typography>
              <ul style={{ color: "#b3261e", paddingLeft: 20 }} data-testid="batch-failed">
                {failed.map((f) => (
                  <li key={f.order_no}>{`${f.order_no}：${f.reason}`}</li>
                ))}
              </ul>
            </>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>關閉</Button>
          <Button variant="contained" disabled={busy || !made?.length} onClick={() => void labels(made ?? [])}>
            列印標籤 PDF
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
