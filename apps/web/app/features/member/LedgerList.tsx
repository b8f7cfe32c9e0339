import { useLingui } from "@lingui/react/macro";
import { formatDateTime } from "@shop/contract/format";
import type { LedgerEntryView } from "@shop/contract/loyalty";
import { LEDGER_REASONS, useServerText } from "./server-text";

/** Ledger rows: when, why, and the signed change (points or NT$). */
export function LedgerList({ list, unit }: { list: LedgerEntryView[]; unit: (n: number) => string }) {
  const { t } = useLingui();
  const show = useServerText();
  if (list.length === 0) return <p className="py-6 text-center text-stone-600">{t`目前沒有紀錄。`}</p>;
  return (
    <ul className="divide-y divide-stone-100" data-testid="ledger">
      {list.map((e) => {
        const reason = show(LEDGER_REASONS, e.reason);
        return (
          <li key={e.id} className="flex items-center justify-between gap-3 py-3">
            <div>
              <p className="text-stone-800" lang={reason.lang}>
                {reason.text}
              </p>
              <p className="text-sm text-stone-500">{formatDateTime(e.created_at)}</p>
            </div>
            <span className={`font-bold ${e.delta >= 0 ? "text-tea-700" : "text-red-700"}`}>
              {e.delta >= 0 ? "+" : "-"}
              {unit(Math.abs(e.delta))}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
