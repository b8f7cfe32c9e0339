import { useLingui } from "@lingui/react/macro";
import { isDeviceWallet, type PayInfo } from "@shop/contract/order";
import { type RefObject, useEffect } from "react";
import { CardFields, type CardFieldsHandle } from "../orders/CardFields";
import { deviceWalletUsable } from "../orders/method-prime";
import { InstalmentSelect, PAY_HINT_MESSAGES, PayMark } from "../orders/PayMark";
import type { Draft, SetDraftField } from "./draft";
import { fieldErrors } from "./field-errors";
import { useServerText } from "./server-text";

/** The payment methods in the shop's order, each with its mark; the card entry (and instalments) when paying by card. */
export function PaymentFieldset(props: {
  draft: Draft;
  set: SetDraftField;
  info: PayInfo | null;
  errors: Record<string, string>;
  card: RefObject<CardFieldsHandle | null>;
}) {
  const { t } = useLingui();
  const { say, lang } = useServerText();
  const { draft, set, info } = props;
  const { err } = fieldErrors(props.errors);
  // Apple Pay / Google Pay only where this browser has the sheet (or in 測試模式, the simulator).
  const methods = info ? info.payment_methods.filter((m) => !isDeviceWallet(m.code) || deviceWalletUsable(m.code, info)) : [];
  const plans = info?.instalments ?? [];
  const hint = draft.payment ? PAY_HINT_MESSAGES[draft.payment] : undefined;
  // An instalment count the new amount no longer reaches goes back to 一次付清.
  useEffect(() => {
    if (draft.instalment && info && !info.instalments.some((p) => p.count === draft.instalment)) set("instalment", 0);
  }, [draft.instalment, info, set]);
  // A wallet chosen on the product page or the cart that this browser or order cannot use: choose again.
  const usable = methods.some((m) => m.code === draft.payment && m.available);
  useEffect(() => {
    if (info && draft.payment && isDeviceWallet(draft.payment) && !usable) set("payment", "");
  }, [draft.payment, info, usable, set]);
  const simulated = info?.card.simulated;
  return (
    <fieldset className="card">
      <legend className="sr-only">{t`付款方式`}</legend>
      <h2 className="mb-3 text-lg font-bold text-stone-800">{t`付款方式`}</h2>
      <div className="grid gap-2 sm:grid-cols-2">
        {methods.map((m) => (
          <label
            key={m.code}
            className={`flex min-h-11 items-center gap-2 rounded-lg border p-3 ${m.available ? "cursor-pointer" : "opacity-60"} ${draft.payment === m.code ? "border-tea-600 bg-tea-50" : "border-stone-200"}`}
          >
            <input
              type="radio"
              name="payment_method"
              value={m.code}
              aria-label={say("pay", m.name)}
              aria-describedby={m.reason ? `pay-reason-${m.code}` : undefined}
              disabled={!m.available}
              checked={draft.payment === m.code}
              onChange={() => set("payment", m.code)}
              className="accent-tea-700"
            />
            <span className="flex-1">
              {say("pay", m.name)}
              {simulated && isDeviceWallet(m.code) && (
                <span className="ml-1 rounded bg-amber-700 px-1.5 py-0.5 text-xs text-white">{t`測試模式`}</span>
              )}
              {m.reason && (
                <span id={`pay-reason-${m.code}`} className="block text-xs text-stone-500" lang={lang("payReason", m.reason)}>
                  {say("payReason", m.reason)}
                </span>
              )}
            </span>
            <PayMark code={m.code} />
          </label>
        ))}
      </div>
      {err("payment")}
      {draft.payment === "card" && info && (
        <div className="mt-4">
          <CardFields ref={props.card} config={info.card} />
          <InstalmentSelect id="instalment" plans={plans} value={draft.instalment} onChange={(n) => set("instalment", n)} />
        </div>
      )}
      {hint && (
        <p className="mt-3 text-sm text-stone-600" data-testid="pay-hint">
          {t(hint)}
          {simulated && draft.payment !== "transfer" && draft.payment !== "cod" && t`（測試模式：不會實際扣款）`}
        </p>
      )}
    </fieldset>
  );
}
