import { useLingui } from "@lingui/react/macro";
import { formatMoney } from "@shop/contract/format";
import { useServerText } from "../checkout/server-text";
import type { FreeShippingOffer } from "./cart-data";

/**
 * 「再買 NT$X 即可免運」 towards the lowest threshold, with a bar and each method's threshold (they
 * differ: store pick-up is often cheaper to make free than home delivery).
 */
export function FreeShippingProgress({ amount, offers: all }: { amount: number; offers: FreeShippingOffer[] }) {
  const { t } = useLingui();
  const { say } = useServerText();
  // Methods that can carry this cart and ship free above an amount, lowest threshold first.
  const list = all
    .filter((o): o is FreeShippingOffer & { threshold: number } => o.threshold !== null && o.fee !== null)
    .sort((a, b) => a.threshold - b.threshold);
  // Towards the lowest threshold; once past it, towards the next method's (home delivery often costs more).
  const next = list.find((o) => o.threshold > amount);
  const target = next ?? list[list.length - 1];
  if (target === undefined || amount <= 0) return null;
  const threshold = target.threshold;
  const left = threshold - amount;
  const outlying = t`（離島除外）`;
  const except = target.outlyingExcluded ? outlying : "";
  const money = formatMoney(left);
  const method = next ? say("ship", next.name) : "";
  const message =
    left <= 0
      ? t`已達免運門檻，享免運費${except}`
      : next === list[0]
        ? t`再買 ${money} 即可免運${except}`
        : t`再買 ${money} ${method}也免運${except}`;
  const comma = t`、`;
  // Each method's fee for this cart to 本島, free past its own threshold.
  const fees = all.flatMap((o) =>
    o.fee === null
      ? []
      : [`${say("ship", o.name)} ${o.threshold !== null && amount >= o.threshold ? t`免運` : formatMoney(o.fee)}`],
  );
  return (
    <div className="mb-3 text-sm" data-testid="free-shipping">
      <p className={left > 0 ? "text-stone-700" : "font-medium text-tea-800"}>{message}</p>
      <div
        className="mt-1.5 h-2 overflow-hidden rounded-full bg-stone-200"
        role="progressbar"
        aria-label={t`免運進度`}
        aria-valuemin={0}
        aria-valuemax={threshold}
        aria-valuenow={Math.min(amount, threshold)}
      >
        <div className="h-full rounded-full bg-tea-600" style={{ width: `${Math.min(100, (amount / threshold) * 100)}%` }} />
      </div>
      <p className="mt-1 text-xs text-stone-500">
        {t`免運門檻：`}
        {list.map((o) => `${say("ship", o.name)} ${formatMoney(o.threshold)}${o.outlyingExcluded ? outlying : ""}`).join(comma)}
      </p>
      <p className="mt-1 text-xs text-stone-500" data-testid="cart-ship-fees">
        {t`預估運費（本島）：`}
        {fees.join(comma)}
      </p>
    </div>
  );
}
