import type { ShipMethodView } from "@shop/contract/catalogue";
import { formatMoney } from "@shop/contract/format";
import type { ShopFooter } from "@shop/contract/front";

/** A method's fee for this product (the server's estimate, decision 89): 本島, 離島, 低溫 and free shipping. */
function feeText({ fee, free_threshold: free, estimate: e }: ShipMethodView) {
  if (!e) return `${fee === 0 ? "免運費" : formatMoney(fee)}${fee > 0 && free ? `，滿 ${formatMoney(free)} 免運` : ""}`;
  if (e.main === null) return "不配送此商品";
  const money = (n: number) => (n === 0 ? "免運費" : formatMoney(n));
  return [
    // One figure when 離島 costs the same as 本島.
    e.outlying === e.main ? money(e.main) : `本島 ${money(e.main)}`,
    e.outlying === null ? "、離島不配送" : e.outlying !== e.main ? `、離島 ${money(e.outlying)}` : "",
    e.chilled > 0 ? `（含低溫 ${formatMoney(e.chilled)}）` : "",
    e.main > 0 && free ? `，滿 ${formatMoney(free)} 免運${e.outlying_excluded ? "（離島除外）" : ""}` : "",
  ].join("");
}

/**
 * What a shopper here checks before the cart (decision 51): each delivery method's fee and free
 * threshold, when it ships and how to pay (the shop's own settings), and the 7-day 鑑賞期.
 */
export default function ShoppingNotes({ shipMethods, shop }: { shipMethods: ShipMethodView[]; shop: ShopFooter | null }) {
  return (
    <dl className="divide-y divide-stone-100 rounded-xl bg-white text-sm ring-1 ring-stone-200" data-testid="shopping-notes">
      {shipMethods.length > 0 && (
        <div className="flex gap-3 p-3">
          <dt className="w-16 shrink-0 font-medium text-stone-700">運費</dt>
          <dd className="text-stone-700">
            <ul>
              {shipMethods.map((m) => (
                <li key={m.code} data-testid={`ship-note-${m.code}`}>
                  {m.name} {feeText(m)}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
      {shop?.dispatch && (
        <div className="flex gap-3 p-3">
          <dt className="w-16 shrink-0 font-medium text-stone-700">出貨</dt>
          <dd className="text-stone-700">{shop.dispatch}</dd>
        </div>
      )}
      {shop && shop.payment_methods.length > 0 && (
        <div className="flex gap-3 p-3">
          <dt className="w-16 shrink-0 font-medium text-stone-700">付款</dt>
          <dd className="text-stone-700">{`${shop.payment_methods.join("、")}，會員可用點數與錢包折抵`}</dd>
        </div>
      )}
      <div className="flex gap-3 p-3">
        <dt className="w-16 shrink-0 font-medium text-stone-700">退換貨</dt>
        <dd className="text-stone-700">
          {
            "收到商品後享 7 天鑑賞期，可在會員中心的訂單申請退貨或換貨；鑑賞期並非試用期，商品須保持完整包裝，已拆封的食品依法不適用。"
          }
        </dd>
      </div>
    </dl>
  );
}
