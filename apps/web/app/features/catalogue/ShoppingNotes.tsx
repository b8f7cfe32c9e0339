import type { ShipMethodView } from "@shop/contract/catalogue";
import { formatMoney } from "@shop/contract/format";
import type { ShopFooter } from "@shop/contract/front";

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
                <li key={m.code}>
                  {m.name} {m.fee === 0 ? "免運費" : formatMoney(m.fee)}
                  {m.fee > 0 && m.free_threshold ? `，滿 ${formatMoney(m.free_threshold)} 免運` : ""}
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
