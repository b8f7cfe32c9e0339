import { useLingui } from "@lingui/react/macro";
import { formatMoney } from "@shop/contract/format";
import type { QuoteView } from "@shop/contract/order";
import { useState } from "react";
import type { Draft, SetDraftField } from "./draft";
import { useServerText } from "./server-text";

type AddOnOffer = QuoteView["addon_offers"][number];
type GiftOffer = QuoteView["gift_offers"][number];

/**
 * 加價購 and 滿額贈 at checkout (decision 93): each add-on deal with its 加購 button (up to its cap)
 * or why this cart cannot take it, each gift rule reached (the gift, a choice when several, 已送完)
 * or how much more to spend, and whatever the quote refuses (限購, an add-on or gift gone).
 */
export function DealsPanel({ draft, set, quote }: { draft: Draft; set: SetDraftField; quote: QuoteView }) {
  const { t } = useLingui();
  const { say, lang } = useServerText();
  const { addon_offers: addOns, gift_offers: gifts, refusals } = quote;
  if (addOns.length === 0 && gifts.length === 0 && refusals.length === 0) return null;
  const setQty = (dealId: number, qty: number) => {
    const next = { ...draft.addons };
    if (qty > 0) next[dealId] = qty;
    else delete next[dealId];
    set("addons", next);
  };
  return (
    <section className="card" aria-labelledby="deals-heading">
      <h2 id="deals-heading" className="mb-3 text-lg font-bold text-stone-800">
        {t`加價購與滿額贈`}
      </h2>
      {refusals.length > 0 && (
        <ul className="mb-3 space-y-1 rounded-lg bg-red-50 p-3 text-sm text-red-800" role="alert">
          {refusals.map((r) => (
            <li key={`${r.code}:${r.message}`} lang={lang("deal", r.message)}>
              {say("deal", r.message)}
            </li>
          ))}
        </ul>
      )}
      {addOns.length > 0 && (
        <ul className="divide-y divide-stone-100" aria-label={t`加價購`}>
          {addOns.map((o) => (
            <AddOnRow key={o.deal_id} offer={o} taken={draft.addons?.[o.deal_id] ?? 0} onQty={(q) => setQty(o.deal_id, q)} />
          ))}
        </ul>
      )}
      {gifts.length > 0 && (
        <ul className="mt-2 space-y-3" aria-label={t`滿額贈`}>
          {gifts.map((g) => (
            <GiftRow
              key={g.rule_id}
              offer={g}
              picked={draft.gifts?.[g.rule_id]}
              onChoose={(variantId) => set("gifts", { ...draft.gifts, [g.rule_id]: variantId })}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function AddOnRow({ offer, taken, onQty }: { offer: AddOnOffer; taken: number; onQty: (qty: number) => void }) {
  const { t } = useLingui();
  const { say, lang } = useServerText();
  const [qty, setQty] = useState(1);
  const title = offer.title;
  const price = formatMoney(offer.price);
  const cap = offer.per_order_cap;
  const choices = Array.from({ length: Math.max(1, offer.per_order_cap) }, (_, i) => i + 1);
  const selectId = `addon-qty-${offer.deal_id}`;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-stone-800">
          <span className="mr-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-bold text-amber-900">{t`加價購`}</span>
          {offer.title}
        </p>
        <p className="text-sm text-stone-600">
          {t`加購價 ${price}`}
          {cap > 1 ? t`，每筆限 ${cap} 件` : t`，每筆限 1 件`}
        </p>
        {!offer.eligible && offer.reason && (
          <p className="text-sm text-amber-900" lang={lang("deal", offer.reason)}>
            {say("deal", offer.reason)}
          </p>
        )}
      </div>
      {offer.eligible && (
        <div className="flex items-center gap-2">
          {choices.length > 1 && (
            <>
              <label htmlFor={selectId} className="sr-only">
                {t`${title}加購數量`}
              </label>
              <select
                id={selectId}
                className="input w-20"
                value={taken || qty}
                onChange={(e) => (taken ? onQty(Number(e.target.value)) : setQty(Number(e.target.value)))}
              >
                {choices.map((n) => (
                  <option key={n} value={n}>
                    {t`${n} 件`}
                  </option>
                ))}
              </select>
            </>
          )}
          {taken > 0 ? (
            <button type="button" className="btn-secondary" onClick={() => onQty(0)} aria-label={t`取消加購${title}`}>
              {t`取消加購`}
            </button>
          ) : (
            <button type="button" className="btn-primary" onClick={() => onQty(qty)} aria-label={t`加購${title}`}>
              {t`加購`}
            </button>
          )}
        </div>
      )}
      {taken > 0 && <p className="w-full text-sm font-medium text-emerald-800">{t`已加購 ${taken} 件`}</p>}
    </li>
  );
}

function GiftRow({
  offer,
  picked,
  onChoose,
}: {
  offer: GiftOffer;
  /** The shopper's pick, shown at once (the quote confirms it, or refuses it when it is gone). */
  picked: number | undefined;
  onChoose: (variantId: number) => void;
}) {
  const { t } = useLingui();
  const chosen = picked ?? offer.chosen;
  const names = offer.options.map((o) => o.name).join(t`、`);
  const badge = <span className="mr-1 rounded bg-rose-100 px-1.5 py-0.5 text-xs font-bold text-rose-900">{t`滿額贈`}</span>;
  const shortBy = formatMoney(offer.short_by);
  const threshold = formatMoney(offer.threshold);
  const gift = offer.options[0]?.name ?? "";
  if (!offer.reached)
    return (
      <li>
        <p className="font-medium text-stone-800">
          {badge}
          {offer.title}
        </p>
        <p className="text-sm text-stone-600">{t`再買 ${shortBy} 送 ${names}`}</p>
      </li>
    );
  const gone = offer.options.every((o) => !o.available) && offer.chosen === null;
  return (
    <li>
      <p className="font-medium text-stone-800">
        {badge}
        {offer.title}
        {t`：已達 ${threshold}`}
      </p>
      {gone ? (
        <p className="text-sm text-stone-600">{t`贈品已送完`}</p>
      ) : offer.options.length === 1 ? (
        <p className="text-sm text-emerald-800">{t`贈送 ${gift}（NT$0）`}</p>
      ) : (
        <fieldset className="mt-1">
          <legend className="text-sm text-stone-600">{t`請選擇一項贈品`}</legend>
          {offer.options.map((o) => (
            <label key={o.variant_id} className="mt-1 flex items-center gap-2 text-sm text-stone-800">
              <input
                type="radio"
                name={`gift-${offer.rule_id}`}
                value={o.variant_id}
                checked={chosen === o.variant_id}
                disabled={!o.available && chosen !== o.variant_id}
                onChange={() => onChoose(o.variant_id)}
              />
              {o.name}
              {!o.available && <span className="text-stone-600">{t`（已送完）`}</span>}
            </label>
          ))}
        </fieldset>
      )}
    </li>
  );
}
