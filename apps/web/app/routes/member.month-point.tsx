import { formatMoney } from "@shop/contract/format";
import type { MonthMemberView } from "@shop/contract/loyalty";
import { MemberLoadError, memberRead } from "../features/member/member-read";
import type { Route } from "./+types/member.month-point";

export const meta: Route.MetaFunction = () => [{ title: "每月點數｜茶山好物" }, { name: "robots", content: "noindex" }];

const monthLabel = (m: string) => `${m.slice(0, 4)} 年 ${Number(m.slice(5))} 月`;

export async function clientLoader() {
  const [months, status] = await Promise.all([
    memberRead<Array<{ month: string; earned: number; used: number }>>("/api/point/month"),
    memberRead<MonthMemberView>("/api/user/verifyMonthMember"),
  ]);
  return { months, status };
}
export { MemberLoadError as ErrorBoundary };

/** /member/month_point: points earned and used per month, and this month's member status. */
export default function MonthPoint({ loaderData }: Route.ComponentProps) {
  const { months, status } = loaderData;
  const pct = status ? Math.min(100, Math.round((status.counted / Math.max(1, status.threshold)) * 100)) : 0;
  return (
    <section className="card">
      <h1 className="text-xl font-bold text-stone-800">每月點數</h1>
      {status && (
        <div className="mt-4 rounded-xl bg-tea-50 p-4">
          <p className="text-tea-900">
            {monthLabel(status.month)}每月會員：{status.qualified ? "已達標" : `尚差 ${formatMoney(status.remaining)}`}
          </p>
          <div
            className="mt-2 h-2 rounded-full bg-white"
            role="progressbar"
            aria-valuenow={pct}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label="每月消費進度"
          >
            <div className="h-2 rounded-full bg-tea-700" style={{ width: `${pct}%` }} />
          </div>
          <p className="mt-1 text-sm text-stone-600">
            已累積 {formatMoney(status.counted)} ／ 門檻 {formatMoney(status.threshold)}
            ；達標當月，推薦會員的訂單完成時可獲得團隊點數。
          </p>
        </div>
      )}
      {months.length === 0 ? (
        <p className="py-6 text-center text-stone-600">目前沒有點數紀錄。</p>
      ) : (
        <table className="mt-4 w-full text-left" data-testid="month-table">
          <thead className="text-sm text-stone-500">
            <tr>
              <th className="py-2 font-normal">月份</th>
              <th className="py-2 text-right font-normal">獲得</th>
              <th className="py-2 text-right font-normal">使用</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {months.map((m) => (
              <tr key={m.month}>
                <td className="py-2">{monthLabel(m.month)}</td>
                <td className="py-2 text-right text-tea-700">+{m.earned}</td>
                <td className="py-2 text-right text-red-700">-{m.used}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
