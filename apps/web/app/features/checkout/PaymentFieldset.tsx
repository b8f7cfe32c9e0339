import type { PayInfo } from "@shop/contract/order";
import type { RefObject } from "react";
import { CardFields, type CardFieldsHandle } from "../orders/CardFields";
import type { Draft, SetDraftField } from "./draft";
import { fieldErrors } from "./field-errors";

/** The payment method, with the card entry when paying by card. */
export function PaymentFieldset(props: {
  draft: Draft;
  set: SetDraftField;
  info: PayInfo | null;
  errors: Record<string, string>;
  card: RefObject<CardFieldsHandle | null>;
}) {
  const { draft, set, info } = props;
  const { err } = fieldErrors(props.errors);
  return (
    <fieldset className="card">
      <legend className="sr-only">付款方式</legend>
      <h2 className="mb-3 text-lg font-bold text-stone-800">付款方式</h2>
      <div className="grid gap-2 sm:grid-cols-2">
        {(info?.payment_methods ?? []).map((m) => (
          <label
            key={m.code}
            className={`flex items-center gap-2 rounded-lg border p-3 ${m.available ? "cursor-pointer" : "opacity-60"} ${draft.payment === m.code ? "border-tea-600 bg-tea-50" : "border-stone-200"}`}
          >
            <input
              type="radio"
              name="payment_method"
              value={m.code}
              disabled={!m.available}
              checked={draft.payment === m.code}
              onChange={() => set("payment", m.code)}
              className="accent-tea-700"
            />
            <span className="flex-1">
              {m.name}
              {m.reason && <span className="block text-xs text-stone-500">{m.reason}</span>}
            </span>
          </label>
        ))}
      </div>
      {err("payment")}
      {draft.payment === "card" && info && (
        <div className="mt-4">
          <CardFields ref={props.card} config={info.card} />
        </div>
      )}
      {draft.payment === "transfer" && (
        <p className="mt-3 text-sm text-stone-600">下單後顯示匯款帳號，請於 3 天內完成匯款並回報帳號末五碼。</p>
      )}
    </fieldset>
  );
}
