import { formatDateTime } from "@shop/contract/format";
import type { LedgerEntryView } from "@shop/contract/loyalty";

/** Ledger rows: when, why, and the signed change (points or NT$). */
export function LedgerList({ list, unit }: { list: LedgerEntryView[]; unit: (n: number) => string }) {
  if (list.length === 0) return <p className="py-6 text-center text-stone-600">目前沒有紀錄。</p>;
  return (
    <ul className="divide-y divide-stone-100" data-testid="ledger">
      {list.map((e) => (
        <li key={e.id} className="flex items-center justify-between gap-3 py-3">
          <div>
            <p className="text-stone-800">{e.reason}</p>
            <p className="text-sm text-stone-500">{formatDateTime(e.created_at)}</p>
          </div>
          <span className={`font-bold ${e.delta >= 0 ? "text-tea-700" : "text-red-700"}`}>
            {e.delta >= 0 ? "+" : "-"}
            {unit(Math.abs(e.delta))}
          </span>
        </li>
      ))}
    </ul>
  );
}
