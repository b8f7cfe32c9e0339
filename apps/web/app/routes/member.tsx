import type { Paged } from "@shop/contract/envelope";
import { formatDate, formatMoney } from "@shop/contract/format";
import type { PointsPage, WalletHome } from "@shop/contract/loyalty";
import type { OrderStatus, OrderSummary } from "@shop/contract/order";
import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { useMember } from "../features/member/context";
import { MEMBER_GROUPS } from "../features/member/menu";
import { useMemberData } from "../features/member/useMemberData";
import { Badge, useTabNotices } from "../features/member/useTabNotices";
import { api } from "../lib/api";
import { useLogout } from "../lib/auth";
import type { loader as rootLoader } from "../root";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/member";

export const meta: Route.MetaFunction = () => [{ title: "會員中心｜茶山好物" }, { name: "robots", content: "noindex" }];

/** How many of the member's orders wait in a status (the order list's total for it). */
function useOrderCount(status: OrderStatus) {
  const [n, setN] = useState<number | null>(null);
  useEffect(() => {
    void api<Paged<OrderSummary>>("/api/order/search", { body: { status, page: 1, per_page: 1 } }).then(
      (r) => r.status && setN(r.data.total),
    );
  }, [status]);
  return n;
}

function MemberBalances() {
  const points = useMemberData<PointsPage>("/api/point/search", { per_page: 1 }).data;
  const wallet = useMemberData<WalletHome>("/api/user/wallet/home", { per_page: 1 }).data;
  const unpaid = useOrderCount("pending_payment");
  const toShip = useOrderCount("paid");
  const tiles: Array<[string, string, string]> = [
    ["/member/point", "我的點數", points ? String(points.balance) : "—"],
    ["/member/wallet", "錢包餘額", wallet ? formatMoney(wallet.balance) : "—"],
    ["/member/buy_list?status=pending_payment", "待付款", unpaid === null ? "—" : `${unpaid} 筆`],
    ["/member/buy_list?status=paid", "待出貨", toShip === null ? "—" : `${toShip} 筆`],
  ];
  return (
    <div className="mt-4 grid grid-cols-2 gap-3 text-center md:grid-cols-4" data-testid="member-tiles">
      {tiles.map(([to, label, value]) => (
        <ShopLink key={to} to={to} className="rounded-xl bg-tea-50 p-3">
          <span className="block text-sm text-stone-600">{label}</span>
          <strong className="text-xl text-tea-800">{value}</strong>
        </ShopLink>
      ))}
    </div>
  );
}

/** Member overview; the phone layout shows the member menu as a grid (the spec's mobile variant). */
export default function MemberOverview() {
  const { user } = useMember();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const logout = useLogout();
  const unread = useTabNotices();

  return (
    <div className="flex flex-col gap-5">
      <section className="card" data-testid="member-overview">
        <p className="text-sm text-stone-500">會員中心</p>
        <h1 className="mt-1 text-2xl font-bold text-stone-800">{user.nickname || user.name}，您好</h1>
        <dl className="mt-4 grid grid-cols-1 gap-3 text-sm md:grid-cols-3">
          <div className="rounded-xl bg-stone-50 p-3">
            <dt className="text-stone-500">手機號碼</dt>
            <dd className="mt-1 font-medium">{user.phone}</dd>
          </div>
          <div className="rounded-xl bg-stone-50 p-3">
            <dt className="text-stone-500">我的推薦碼</dt>
            <dd className="mt-1 font-mono text-lg font-bold tracking-wider text-tea-800">{user.refcode}</dd>
          </div>
          <div className="rounded-xl bg-stone-50 p-3">
            <dt className="text-stone-500">加入日期</dt>
            <dd className="mt-1 font-medium">{formatDate(user.created_at)}</dd>
          </div>
        </dl>
        <MemberBalances />
      </section>

      {root?.isMobile &&
        MEMBER_GROUPS.map((g) => (
          <nav key={g.title} aria-label={g.title} className="card p-4">
            <h2 className="mb-2 text-sm font-bold text-stone-600">{g.title}</h2>
            <ul className="grid grid-cols-2 gap-2 text-sm">
              {g.items
                .filter((m) => !m.sellerOnly || user.is_seller)
                .map((m) => (
                  <li key={m.to}>
                    <ShopLink to={m.to} className="flex min-h-11 items-center gap-2 rounded-xl bg-stone-50 px-3 text-stone-700">
                      <svg
                        aria-hidden
                        viewBox="0 0 24 24"
                        className="h-5 w-5 shrink-0 text-tea-700"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="1.6"
                      >
                        <path d={g.icon} />
                      </svg>
                      {m.label}
                      <Badge n={unread[m.to]} />
                    </ShopLink>
                  </li>
                ))}
            </ul>
          </nav>
        ))}

      <button type="button" className="btn-secondary self-start" onClick={() => void logout()}>
        登出
      </button>
    </div>
  );
}
