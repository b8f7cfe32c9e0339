import { formatMoney } from "@shop/contract/format";
import { type CvsStore, deliversToAddress, type PayInfo } from "@shop/contract/order";
import { DELIVERY_TIME_LABELS, DELIVERY_TIMES, type DeliveryTime } from "@shop/contract/shipping";
import { AddressFields } from "./AddressFields";
import { type Draft, isCvs, type SetDraftField, type UpdateDraft } from "./draft";
import { fieldErrors } from "./field-errors";
import { ReceiverFields } from "./ReceiverFields";

/** Delivery: the shipping method, the receiver, and the address or convenience store it goes to. */
export function DeliveryFieldset(props: {
  draft: Draft;
  set: SetDraftField;
  update: UpdateDraft;
  info: PayInfo | null;
  errors: Record<string, string>;
  onChooseStore(type: CvsStore["type"]): void;
}) {
  const { draft, update, info, errors } = props;
  const { err } = fieldErrors(errors);
  const shipMethod = info?.ship_methods.find((m) => m.code === draft.ship);
  return (
    <fieldset className="card">
      <legend className="sr-only">配送方式</legend>
      <h2 className="mb-3 text-lg font-bold text-stone-800">配送方式</h2>
      <div className="grid gap-2 sm:grid-cols-2">
        {(info?.ship_methods ?? []).map((m) => (
          <label
            key={m.code}
            className={`flex cursor-pointer flex-wrap items-center gap-2 rounded-lg border p-3 ${draft.ship === m.code ? "border-tea-600 bg-tea-50" : "border-stone-200"}`}
          >
            <input
              type="radio"
              name="ship_method"
              value={m.code}
              checked={draft.ship === m.code}
              // A method that cannot carry this cart to this address is shown with its reason; one
              // already chosen stays chosen, so the buyer can change the address instead.
              disabled={m.reason !== null && draft.ship !== m.code}
              onChange={() => update((d) => ({ ship: m.code, cvs: d.cvs?.type === m.code ? d.cvs : null }))}
              className="accent-tea-700"
            />
            <span className="flex-1">{m.name}</span>
            <span className="text-sm text-stone-600">
              {m.reason !== null ? "無法配送" : m.fee_now === 0 ? "免運" : formatMoney(m.fee_now)}
            </span>
            {m.reason !== null && (
              <span className="w-full text-sm text-red-700" data-testid={`ship-reason-${m.code}`}>
                {m.reason}
              </span>
            )}
          </label>
        ))}
      </div>
      {err("ship")}
      {shipMethod && shipMethod.reason === null && shipMethod.free_threshold !== null && shipMethod.fee_now > 0 && (
        <p className="mt-2 text-sm text-stone-500">滿 {formatMoney(shipMethod.free_threshold)} 免運費</p>
      )}

      <ReceiverFields draft={draft} set={props.set} errors={errors} />

      {deliversToAddress(draft.ship) && (
        <AddressFields draft={draft} set={props.set} update={update} info={info} errors={errors} />
      )}
      {draft.ship === "tcat" && (
        <label className="mt-4 block">
          <span className="text-sm font-medium text-stone-700">指定配送時段</span>
          <select
            className="input mt-1"
            value={draft.deliveryTime}
            onChange={(e) => props.set("deliveryTime", e.target.value as DeliveryTime)}
          >
            {DELIVERY_TIMES.map((t) => (
              <option key={t} value={t}>
                {DELIVERY_TIME_LABELS[t]}
              </option>
            ))}
          </select>
        </label>
      )}

      {isCvs(draft.ship) && (
        <div className="mt-4 rounded-lg bg-stone-50 p-3" data-error={errors.cvs ? true : undefined} tabIndex={-1}>
          {draft.cvs ? (
            <p className="text-stone-800" data-testid="cvs-store">
              取貨門市：<strong>{draft.cvs.name}</strong>（{draft.cvs.id}）<br />
              <span className="text-sm text-stone-600">{draft.cvs.address}</span>
            </p>
          ) : (
            <p className="text-stone-600">請選擇取貨門市。</p>
          )}
          <button
            type="button"
            className="btn-secondary mt-2"
            onClick={() => props.onChooseStore(draft.ship as CvsStore["type"])}
          >
            {draft.cvs ? "更換門市" : "選擇門市"}
          </button>
          {err("cvs")}
        </div>
      )}
      {draft.ship === "depot" && (
        <p className="mt-4 rounded-lg bg-tea-50 p-3 text-sm text-tea-900">付款完成後商品存入您的雲端庫存，之後可隨時申請出貨。</p>
      )}
    </fieldset>
  );
}
