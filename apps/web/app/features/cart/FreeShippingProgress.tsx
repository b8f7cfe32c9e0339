import { formatMoney } from "@shop/contract/format";
import type { FreeShippingOffer } from "./cart-data";

/**
 * 「再買 NT$X 即可免運」 towards the lowest threshold, with a bar and each method's threshold (they
 * differ: store pick-up is often cheaper to make free than home delivery).
 */
export function FreeShippingProgress({ amount, offers: list }: { amount: number; offers: FreeShippingOffer[] }) {
  // Towards the lowest threshold; once past it, towards the next method's (home delivery often costs more).
  const next = list.find((o) => o.threshold > amount);
  const threshold = next?.threshold ?? list[list.length - 1]?.threshold;
  if (threshold === undefined || amount <= 0) return null;
  const left = threshold - amount;
  const message =
    left <= 0
      ? "已達免運門檻，享免運費"
      : next === list[0]
        ? `再買 ${formatMoney(left)} 即可免運`
        : `再買 ${formatMoney(left)} ${next?.name ?? ""}也免運`;
  return (
    <div className="mb-3 text-sm" data-testid="free-shipping">
      <p className={left > 0 ? "text-stone-700" : "font-medium text-tea-800"}>{message}</p>
      <div
        className="mt-1.5 h-2 overflow-hidden rounded-full bg-stone-200"
        role="progressbar"
        aria-label="免運進度"
        aria-valuemin={0}
        aria-valuemax={threshold}
        aria-valuenow={Math.min(amount, threshold)}
      >
        <div className="h-full rounded-full bg-tea-600" style={{ width: `${Math.min(100, (amount / threshold) * 100)}%` }} />
      </div>
      <p className="mt-1 text-xs text-stone-500">
        免運門檻：{list.map((o) => `${o.name} ${formatMoney(o.threshold)}`).join("、")}
      </p>
    </div>
  );
}
