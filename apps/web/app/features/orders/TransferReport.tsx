import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { formatDateTime, formatMoney } from "@shop/contract/format";
import type { OrderView } from "@shop/contract/order";
import { useState } from "react";
import { type MessageDescriptor, useContentLang } from "../../i18n/runtime";
import { Field } from "../../ui/Field";
import { CopyButton } from "./CopyButton";
import type { OrderAction, OrderActionAnswer } from "./order-actions";

/** A bank transfer's details, and the buyer's report of it (匯款資訊, 回報匯款). */

export function TransferInfo({ order }: { order: OrderView }) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  if (!order.transfer) return null;
  return (
    <dl className="grid grid-cols-[6rem_1fr] gap-y-1 rounded-lg bg-amber-50 p-3 text-stone-800">
      <dt className="text-stone-600">{t`銀行`}</dt>
      <dd lang={contentLang}>
        {order.transfer.code} {order.transfer.name}
      </dd>
      <dt className="text-stone-600">{t`帳號`}</dt>
      <dd>
        <span className="font-mono text-lg" data-testid="transfer-account">
          {order.transfer.account}
        </span>
        <CopyButton value={order.transfer.account} label={t`複製帳號`} />
      </dd>
      <dt className="text-stone-600">{t`戶名`}</dt>
      <dd lang={contentLang}>{order.transfer.holder}</dd>
      <dt className="text-stone-600">{t`匯款金額`}</dt>
      <dd>
        <span className="font-bold text-red-700" data-testid="transfer-amount">
          {formatMoney(order.payable)}
        </span>
        <CopyButton value={String(order.payable)} label={t`複製金額`} />
      </dd>
      {order.pay_by && (
        <>
          <dt className="text-stone-600">{t`付款期限`}</dt>
          <dd>{formatDateTime(order.pay_by)}</dd>
        </>
      )}
    </dl>
  );
}

export type ActionProps = {
  order: OrderView;
  busy: boolean;
  send: (action: OrderAction) => void;
  answer: OrderActionAnswer | undefined;
};

/** What is missing or wrong in a transfer report, field by field (the server checks again). */
function reportProblems(t: (d: MessageDescriptor) => string, last5: string, paidAt: string) {
  const when = paidAt ? new Date(paidAt) : null;
  return {
    last5: !last5.trim()
      ? t(msg`請輸入匯款帳號末五碼`)
      : /^\d{5}$/.test(last5.trim())
        ? undefined
        : t(msg`匯款帳號末五碼為 5 位數字`),
    paidAt: !when ? t(msg`請輸入匯款時間`) : Number.isNaN(when.getTime()) ? t(msg`請輸入正確的匯款時間`) : undefined,
  };
}

/** 匯款資訊 and 回報匯款 (the last five digits and when), or that the report is waiting for the shop. */
export function TransferReport({ order, busy, send, answer }: ActionProps) {
  const { t } = useLingui();
  const [last5, setLast5] = useState("");
  const [paidAt, setPaidAt] = useState("");
  const [errors, setErrors] = useState<{ last5?: string; paidAt?: string }>({});
  const failed = answer?.intent === "report" && !answer.ok ? answer.message : null;
  const report = (e: React.FormEvent) => {
    e.preventDefault();
    const found = reportProblems(t, last5, paidAt);
    setErrors(found);
    if (found.last5 || found.paidAt) return;
    send({
      intent: "report",
      order_no: order.order_no,
      last5: last5.trim(),
      amount: order.payable,
      paid_at: new Date(paidAt).toISOString(),
    });
  };
  return (
    <div className="mt-4 space-y-3">
      <TransferInfo order={order} />
      {order.payment?.transfer_reported ? (
        <p className="text-tea-800" role="status">
          {t`已回報匯款，等待商家確認。`}
        </p>
      ) : (
        <form onSubmit={report} noValidate className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
          <Field
            id="last5"
            label={t`匯款帳號末五碼`}
            inputMode="numeric"
            maxLength={5}
            value={last5}
            error={errors.last5}
            onChange={(e) => setLast5(e.target.value)}
          />
          <Field
            id="paid-at"
            label={t`匯款時間`}
            type="datetime-local"
            value={paidAt}
            error={errors.paidAt}
            onChange={(e) => setPaidAt(e.target.value)}
          />
          <button type="submit" className="btn-primary sm:mt-7" disabled={busy}>
            {t`回報匯款`}
          </button>
          {failed && (
            <p className="field-error sm:col-span-3" role="alert">
              {failed}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
