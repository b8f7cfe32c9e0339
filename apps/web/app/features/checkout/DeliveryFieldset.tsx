import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { formatMoney } from "@shop/contract/format";
import { type CvsStore, deliversToAddress, type PayInfo } from "@shop/contract/order";
import { DELIVERY_TIME_LABELS, DELIVERY_TIMES, type DeliveryTime } from "@shop/contract/shipping";
import { type MessageDescriptor, useContentLang } from "../../i18n/runtime";
import { AddressFields } from "./AddressFields";
import { type Draft, isCvs, type SetDraftField, type UpdateDraft } from "./draft";
import { fieldErrors } from "./field-errors";
import { ReceiverFields } from "./ReceiverFields";
import { useServerText } from "./server-text";

// The contract's DELIVERY_TIME_LABELS in words (the times themselves read the same in English).
const TIME_WORDS: Record<string, MessageDescriptor> = { 不指定: msg`不指定` };

/** Delivery: the shipping method, the receiver, and the address or convenience store it goes to. */
export function DeliveryFieldset(props: {
  draft: Draft;
  set: SetDraftField;
  update: UpdateDraft;
  info: PayInfo | null;
  errors: Record<string, string>;
  onChooseStore(type: CvsStore["type"]): void;
}) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const { say, lang } = useServerText();
  const { draft, update, info, errors } = props;
  const { err } = fieldErrors(errors);
  const shipMethod = info?.ship_methods.find((m) => m.code === draft.ship);
  const freeFrom = formatMoney(shipMethod?.free_threshold ?? 0);
  const storeId = draft.cvs?.id ?? "";
  return (
    <fieldset className="card">
      <legend className="sr-only">{t`配送方式`}</legend>
      <h2 className="mb-3 text-lg font-bold text-stone-800">{t`配送方式`}</h2>
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
            <span className="flex-1" lang={lang("ship", m.name)}>
              {say("ship", m.name)}
            </span>
            <span className="text-sm text-stone-600">
              {m.reason !== null ? t`無法配送` : m.fee_now === 0 ? t`免運` : formatMoney(m.fee_now)}
            </span>
            {m.reason !== null && (
              <span
                className="w-full text-sm text-red-700"
                data-testid={`ship-reason-${m.code}`}
                lang={lang("shipReason", m.reason)}
              >
                {say("shipReason", m.reason)}
              </span>
            )}
          </label>
        ))}
      </div>
      {err("ship")}
      {shipMethod && shipMethod.reason === null && shipMethod.free_threshold !== null && shipMethod.fee_now > 0 && (
        <p className="mt-2 text-sm text-stone-500">{t`滿 ${freeFrom} 免運費`}</p>
      )}

      <ReceiverFields draft={draft} set={props.set} errors={errors} />

      {deliversToAddress(draft.ship) && (
        <AddressFields draft={draft} set={props.set} update={update} info={info} errors={errors} />
      )}
      {draft.ship === "tcat" && (
        <label className="mt-4 block">
          <span className="text-sm font-medium text-stone-700">{t`指定配送時段`}</span>
          <select
            className="input mt-1"
            value={draft.deliveryTime}
            onChange={(e) => props.set("deliveryTime", e.target.value as DeliveryTime)}
          >
            {DELIVERY_TIMES.map((slot) => {
              const words = TIME_WORDS[DELIVERY_TIME_LABELS[slot]];
              return (
                <option key={slot} value={slot}>
                  {words ? t(words) : DELIVERY_TIME_LABELS[slot]}
                </option>
              );
            })}
          </select>
        </label>
      )}

      {isCvs(draft.ship) && (
        <div className="mt-4 rounded-lg bg-stone-50 p-3" data-error={errors.cvs ? true : undefined} tabIndex={-1}>
          {draft.cvs ? (
            <p className="text-stone-800" data-testid="cvs-store">
              {t`取貨門市：`}
              <strong lang={contentLang}>{draft.cvs.name}</strong>
              {t`（${storeId}）`}
              <br />
              <span className="text-sm text-stone-600" lang={contentLang}>
                {draft.cvs.address}
              </span>
            </p>
          ) : (
            <p className="text-stone-600">{t`請選擇取貨門市。`}</p>
          )}
          <button
            type="button"
            className="btn-secondary mt-2"
            onClick={() => props.onChooseStore(draft.ship as CvsStore["type"])}
          >
            {draft.cvs ? t`更換門市` : t`選擇門市`}
          </button>
          {err("cvs")}
        </div>
      )}
      {draft.ship === "depot" && (
        <p className="mt-4 rounded-lg bg-tea-50 p-3 text-sm text-tea-900">{t`付款完成後商品存入您的雲端庫存，之後可隨時申請出貨。`}</p>
      )}
    </fieldset>
  );
}
