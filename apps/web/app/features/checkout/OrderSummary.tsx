import { useLingui } from "@lingui/react/macro";
import type { PayInfo } from "@shop/contract/order";
import { ShopLink } from "../../ui/ShopLink";
import { AmountTable } from "../orders/AmountTable";

/** The side panel: the amounts as last quoted and the order button (held back while a quote is pending). */
export function OrderSummary(props: {
  info: PayInfo | null;
  /** Fields the last submit found wrong and not yet fixed. */
  invalidCount: number;
  disabled: boolean;
  pending: boolean;
  quoting: boolean;
  signedIn: boolean;
  /** A delivery method is chosen (until then the shipping fee is not known). */
  shipChosen: boolean;
}) {
  const { t } = useLingui();
  const { info, pending, quoting } = props;
  const count = props.invalidCount;
  const q = info?.quote;
  return (
    <aside className="lg:sticky lg:top-24 lg:self-start">
      <section className="card">
        <h2 className="mb-3 text-lg font-bold text-stone-800">{t`金額明細`}</h2>
        {q ? <AmountTable amounts={q} shippingPending={!props.shipChosen} /> : <p className="text-stone-500">{t`計算中…`}</p>}
        <button type="submit" className="btn-primary mt-4 w-full text-lg" disabled={props.disabled}>
          {pending ? t`處理中…` : quoting && info ? t`金額計算中…` : t`確認下單`}
        </button>
        {props.invalidCount > 0 && (
          <p className="mt-2 text-sm text-red-700" role="alert" data-testid="checkout-invalid">
            {t`還有 ${count} 個欄位需要修正，請見標示的欄位。`}
          </p>
        )}
        {!props.signedIn && (
          <p className="mt-3 text-sm text-stone-500">
            {t`以訪客身分購買。`}
            <ShopLink to="/login" className="text-tea-700 underline">
              {t`登入會員`}
            </ShopLink>
            {t`可使用點數、錢包與優惠券。`}
          </p>
        )}
      </section>
    </aside>
  );
}
