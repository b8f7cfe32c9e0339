import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { ShipMethodView } from "@shop/contract/catalogue";
import { formatMoney } from "@shop/contract/format";
import type { ShopFooter } from "@shop/contract/front";
import { type MessageDescriptor, useContentLang } from "../../i18n/runtime";
import { useServerText } from "../checkout/server-text";

/** The server's payment method names (PAYMENT_METHOD_LABELS in @shop/contract), as the shopper reads them. */
const PAYMENT_LABELS: Record<string, MessageDescriptor> = {
  信用卡: msg`信用卡`,
  "ATM／銀行轉帳": msg`ATM／銀行轉帳`,
  貨到付款: msg`貨到付款`,
  "點數／錢包全額付款": msg`點數／錢包全額付款`,
  街口支付: msg`街口支付`,
  悠遊付: msg`悠遊付`,
  "Atome 先享後付": msg`Atome 先享後付`,
  "ATM 虛擬帳號（免回報）": msg`ATM 虛擬帳號（免回報）`,
};

/**
 * What a shopper here checks before the cart (decision 51): each delivery method's fee and free
 * threshold, when it ships and how to pay (the shop's own settings), and the 7-day 鑑賞期.
 */
export default function ShoppingNotes({ shipMethods, shop }: { shipMethods: ShipMethodView[]; shop: ShopFooter | null }) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const { say, lang } = useServerText();

  /** A method's fee for this product (the server's estimate, decision 89): 本島, 離島, 低溫 and free shipping. */
  const feeText = ({ fee, free_threshold: free, estimate: e }: ShipMethodView) => {
    const money = (n: number) => (n === 0 ? t`免運費` : formatMoney(n));
    const freeOver = (amount: string) => t`，滿 ${amount} 免運`;
    if (!e) return `${money(fee)}${fee > 0 && free ? freeOver(formatMoney(free)) : ""}`;
    if (e.main === null) return t`不配送此商品`;
    const main = money(e.main);
    const outlying = e.outlying === null ? "" : money(e.outlying);
    const chilled = formatMoney(e.chilled);
    return [
      // One figure when 離島 costs the same as 本島.
      e.outlying === e.main ? main : t`本島 ${main}`,
      e.outlying === null ? t`、離島不配送` : e.outlying !== e.main ? t`、離島 ${outlying}` : "",
      e.chilled > 0 ? t`（含低溫 ${chilled}）` : "",
      e.main > 0 && free ? `${freeOver(formatMoney(free))}${e.outlying_excluded ? t`（離島除外）` : ""}` : "",
    ].join("");
  };

  const payments = shop?.payment_methods.map((m) => (PAYMENT_LABELS[m] ? t(PAYMENT_LABELS[m]) : m)).join(t`、`) ?? "";

  return (
    <dl className="divide-y divide-stone-100 rounded-xl bg-white text-sm ring-1 ring-stone-200" data-testid="shopping-notes">
      {shipMethods.length > 0 && (
        <div className="flex gap-3 p-3">
          <dt className="w-16 shrink-0 font-medium text-stone-700">{t`運費`}</dt>
          <dd className="text-stone-700">
            <ul>
              {shipMethods.map((m) => (
                <li key={m.code} data-testid={`ship-note-${m.code}`}>
                  <span lang={lang("ship", m.name)}>{say("ship", m.name)}</span> {feeText(m)}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
      {shop?.dispatch && (
        <div className="flex gap-3 p-3">
          <dt className="w-16 shrink-0 font-medium text-stone-700">{t`出貨`}</dt>
          <dd className="text-stone-700" lang={contentLang}>
            {shop.dispatch}
          </dd>
        </div>
      )}
      {shop && shop.payment_methods.length > 0 && (
        <div className="flex gap-3 p-3">
          <dt className="w-16 shrink-0 font-medium text-stone-700">{t`付款`}</dt>
          <dd className="text-stone-700">{t`${payments}，會員可用點數與錢包折抵`}</dd>
        </div>
      )}
      <div className="flex gap-3 p-3">
        <dt className="w-16 shrink-0 font-medium text-stone-700">{t`退換貨`}</dt>
        <dd className="text-stone-700">
          {t`收到商品後享 7 天鑑賞期，可在會員中心的訂單申請退貨或換貨；鑑賞期並非試用期，商品須保持完整包裝，已拆封的食品依法不適用。`}
        </dd>
      </div>
    </dl>
  );
}
