import { Button, Card, CardContent, TextField as MuiTextField, Stack, Typography } from "@mui/material";
import { formatMoney } from "@shop/contract/format";
import type { StaffOrder } from "@shop/contract/responses";
import { useState } from "react";
import { useBasename, useNotify, usePermissions, useRecordContext } from "react-admin";
import { useAdminAction } from "./actions";
import { adminApi } from "./api";
import { useChannels } from "./channels";
import { useRefundAmount } from "./refund-amount";

/** Opens the shipment's label: ECPay's print pages (or the simulator's) are form posts, so post one in a new tab. */
async function printCvsLabel(orderNo: string) {
  const label = await adminApi<{ action: string; fields: Record<string, string> }>(`/orders/${orderNo}/cvs_label`);
  const form = document.createElement("form");
  form.method = "post";
  form.action = label.action;
  form.target = "_blank";
  for (const [name, value] of Object.entries(label.fields)) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  form.remove();
}

/** The label ECPay prints for the shipment: a home 託運單, a B2C store 一段標, or a C2C 寄件單. */
function labelName(o: StaffOrder): string {
  const sub = o.cvs_shipment?.sub_type ?? "";
  if (sub === "TCAT" || sub === "POST") return "列印託運單";
  if (sub === "UNIMART" || sub === "FAMI" || sub === "HILIFE") return "列印超商一段標（B2C）";
  return "列印超商寄件單";
}

