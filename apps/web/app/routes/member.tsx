import { formatDate, formatMoney } from "@shop/contract/format";
import type { PointsPage, WalletHome } from "@shop/contract/loyalty";
import { useRouteLoaderData } from "react-router";
import { useMember } from "../features/member/context";
import { MEMBER_MENU } from "../features/member/menu";
import { useMemberData } from "../features/member/useMemberData";
import { Badge, useTabNotices } from "../features/member/useTabNotices";
import { useLogout } from "../lib/auth";
import type { loader as rootLoader } from "../root";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/member";

export const meta: Route.MetaFunction = () => [{ title: "會員中心｜茶山好物" }, { name: "robots", content: "noindex" }];

function MemberBalances() {
  const points = useMemberData<PointsPage>("/api/point/search", { per_page: 1 }).data;
  const wallet = useMemberData<WalletHome>("/api/user/wallet/home", { per_page: 1 }).data;
  return (
    <div className="mt-4 grid grid-cols-3 gap-3 text-center">
      <ShopLink to="/member/point" className="rounded-xl bg-tea-50 p-3">
        <span className="block text-sm text-stone-600">我的點數</span>
        <strong className="text-xl text-tea-800">{points?.balance ?? "—"}</strong>
      </ShopLink>
      <ShopLink to="/member/wallet" className="rounded-xl bg-tea-50 p-3">
        <span className="block text-sm text-stone-600">錢包餘額</span>
        <strong className="text-xl text-tea-800">{wallet ? formatMoney(wallet.balance) : "—"}</strong>
      </ShopLink>
      <ShopLink to="/member/buy_list" className="rounded-xl bg-tea-50 p-3">
        <span className="block text-sm text-stone-600">訂單紀錄</span>
        <strong className="text-xl text-tea-800">查看</strong>
      </ShopLink>
    </div>
  );
}

/** Member overview; the phone layout shows the member menu as a grid (the spec's mobile variant). */
export default function MemberOverview() {
  const { user } = useMember();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const logout = useLogout();
  const menu = MEMBER_MENU.filter((m) => m.to !== "/member" && (!m.sellerOnly || user.is_seller));
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

      {root?.isMobile && (
        <nav aria-label="會員功能" className="card grid grid-cols-3 gap-3 p-4 text-center text-sm">
          {menu.map((m) => (
            <ShopLink key={m.to} to={m.to} className="rounded-xl bg-stone-50 px-2 py-3 text-stone-700">
              {m.label}
              <Badge n={unread[m.to]} />
            </ShopLink>
          ))}
        </nav>
      )}

      <button type="button" className="btn-secondary self-start" onClick={() => void logout()}>
        登出
      </button>
    </div>
  );
}
