import { useLingui } from "@lingui/react/macro";
import { formatMoney } from "@shop/contract/format";
import { useContentLang } from "../../i18n/runtime";

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
  payableLabel,
  shippingPending = false,
}: {
  amounts: Amounts;
  payableLabel?: string;
  /** Checkout before a delivery method is chosen: the fee is not known yet (not 免運費). */
  shippingPending?: boolean;
}) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const points = amounts.points_used;
  // [key, label, amount]; a discount's own name (a promotion's, a coupon's, a tier's) is the shop's content.
  const rows: Array<[string, React.ReactNode, string]> = [
    ["goods", t`商品小計`, formatMoney(amounts.goods_amount)],
    ...amounts.discounts.map((d): [string, React.ReactNode, string] => {
      const source = d.source === "coupon" ? t`優惠券：` : d.source === "tier" ? t`會員等級：` : t`活動：`;
      const text = `${source}${d.label}`;
      return [
        `${d.source}-${d.id}`,
        contentLang ? (
          <>
            {source}
            <span lang={contentLang}>{d.label}</span>
          </>
        ) : (
          text
        ),
        `-${formatMoney(d.amount)}`,
      ];
    }),
    [
      "shipping",
      t`運費`,
      shippingPending ? t`選擇配送方式後計算` : amounts.shipping_fee === 0 ? t`免運費` : formatMoney(amounts.shipping_fee),
    ],
  ];
  if (points > 0) rows.push(["points", t`點數折抵（${points} 點）`, `-${formatMoney(points)}`]);
  if (amounts.wallet_used > 0) rows.push(["wallet", t`錢包折抵`, `-${formatMoney(amounts.wallet_used)}`]);
  return (
    <dl className="space-y-1.5 text-stone-700">
      {rows.map(([key, k, v]) => (
        <div key={key} className="flex justify-between gap-4">
          <dt>{k}</dt>
          <dd className={v.startsWith("-") ? "text-red-700" : ""}>{v}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-stone-200 pt-2 text-lg font-bold">
        <dt>{payableLabel ?? t`應付金額`}</dt>
        <dd className="text-red-700" data-testid="payable">
          {formatMoney(amounts.payable)}
        </dd>
      </div>
    </dl>
  );
}
