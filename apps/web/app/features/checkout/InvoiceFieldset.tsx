import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Field } from "../../ui/Field";
import type { Draft, SetDraftField } from "./draft";

const INVOICE_TYPES = [
  ["member", msg`會員載具`],
  ["mobile", msg`手機條碼`],
  ["donation", msg`捐贈發票`],
  ["company", msg`公司統編`],
] as const;

/** The e-invoice (member carrier, mobile barcode, donation or company tax ID) and the order note. */
export function InvoiceFieldset({ draft, set, errors }: { draft: Draft; set: SetDraftField; errors: Record<string, string> }) {
  const { t } = useLingui();
  return (
    <fieldset className="card">
      <legend className="sr-only">{t`電子發票`}</legend>
      <h2 className="mb-3 text-lg font-bold text-stone-800">{t`電子發票`}</h2>
      <div className="flex flex-wrap gap-3">
        {INVOICE_TYPES.map(([code, label]) => (
          <label key={code} className="flex items-center gap-1.5">
            <input
              type="radio"
              name="invoice_type"
              value={code}
              checked={draft.invoiceType === code}
              onChange={() => set("invoiceType", code)}
              className="accent-tea-700"
            />
            {t(label)}
          </label>
        ))}
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {draft.invoiceType === "mobile" && (
          <Field
            id="invoice-carrier"
            label={t`手機條碼`}
            className="input uppercase"
            placeholder="/ABC1234"
            value={draft.carrier}
            onChange={(e) => set("carrier", e.target.value)}
            error={errors.carrier}
            announce={false}
          />
        )}
        {draft.invoiceType === "donation" && (
          <Field
            id="invoice-donation"
            label={t`捐贈碼`}
            inputMode="numeric"
            value={draft.donationCode}
            onChange={(e) => set("donationCode", e.target.value)}
            error={errors.donationCode}
            announce={false}
          />
        )}
        {draft.invoiceType === "company" && (
          <>
            <Field
              id="invoice-tax-id"
              label={t`統一編號`}
              inputMode="numeric"
              value={draft.taxId}
              onChange={(e) => set("taxId", e.target.value)}
              error={errors.taxId}
              announce={false}
            />
            <Field
              id="invoice-title"
              label={t`公司抬頭`}
              value={draft.title}
              onChange={(e) => set("title", e.target.value)}
              error={errors.title}
              announce={false}
            />
          </>
        )}
      </div>
      <label htmlFor="note" className="field-label mt-4">
        {t`訂單備註（選填）`}
      </label>
      <textarea
        id="note"
        className="input"
        rows={2}
        maxLength={200}
        value={draft.note}
        onChange={(e) => set("note", e.target.value)}
      />
    </fieldset>
  );
}
