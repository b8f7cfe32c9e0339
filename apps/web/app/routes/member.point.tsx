import { formatMoney } from "@shop/contract/format";
import type { MonthMemberView, PointsPage } from "@shop/contract/loyalty";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { ExchangePanel } from "../features/member/ExchangePanel";
import { LedgerList } from "../features/member/LedgerList";
import { useMemberData } from "../features/member/useMemberData";
import { Pagination } from "../ui/Pagination";
import type { Route } from "./+types/member.point";

export const meta: Route.MetaFunction = () => [{ title: "我的點數｜茶山好物" }, { name: "robots", content: "noindex" }];

/** /member/point: the points balance, this month's member status and the ledger. */
export default function MemberPoints() {
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const [version, setVersion] = useState(0);
  const { data, error } = useMemberData<PointsPage>("/api/point/search", { page, per_page: 20, v: version });
  const month = useMemberData<MonthMemberView>("/api/user/verifyMonthMember").data;
  return (
    <div className="space-y-5">
      <section className="card">
        <h1 className="text-xl font-bold text-stone-800">我的點數</h1>
        {error && <p className="text-red-700">{error}</p>}
        <p className="mt-3 text-stone-600">
          可用點數{" "}
          <strong className="text-3xl text-tea-800" data-testid="points-balance">
            {data?.balance ?? "—"}
          </strong>{" "}
          點（1 點折抵 NT$1）
        </p>
        {month && (
          <p className="mt-2 rounded-lg bg-tea-50 p-3 text-sm text-tea-900" data-testid="month-member">
            {month.month.slice(0, 4)} 年 {Number(month.month.slice(5))} 月：已累積消費 {formatMoney(month.counted)}，
            {month.qualified
              ? "已達每月會員資格，可獲得團隊點數。"
              : `再消費 ${formatMoney(month.remaining)} 即達每月會員資格（門檻 ${formatMoney(month.threshold)}）。`}
          </p>
        )}
        <div className="mt-4">
          {data ? <LedgerList list={data.list} unit={(n) => `${n} 點`} /> : <p role="status">載入中…</p>}
        </div>
        {data && <Pagination page={page} total={data.total} perPage={data.per_page} path="/member/point" query={{}} />}
      </section>
      <ExchangePanel onDone={() => setVersion((v) => v + 1)} />
    </div>
  );
}
