import { formatMoney } from "@shop/contract/format";
import type { PayInfo } from "@shop/contract/order";
import { Field } from "../../ui/Field";
import { CouponCodeField } from "./CouponCodeField";
import type { Draft, SetDraftField } from "./draft";

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
  return (
    <fieldset className="card">
      <legend className="sr-only">優惠與折抵</legend>
      <h2 className="mb-3 text-lg font-bold text-stone-800">優惠與折抵</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="coupon" className="field-label">
            優惠券
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
            <option value="">不使用</option>
            {info.coupons.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
          {info.quote.coupon_rejected && !draft.couponCode && <p className="field-error">{info.quote.coupon_rejected}</p>}
        </div>
        <CouponCodeField draft={draft} set={set} info={info} />
        <Field
          id="points"
          label={`使用點數（可用 ${info.points.owned} 點${info.points.cap_per_order !== null ? `，每筆上限 ${info.points.cap_per_order} 點` : ""}）`}
          inputMode="numeric"
          value={draft.points || ""}
          onChange={(e) => set("points", Math.max(0, Number(e.target.value.replace(/\D/g, "")) || 0))}
          error={errors.points}
          announce={false}
        />
        <Field
          id="wallet"
          label={`使用錢包（餘額 ${formatMoney(info.wallet.balance)}）`}
          inputMode="numeric"
          value={draft.wallet || ""}
          onChange={(e) => set("wallet", Math.max(0, Number(e.target.value.replace(/\D/g, "")) || 0))}
        />
      </div>
    </fieldset>
  );
}
