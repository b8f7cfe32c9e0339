import { useLingui } from "@lingui/react/macro";
import { formatMoney } from "@shop/contract/format";
import type { QuoteView } from "@shop/contract/order";
import { useContentLang } from "../../i18n/runtime";
import { Img } from "../../ui/Img";
import { LineKindTag } from "../orders/LineKindTag";
import { PreorderBadge } from "../orders/PreorderBadge";

/** The page heading, a failed quote's message and the lines being bought, as last quoted. */
export function CheckoutLines({ quote, quoteError }: { quote: QuoteView | undefined; quoteError: string | null }) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  return (
    <section className="card">
      <h1 className="mb-4 text-2xl font-bold text-stone-800">{t`結帳`}</h1>
      {quoteError && (
        <p className="mb-3 rounded-lg bg-red-50 p-3 text-red-800" role="alert">
          {quoteError}
        </p>
      )}
      <ul className="divide-y divide-stone-100">
        {(quote?.lines ?? []).map((l) => (
          <li key={l.variant_id} className="flex items-center gap-3 py-2">
            <Img src={l.image} alt="" width={56} height={56} sizes="56px" className="h-14 w-14 rounded-lg object-cover" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-stone-800" lang={contentLang}>
                {l.name}
              </p>
              <p className="text-sm text-stone-500">
                <span lang={contentLang}>{l.variant_name}</span>｜{formatMoney(l.price)} × {l.qty}
              </p>
              <PreorderBadge shipOn={l.preorder_ship_on} />
            </div>
            <span className="font-bold text-stone-800">{formatMoney(l.subtotal)}</span>
          </li>
        ))}
        {(quote?.addon_lines ?? []).map((l) => (
          <li key={`addon-${l.deal_id}`} className="flex items-center gap-3 py-2" data-testid="checkout-addon-line">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-stone-800">
                <LineKindTag kind="addon" />
                {l.name}
              </p>
              <p className="text-sm text-stone-500">
                {l.title}｜{t`加購價`} {formatMoney(l.price)} × {l.qty}
              </p>
            </div>
            <span className="font-bold text-stone-800">{formatMoney(l.price * l.qty)}</span>
          </li>
        ))}
        {(quote?.gift_lines ?? []).map((l) => (
          <li key={`gift-${l.rule_id}`} className="flex items-center gap-3 py-2" data-testid="checkout-gift-line">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-stone-800">
                <LineKindTag kind="gift" />
                {l.name}
              </p>
              <p className="text-sm text-stone-500">
                {l.title}｜× {l.qty}
              </p>
            </div>
            <span className="font-bold text-stone-800">NT$0</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
