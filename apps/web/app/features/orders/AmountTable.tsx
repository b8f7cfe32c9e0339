import { formatMoney } from "@shop/contract/format";

interface Amounts {
  goods_amount: number;
  discounts: Array<{ source: "promotion" | "tier" | "coupon"; id: number; label: string; amount: number }>;
  shipping_fee: number;
  points_used: number;
  wallet_used: number;
  payable: number;
}

/** Every amount of a quote or an order, line by line, ending with what is still to pay. */
export function AmountTable({
  amounts,
  payableLabel = "應付金額",
  shippingPending = false,
}: {
  amounts: Amounts;
  payableLabel?: string;
  /** Checkout before a delivery method is chosen: the fee is not known yet (not 免運費). */
  shippingPending?: boolean;
}) {
  const rows: Array<[string, string]> = [
    ["商品小計", formatMoney(amounts.goods_amount)],
    ...amounts.discounts.map((d): [string, string] => [
      `${d.source === "coupon" ? "優惠券" : d.source === "tier" ? "會員等級" : "活動"}：${d.label}`,
      `-${formatMoney(d.amount)}`,
    ]),
    ["運費", shippingPending ? "選擇配送方式後計算" : amounts.shipping_fee === 0 ? "免運費" : formatMoney(amounts.shipping_fee)],
  ];
  if (amounts.points_used > 0) rows.push([`點數折抵（${amounts.points_used} 點）`, `-${formatMoney(amounts.points_used)}`]);
  if (amounts.wallet_used > 0) rows.push(["錢包折抵", `-${formatMoney(amounts.wallet_used)}`]);
  return (
    <dl className="space-y-1.5 text-stone-700">
      {rows.map(([k, v]) => (
        <div key={k} className="flex justify-between gap-4">
          <dt>{k}</dt>
          <dd className={v.startsWith("-") ? "text-red-700" : ""}>{v}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-stone-200 pt-2 text-lg font-bold">
        <dt>{payableLabel}</dt>
        <dd className="text-red-700" data-testid="payable">
          {formatMoney(amounts.payable)}
        </dd>
      </div>
    </dl>
  );
}
