import { useLingui } from "@lingui/react/macro";
import type { TeamPointsView } from "@shop/contract/loyalty";

/** Team points (decision 94): each referral level's percentage and what the member earned by it. */
export function TeamPoints({ team }: { team: TeamPointsView }) {
  const { t } = useLingui();
  const rows: Array<[string, number, number]> = [
    [t`第 1 代（直接推薦的好友）`, team.level1, team.earned1],
    [t`第 2 代（好友推薦的會員）`, team.level2, team.earned2],
  ];
  const total = team.earned1 + team.earned2;
  return (
    <section className="card" data-testid="team-points">
      <h2 className="text-lg font-bold text-stone-800">{t`團隊點數`}</h2>
      <p className="mt-1 text-sm text-stone-600">{t`推薦會員的訂單完成時，當月符合每月會員資格的您可依比例獲得點數。`}</p>
      <table className="mt-3 w-full text-left">
        <thead className="text-sm text-stone-500">
          <tr>
            <th className="py-2 font-normal">{t`推薦層級`}</th>
            <th className="py-2 text-right font-normal">{t`回饋比例`}</th>
            <th className="py-2 text-right font-normal">{t`已獲得`}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {rows.map(([label, percent, earned]) => (
            <tr key={label}>
              <td className="py-2">{label}</td>
              <td className="py-2 text-right">{percent}%</td>
              <td className="py-2 text-right text-tea-800">{t`${earned} 點`}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-stone-200">
            <td className="py-2 font-medium">{t`合計`}</td>
            <td />
            <td className="py-2 text-right font-bold text-tea-800" data-testid="team-earned">
              {t`${total} 點`}
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
