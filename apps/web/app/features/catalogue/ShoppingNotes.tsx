import type { ShipMethodView } from "@shop/contract/catalogue";
import { formatMoney } from "@shop/contract/format";

/**
 * What a shopper here checks before the cart (decision 51): each delivery method's fee and free
 * threshold (the shop's own settings), when it ships, how to pay, and the 7-day 鑑賞期.
 */
export default function ShoppingNotes({ shipMethods }: { shipMethods: ShipMethodView[] }) {
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
      <div className="flex gap-3 p-3">
        <dt className="w-16 shrink-0 font-medium text-stone-700">出貨</dt>
        <dd className="text-stone-700">付款完成後 1–3 個工作天內出貨（例假日不出貨）</dd>
      </div>
      <div className="flex gap-3 p-3">
        <dt className="w-16 shrink-0 font-medium text-stone-700">付款</dt>
        <dd className="text-stone-700">信用卡、ATM 轉帳、貨到付款（宅配、超商取貨），可用點數與購物金折抵</dd>
      </div>
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
