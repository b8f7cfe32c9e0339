import { TextField as MuiTextField } from "@mui/material";
import { formatMoney } from "@shop/contract/format";
import { useState } from "react";

/**
 * The amount staff give back: the refundable value is shown and is the default; less is allowed (whole
 * NT$), never more — the server checks it again under the order's lock. `field` is the input, `amount`
 * the number to send, `bad` whether it may not be sent.
 */
export function useRefundAmount(refundable: number | null, hint?: string, minWidth = 200) {
  const [typed, setTyped] = useState("");
  const value = typed === "" && refundable !== null ? String(refundable) : typed;
  const amount = Number(value);
  const bad = value === "" || !Number.isInteger(amount) || amount < 0 || (refundable !== null && amount > refundable);
  const field = (
    <MuiTextField
      size="small"
      type="number"
      label={refundable === null ? "退款金額" : `退款金額（可退 ${formatMoney(refundable)}）`}
      value={value}
      error={bad}
      helperText={bad ? `請輸入 0–${refundable ?? ""} 的整數` : hint}
      onChange={(e) => setTyped(e.target.value)}
      slotProps={{ htmlInput: { min: 0, max: refundable ?? undefined, step: 1, inputMode: "numeric" } }}
      sx={{ minWidth }}
    />
  );
  return { field, amount, bad };
}
