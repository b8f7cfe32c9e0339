import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { formatMoney } from "@shop/contract/format";
import type { MonthMemberView, PointsPage, TeamPointsView } from "@shop/contract/loyalty";
import { ExchangePanel, exchangeAction, readExchange } from "../features/member/ExchangePanel";
import { LedgerList } from "../features/member/LedgerList";
import { MemberLoadError, memberRead } from "../features/member/member-read";
import { memberTitle } from "../features/member/server-text";
import { TeamPoints } from "../features/member/TeamPoints";
import { Pagination } from "../ui/Pagination";
import type { Route } from "./+types/member.point";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: memberTitle(location.pathname, msg`我的點數`) },
  { name: "robots", content: "noindex" },
];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  const [data, month, exchange, team] = await Promise.all([
    memberRead<PointsPage>("/api/point/search", { query: { page, per_page: 20 } }),
    memberRead<MonthMemberView>("/api/user/verifyMonthMember"),
    readExchange(),
    memberRead<TeamPointsView>("/api/point/team"),
  ]);
  return { page, data, month, exchange, team };
}
export { MemberLoadError as ErrorBoundary };

/** A points exchange (ExchangePanel's fetcher); the balance, ledger and exchange lists are read again. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return exchangeAction(request);
}

/** /member/point: the points balance, this month's member status and the ledger. */
export default function MemberPoints({ loaderData }: Route.ComponentProps) {
  const { page, data, month, exchange, team } = loaderData;
  const { t } = useLingui();
  const year = month.month.slice(0, 4);
  const monthNo = Number(month.month.slice(5));
  const counted = formatMoney(month.counted);
  const remaining = formatMoney(month.remaining);
  const threshold = formatMoney(month.threshold);
  return (
    <div className="space-y-5">
      <section className="card">
        <h1 className="text-xl font-bold text-stone-800">{t`我的點數`}</h1>
        <p className="mt-3 text-stone-600">
          {t`可用點數`}{" "}
          <strong className="text-3xl text-tea-800" data-testid="points-balance">
            {data.balance}
          </strong>{" "}
          {t`點（1 點折抵 NT$1）`}
        </p>
        <p className="mt-2 rounded-lg bg-tea-50 p-3 text-sm text-tea-900" data-testid="month-member">
          {t`${year} 年 ${monthNo} 月：已累積消費 ${counted}，`}
          {month.qualified
            ? t`已達每月會員資格，可獲得團隊點數。`
            : t`再消費 ${remaining} 即達每月會員資格（門檻 ${threshold}）。`}
        </p>
        <div className="mt-4">
          <LedgerList list={data.list} unit={(n) => t`${n} 點`} />
        </div>
        <Pagination page={page} total={data.total} perPage={data.per_page} path="/member/point" query={{}} />
      </section>
      <TeamPoints team={team} />
      <ExchangePanel {...exchange} />
    </div>
  );
}
