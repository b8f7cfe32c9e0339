import { useLingui } from "@lingui/react/macro";
import { formatDateTime, formatMoney } from "@shop/contract/format";
import type { OrderView } from "@shop/contract/order";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { api } from "../../lib/api";
import { CopyButton } from "./CopyButton";

/**
 * The order's own ATM account (decision 88): paid with the exact amount, it matches itself (no
 * report). In 測試模式, buttons that play the buyer's bank (the right amount, or one short).
 */
export function VirtualAccountInfo({ order }: { order: OrderView }) {
  const { t } = useLingui();
  const va = order.virtual_account;
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!va) return null;
  const pay = async (amount: number) => {
    setBusy(true);
    setError(null);
    try {
      const r = await api("/api/payments/simulator/virtual-account/pay", { body: { account: va.account, amount } });
      if (!r.status) setError(r.message);
      await revalidate();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-4 space-y-2" data-testid="virtual-account">
      <dl className="grid grid-cols-[6rem_1fr] gap-y-1 rounded-lg bg-amber-50 p-3 text-stone-800">
        <dt className="text-stone-600">{t`銀行代碼`}</dt>
        <dd data-testid="va-bank">{va.bank_code}</dd>
        <dt className="text-stone-600">{t`虛擬帳號`}</dt>
        <dd>
          <span className="break-all font-mono" data-testid="va-account">
            {va.account}
          </span>
          <CopyButton value={va.account} label={t`複製帳號`} />
        </dd>
        <dt className="text-stone-600">{t`應付金額`}</dt>
        <dd>
          <span className="font-bold text-red-700" data-testid="va-amount">
            {formatMoney(va.amount)}
          </span>
          <CopyButton value={String(va.amount)} label={t`複製金額`} />
        </dd>
        <dt className="text-stone-600">{t`繳費期限`}</dt>
        <dd>{formatDateTime(va.deadline)}</dd>
      </dl>
      <p className="text-sm text-stone-600">{t`轉帳金額需與應付金額完全相同，入帳後自動確認，免回報。`}</p>
      {order.payment?.message && (
        <p className="rounded-lg bg-red-50 p-2 text-sm text-red-800" role="status" data-testid="va-note">
          {order.payment.message}
        </p>
      )}
      {order.card.simulated && (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-primary" disabled={busy} onClick={() => void pay(va.amount)}>
            {t`模擬轉帳（測試模式）`}
          </button>
          <button type="button" className="btn-secondary text-sm" disabled={busy} onClick={() => void pay(va.amount - 1)}>
            {t`模擬金額錯誤的轉帳`}
          </button>
        </div>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