/** What staff can do with an order as it stands; the server checks each again under the order's lock. */
export function OrderActions() {
  const o = useRecordContext<StaffOrder>();
  const { permissions } = usePermissions<string[]>();
  const act = useAdminAction();
  const notify = useNotify();
  const basename = useBasename();
  const [tracking, setTracking] = useState("");
  const [reason, setReason] = useState("");
  const [partial, setPartial] = useState<Record<number, string>>({});
  const channels = useChannels();
  if (!o) return null;
  // A channel switched off for the shop offers no button (decision 74): staff type the carrier's number.
  const cvsOn = channels !== null && channels.store_pickup !== "off";
  const hctOn = channels !== null && channels.hct !== "off";
  const homeOn = channels !== null && channels.ecpay_home !== "off";
  const ecpayHome = o.ship_method === "tcat" || o.ship_method === "post";
  const simulated = channels !== null && (channels.store_pickup === "simulator" || channels.ecpay_home === "simulator");
  const writable = permissions?.includes("orders.write");
  const run = (path: string, body: unknown, done: string) => act(`/orders/${o.order_no}/${path}`, body, done);
  const items = Object.entries(partial)
    .map(([variant, qty]) => ({ variant_id: Number(variant), qty: Number(qty) }))
    .filter((i) => Number.isInteger(i.qty) && i.qty > 0);
  return (
    <Card variant="outlined" sx={{ mb: 2 }} className="no-print">
      <CardContent>
        <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap alignItems="center">
          <Button variant="outlined" onClick={() => window.print()}>
            列印出貨單
          </Button>
          {writable && o.can_confirm_payment ? (
            <Button variant="contained" onClick={() => run("confirm_payment", {}, "已確認收款")}>
              確認收款
            </Button>
          ) : null}
          {o.cvs_shipment?.status === "created" ? (
            <Button
              variant="outlined"
              onClick={() => printCvsLabel(o.order_no).catch((e: Error) => notify(e.message, { type: "error" }))}
            >
              {labelName(o)}
            </Button>
          ) : null}
          {writable && simulated && o.cvs_shipment?.status === "created" && o.status === "shipped" ? (
            <Button variant="outlined" color="warning" onClick={() => run("simulate_logistics", {}, "已模擬下一個物流狀態")}>
              模擬下一個物流狀態（測試模式）
            </Button>
          ) : null}
          {writable && homeOn && o.can_ship && ecpayHome ? (
            <Button variant="contained" onClick={() => run("cvs_shipment", {}, "已建立託運單並出貨")}>
              {`建立${o.ship_method === "tcat" ? "黑貓" : "郵局"}託運單並出貨`}
            </Button>
          ) : null}
          {writable && cvsOn && o.can_ship && o.ship_method.startsWith("cvs_") ? (
            <Button variant="contained" onClick={() => run("cvs_shipment", {}, "已建立寄件單並出貨")}>
              建立超商寄件單並出貨
            </Button>
          ) : null}
          {writable && hctOn && o.can_ship && o.ship_method === "hct" ? (
            <Button variant="contained" onClick={() => run("hct_shipment", {}, "已建立新竹物流託運單並出貨")}>
              建立新竹物流託運單並出貨
            </Button>
          ) : null}
          {o.ship_method === "hct" ? (
            <Typography variant="body2" color="text.secondary">
              新竹物流沒有貨態 API：送達與貨態由人員登錄
            </Typography>
          ) : null}
          {hctOn && o.ship_method === "hct" && o.tracking_no ? (
            <Button variant="outlined" href={`${basename}/hct_label/orders/${o.order_no}`} target="_blank">
              列印新竹物流標籤
            </Button>
          ) : null}
          {o.cvs_shipment?.status === "failed" ? (
            <Typography color="error">{`上次建立寄件單失敗：${o.cvs_shipment.error}`}</Typography>
          ) : null}
          {writable && o.can_ship ? (
            <>
              <MuiTextField size="small" label="託運單號" value={tracking} onChange={(e) => setTracking(e.target.value)} />
              <Button variant="contained" onClick={() => run("ship", { tracking_no: tracking }, "已出貨")}>
                出貨
              </Button>
            </>
          ) : null}
          {writable && o.can_deliver ? (
            <Button variant="contained" onClick={() => run("deliver", {}, "已標記送達")}>
              標記已送達
            </Button>
          ) : null}
          {writable && o.can_complete ? (
            <Button variant="contained" onClick={() => run("complete", {}, "訂單已完成")}>
              完成訂單
            </Button>
          ) : null}
          {writable && (o.can_staff_cancel || o.can_refund) ? (
            <>
              <MuiTextField size="small" label="取消／退款原因" value={reason} onChange={(e) => setReason(e.target.value)} />
              {o.can_staff_cancel ? (
                <Button color="error" onClick={() => run("cancel", { reason }, "訂單已取消")}>
                  取消訂單
                </Button>
              ) : (
                <WholeRefund
                  refundable={o.refundable_amount}
                  onRefund={(amount) => run("refund", { reason, amount }, "已退貨退款")}
                />
              )}
            </>
          ) : null}
        </Stack>
        {writable && o.can_refund && o.refundable.some((l) => l.qty > 0) ? (
          <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap alignItems="center" sx={{ mt: 2 }}>
            <Typography variant="subtitle2">部分退款（填寫退回數量）</Typography>
            {o.refundable
              .filter((l) => l.qty > 0)
              .map((l) => (
                <MuiTextField
                  key={l.variant_id}
                  size="small"
                  type="number"
                  label={`可退 ${l.qty}｜${l.name}`}
                  value={partial[l.variant_id] ?? ""}
                  onChange={(e) => setPartial({ ...partial, [l.variant_id]: e.target.value })}
                  slotProps={{ htmlInput: { min: 0, max: l.qty } }}
                  sx={{ minWidth: 260 }}
                />
              ))}
            <Button
              color="error"
              disabled={items.length === 0}
              onClick={async () => {
                if (await run("refund", { reason, items }, "已部分退款")) setPartial({});
              }}
            >
              部分退款
            </Button>
          </Stack>
        ) : null}
      </CardContent>
    </Card>
  );
}

/**
 * 全部退貨退款: what every unit left is worth now is shown and is the default; staff may give back
 * less (whole NT$), never more — the server checks it again inside the refund.
 */
function WholeRefund({ refundable, onRefund }: { refundable: number | null; onRefund: (amount: number) => unknown }) {
  const { field, amount, bad } = useRefundAmount(refundable);
  return (
    <>
      {field}
      <Button color="error" disabled={bad} onClick={() => void onRefund(amount)}>
        {`全部退貨退款 ${bad ? "" : formatMoney(amount)}`}
      </Button>
    </>
  );
}
