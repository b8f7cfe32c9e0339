import { useLingui } from "@lingui/react/macro";
import type { BankOption } from "@shop/contract/bank";
import type { OrderView } from "@shop/contract/order";
import { RETURN_REASONS, type ReturnKind, type ReturnReason } from "@shop/contract/returns";
import { useState } from "react";
import { useContentLang } from "../../i18n/runtime";
import { api } from "../../lib/api";
import { storage } from "../../lib/storage";
import { useAlerts } from "../../ui/alerts";
import { Field } from "../../ui/Field";
import { BankSelect, BranchPicker, useBankChoice } from "../bank/BankChoice";
import { orderAccess } from "./order-access";
import { returnLabelText } from "./order-labels";

type Props = {
  order: OrderView;
  kind: ReturnKind;
  /** The banks of the reference data (loaded when the form was opened, if it asks for an account). */
  banks: BankOption[];
  onDone: () => Promise<void>;
  onCancel: () => void;
};

/**
 * The return (or exchange) form: units, reason, a note, and — when the order was paid by transfer
 * or cash on delivery — the buyer's own bank account for the refund (no wallet, no withdrawal fee;
 * the banks and branches of the payout form, checked again by the server).
 */
export function ReturnForm({ order, kind, banks, onDone, onCancel }: Props) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const exchange = kind === "exchange";
  const alerts = useAlerts();
  const [busy, setBusy] = useState(false);
  const [qty, setQty] = useState<Record<number, number>>({});
  const [reason, setReason] = useState<ReturnReason | "">("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const asksAccount = kind === "return" && order.return_needs_account;
  const [account, setAccount] = useState({ holder: "", number: "" });
  const choice = useBankChoice(banks);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const items = Object.entries(qty)
      .filter(([, n]) => n > 0)
      .map(([id, n]) => ({ variant_id: Number(id), qty: n }));
    if (items.length === 0) return alerts.error(exchange ? t`請選擇要換貨的商品與數量` : t`請選擇要退貨的商品與數量`);
    if (!reason) return alerts.error(exchange ? t`請選擇換貨原因` : t`請選擇退貨原因`);
    const refund_account = asksAccount
      ? {
          bank_user_name: account.holder,
          bank_code: choice.bankCode,
          branch_code: choice.branchCode,
          bank_account: account.number,
        }
      : undefined;
    setBusy(true);
    setErrors({});
    try {
      // A guest sends the order's phone and the proof of its SMS check (members are signed in).
      const phone = storage.orderPhone(order.order_no);
      const access = orderAccess.get(order.order_no);
      const guest = phone && access ? { phone, access_token: access } : {};
      const res = await api("/api/order/return", {
        body: { order_no: order.order_no, kind, items, reason, note, refund_account, ...guest },
      });
      if (!res.status) {
        const fields = (res.data as { errors?: Array<{ field: string; message: string }> } | null)?.errors ?? [];
        setErrors(Object.fromEntries(fields.map((f) => [f.field.replace(/^refund_account\./, ""), f.message])));
        return alerts.error(res.message);
      }
      await onDone();
      alerts.toast(res.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="mt-3 space-y-3" onSubmit={(e) => void submit(e)}>
      <p className="text-sm font-medium">
        {exchange ? t`申請換貨：選擇數量，核准後寄回原商品，我們會再寄出相同商品` : t`申請退貨：選擇數量`}
      </p>
      {order.lines.map((l) => {
        const name = l.name;
        return (
          <label key={l.variant_id} className="flex items-center justify-between gap-3 text-sm">
            <span lang={contentLang}>
              {l.name}（{l.variant_name}）
            </span>
            <select
              className="rounded border border-stone-300 px-2 py-1"
              value={qty[l.variant_id] ?? 0}
              onChange={(e) => setQty({ ...qty, [l.variant_id]: Number(e.target.value) })}
              aria-label={exchange ? t`${name} 換貨數量` : t`${name} 退貨數量`}
            >
              {Array.from({ length: l.qty + 1 }, (_, n) => String(n)).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        );
      })}
      <label className="block text-sm">
        {exchange ? t`換貨原因` : t`退貨原因`}
        <select
          className="mt-1 block w-full rounded border border-stone-300 px-2 py-2"
          value={reason}
          onChange={(e) => setReason(e.target.value as ReturnReason)}
        >
          <option value="">{t`請選擇`}</option>
          {Object.entries(RETURN_REASONS).map(([k, label]) => (
            <option key={k} value={k}>
              {returnLabelText(t, label)}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm">
        {t`說明（選填）`}
        <textarea
          className="mt-1 block w-full rounded border border-stone-300 px-2 py-2"
          rows={3}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      {asksAccount && (
        <fieldset className="space-y-2 rounded-lg border border-stone-200 p-3">
          <legend className="px-1 text-sm font-medium">{t`退款帳戶`}</legend>
          <p className="text-sm text-stone-600">{t`退款將匯入您本人的銀行帳戶，不經購物金，免手續費。`}</p>
          <Field
            id="refund-holder"
            label={t`戶名`}
            value={account.holder}
            onChange={(e) => setAccount({ ...account, holder: e.target.value })}
            error={errors.bank_user_name}
          />
          <BankSelect banks={banks} choice={choice} errors={errors} />
          <BranchPicker choice={choice} errors={errors} />
          <Field
            id="refund-account"
            label={t`帳號`}
            inputMode="numeric"
            autoComplete="off"
            value={account.number}
            onChange={(e) => setAccount({ ...account, number: e.target.value.replace(/\s/g, "") })}
            error={errors.bank_account}
          />
        </fieldset>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {t`送出申請`}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {t`取消`}
        </button>
      </div>
    </form>
  );
}
