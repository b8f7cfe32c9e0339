import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { formatMoney } from "@shop/contract/format";
import type { MonthMemberView } from "@shop/contract/loyalty";
import { MemberLoadError, memberRead } from "../features/member/member-read";
import { memberTitle } from "../features/member/server-text";
import type { MessageDescriptor } from "../i18n/runtime";
import type { Route } from "./+types/member.month-point";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: memberTitle(location.pathname, msg`每月點數`) },
  { name: "robots", content: "noindex" },
];

const monthLabel = (t: (d: MessageDescriptor) => string, m: string) => {
  const year = m.slice(0, 4);
  const month = Number(m.slice(5));
  return t(msg`${year} 年 ${month} 月`);
};

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
  const { t } = useLingui();
  const month = status ? monthLabel(t, status.month) : "";
  const remaining = formatMoney(status?.remaining ?? 0);
  const counted = formatMoney(status?.counted ?? 0);
  const threshold = formatMoney(status?.threshold ?? 0);
  return (
    <section className="card">
      <h1 className="text-xl font-bold text-stone-800">{t`每月點數`}</h1>
      {status && (
        <div className="mt-4 rounded-xl bg-tea-50 p-4">
          <p className="text-tea-900">
            {t`${month}每月會員：`}
            {status.qualified ? t`已達標` : t`尚差 ${remaining}`}
          </p>
          <div
            className="mt-2 h-2 rounded-full bg-white"
            role="progressbar"
            aria-valuenow={pct}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label={t`每月消費進度`}
          >
            <div className="h-2 rounded-full bg-tea-700" style={{ width: `${pct}%` }} />
          </div>
          <p className="mt-1 text-sm text-stone-600">
            {t`已累積 ${counted} ／ 門檻 ${threshold}`}
            {t`；達標當月，推薦會員的訂單完成時可獲得團隊點數。`}
          </p>
        </div>
      )}
      {months.length === 0 ? (
        <p className="py-6 text-center text-stone-600">{t`目前沒有點數紀錄。`}</p>
      ) : (
        <table className="mt-4 w-full text-left" data-testid="month-table">
          <thead className="text-sm text-stone-500">
            <tr>
              <th className="py-2 font-normal">{t`月份`}</th>
              <th className="py-2 text-right font-normal">{t`獲得`}</th>
              <th className="py-2 text-right font-normal">{t`使用`}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {months.map((m) => (
              <tr key={m.month}>
                <td className="py-2">{monthLabel(t, m.month)}</td>
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
