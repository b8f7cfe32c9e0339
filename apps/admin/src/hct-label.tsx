import { Alert, Box, Button, Stack, Typography } from "@mui/material";
import { formatDate, formatMoney } from "@shop/contract/format";
import type { HctLabel } from "@shop/contract/responses";
import JsBarcode from "jsbarcode";
import { useEffect, useRef, useState } from "react";
import { useParams } from "react-router-dom";
import { adminApi } from "./api";

/**
 * 新竹物流標籤: a 10 × 10 cm label for the thermal printer (or 列印 → 另存為 PDF), opened in its
 * own tab from an order or a cloud-depot pick-up. The 託運單號 prints as a Code 128 barcode,
 * which HCT's driver scans at pick-up. A label numbered from the test block says 測試模式.
 */
export default function HctLabelPage() {
  const { kind, id } = useParams();
  const [label, setLabel] = useState<HctLabel | null>(null);
  const [error, setError] = useState("");
  const barcode = useRef<SVGSVGElement>(null);
  useEffect(() => {
    const path = kind === "takeouts" ? `/takeouts/${id}/hct_label` : `/orders/${id}/hct_label`;
    adminApi<HctLabel>(path).then(setLabel, (e: Error) => setError(e.message));
  }, [kind, id]);
  useEffect(() => {
    if (label && barcode.current)
      JsBarcode(barcode.current, label.tracking_no, { format: "CODE128", height: 60, width: 2, fontSize: 16, margin: 0 });
  }, [label]);

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!label) return <Typography sx={{ p: 2 }}>載入中…</Typography>;
  return (
    <Box sx={{ p: 2 }}>
      <style>{"@page { size: 100mm 100mm; margin: 3mm } @media print { .no-print { display: none !important } }"}</style>
      <Stack direction="row" spacing={2} className="no-print" sx={{ mb: 2 }}>
        <Button variant="contained" onClick={() => window.print()}>
          列印標籤
        </Button>
      </Stack>
      <Box
        component="section"
        aria-label="新竹物流標籤"
        sx={{ width: "94mm", minHeight: "94mm", border: "1px solid #000", p: "3mm", boxSizing: "border-box", fontSize: 12 }}
      >
        <Stack direction="row" justifyContent="space-between" alignItems="baseline">
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            新竹物流
          </Typography>
          <Typography>{label.test_mode ? "測試模式（不可寄件）" : `客戶代號 ${label.customer_code}`}</Typography>
        </Stack>
        <Box sx={{ textAlign: "center", my: 1 }}>
          <svg ref={barcode} role="img" aria-label={`託運單號 ${label.tracking_no}`} />
        </Box>
        <Typography sx={{ fontWeight: 700, fontSize: 16 }}>收件人：{label.receiver.name}</Typography>
        <Typography>電話：{label.receiver.phone}</Typography>
        <Typography sx={{ fontSize: 14 }}>地址：{label.receiver.address}</Typography>
        {label.collect_amount > 0 ? (
          <Typography sx={{ fontWeight: 700, fontSize: 16, border: "2px solid #000", px: 1, my: 1 }}>
            代收貨款 {formatMoney(label.collect_amount)}
          </Typography>
        ) : null}
        <Typography sx={{ mt: 1 }}>
          寄件人：{label.sender.name}｜{label.sender.phone}
        </Typography>
        <Typography>{label.sender.address}</Typography>
        <Typography sx={{ mt: 1 }}>
          單號參照：{label.reference}｜{formatDate(label.created_at)}
        </Typography>
        <Typography sx={{ wordBreak: "break-all" }}>內容：{label.goods}</Typography>
      </Box>
    </Box>
  );
}
