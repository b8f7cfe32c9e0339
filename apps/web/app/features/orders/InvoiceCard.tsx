import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { formatDateTime, formatMoney } from "@shop/contract/format";
import { formatInvoiceNo, invoiceText } from "@shop/contract/invoice";
import type { OrderView } from "@shop/contract/order";
import { useState } from "react";
import type { MessageDescriptor } from "../../i18n/runtime";
import { callerHeaders } from "../../lib/api";
import { useAlerts } from "../../ui/alerts";
import { invoiceChoiceText, invoiceStatusText } from "./order-labels";
import { lookupOf } from "./order-read";

/** Downloads the order's 電子發票證明聯 (a PDF the API answers to the buyer, token or proven phone). */
async function downloadProof(t: (d: MessageDescriptor) => string, orderNo: string): Promise<string | null> {
  const headers = { "content-type": "application/json", ...callerHeaders() };
  try {
    const r = await fetch("/api/order/invoice_pdf", { method: "POST", headers, body: JSON.stringify(lookupOf(orderNo)) });
    if (!r.ok)
      return ((await r.json().catch(() => null)) as { message?: string } | null)?.message ?? t(msg`下載失敗，請稍後再試`);
    const url = URL.createObjectURL(await r.blob());
    const a = document.createElement("a");
    a.href = url;
    a.download = t(msg`電子發票證明聯-${orderNo}.pdf`);
    a.click();
    URL.revokeObjectURL(url);
    return null;
  } catch {
    return t(msg`網路連線異常，請檢查網路後再試一次`);
  }
}

/** The order's e-invoice (decision 57): the buyer's choice, then its number, date and random code once issued. */
export function InvoiceCard({ order }: { order: OrderView }) {
  const { t } = useLingui();
  const alerts = useAlerts();
  const [busy, setBusy] = useState(false);
  const inv = order.e_invoice;
  const choice = invoiceChoiceText(t, inv?.carrier ?? invoiceText(order.invoice));
  const allowance = inv ? formatMoney(inv.allowance_total) : "";
  return (
    <section className="card" aria-labelledby="invoice-heading">
      <h2 id="invoice-heading" className="mb-3 text-lg font-bold text-stone-800">
        {t`電子發票`}
      </h2>
      <dl className="grid gap-y-2 sm:grid-cols-[8rem_1fr]" data-testid="order-invoice">
        <dt className="text-stone-500">{t`發票類型`}</dt>
        <dd>{choice}</dd>
        <dt className="text-stone-500">{t`狀態`}</dt>
        <dd data-testid="invoice-status">
          {inv ? invoiceStatusText(t, inv.status_label) : order.status === "cancelled" ? t`未開立` : t`尚未開立`}
        </dd>
        {inv?.invoice_no && (
          <>
            <dt className="text-stone-500">{t`發票號碼`}</dt>
            <dd className="font-mono" data-testid="invoice-no">
              {formatInvoiceNo(inv.invoice_no)}
            </dd>
            <dt className="text-stone-500">{t`開立日期`}</dt>
            <dd>{inv.invoice_date ? formatDateTime(inv.invoice_date) : ""}</dd>
            {inv.random_number && (
              <>
                <dt className="text-stone-500">{t`隨機碼`}</dt>
                <dd className="font-mono">{inv.random_number}</dd>
              </>
            )}
            <dt className="text-stone-500">{t`發票金額`}</dt>
            <dd>
              {formatMoney(inv.amount)}
              {inv.allowance_total > 0 && t`（已折讓 ${allowance}）`}
            </dd>
          </>
        )}
      </dl>
      {inv?.printable && (
        <button
          type="button"
          className="btn-secondary mt-4"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            const error = await downloadProof(t, order.order_no);
            setBusy(false);
            if (error) void alerts.error(error);
          }}
        >
          {t`下載電子發票證明聯（PDF）`}
        </button>
      )}
    </section>
  );
}
