import { useLingui } from "@lingui/react/macro";
import { formatMoney } from "@shop/contract/format";
import type { PayInfo } from "@shop/contract/order";
import { useContentLang } from "../../i18n/runtime";
import { Field } from "../../ui/Field";
import { CouponCodeField } from "./CouponCodeField";
import type { Draft, SetDraftField } from "./draft";
import { useServerText } from "./server-text";

/** Members only: a coupon, points and wallet balance to put towards the order. */
export function DiscountFieldset({
  draft,
  set,
  info,
  errors,
}: {
  draft: Draft;
  set: SetDraftField;
  info: PayInfo;
  errors: Record<string, string>;
}) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const { say, lang } = useServerText();
  const owned = info.points.owned;
  const cap = info.points.cap_per_order;
  const balance = formatMoney(info.wallet.balance);
  return (
    <fieldset className="card">
      <legend className="sr-only">{t`優惠與折抵`}</legend>
      <h2 className="mb-3 text-lg font-bold text-stone-800">{t`優惠與折抵`}</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="coupon" className="field-label">
            {t`優惠券`}
          </label>
          <select
            id="coupon"
            className="input"
            value={draft.couponId}
            onChange={(e) => {
              set("couponId", e.target.value ? Number(e.target.value) : "");
              // One coupon per order: a chosen coupon replaces a typed code.
              if (e.target.value) set("couponCode", "");
            }}
          >
            <option value="">{t`不使用`}</option>
            {info.coupons.map((c) => (
              <option key={c.id} value={c.id} lang={contentLang}>
                {c.title}
              </option>
            ))}
          </select>
          {info.quote.coupon_rejected && !draft.couponCode && (
            <p className="field-error" lang={lang("coupon", info.quote.coupon_rejected)}>
              {say("coupon", info.quote.coupon_rejected)}
            </p>
          )}
        </div>
        <CouponCodeField draft={draft} set={set} info={info} />
        <Field
          id="points"
          label={cap !== null ? t`使用點數（可用 ${owned} 點，每筆上限 ${cap} 點）` : t`使用點數（可用 ${owned} 點）`}
          inputMode="numeric"
          value={draft.points || ""}
          onChange={(e) => set("points", Math.max(0, Number(e.target.value.replace(/\D/g, "")) || 0))}
          error={errors.points}
          announce={false}
        />
        <Field
          id="wallet"
          label={t`使用錢包（餘額 ${balance}）`}
          inputMode="numeric"
          value={draft.wallet || ""}
          onChange={(e) => set("wallet", Math.max(0, Number(e.target.value.replace(/\D/g, "")) || 0))}
        />
      </div>
    </fieldset>
  );
}
