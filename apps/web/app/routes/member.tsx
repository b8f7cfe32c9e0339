import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { Paged } from "@shop/contract/envelope";
import { formatDate, formatMoney } from "@shop/contract/format";
import type { MemberTierView, PointsPage, WalletHome } from "@shop/contract/loyalty";
import type { OrderStatus, OrderSummary } from "@shop/contract/order";
import { useRouteLoaderData } from "react-router";
import { useMember } from "../features/member/context";
import { MemberLoadError, memberRead } from "../features/member/member-read";
import { MEMBER_GROUPS } from "../features/member/menu";
import { Lang, memberTitle } from "../features/member/server-text";
import { Badge, useTabNotices } from "../features/member/useTabNotices";
import { aroundValue, useContentLang, useTextLang, VALUE } from "../i18n/runtime";
import { useLogout } from "../lib/auth";
import type { loader as rootLoader } from "../root";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/member";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: memberTitle(location.pathname, msg`會員中心`) },
  { name: "robots", content: "noindex" },
];

/** The overview's tiles: points, wallet, and how many orders wait for payment or shipping. */
export async function clientLoader() {
  const count = (status: OrderStatus) =>
    memberRead<Paged<OrderSummary>>("/api/order/search", { body: { status, page: 1, per_page: 1 } }).then((p) => p.total);
  const [points, wallet, unpaid, toShip, tier] = await Promise.all([
    memberRead<PointsPage>("/api/point/search", { query: { per_page: 1 } }),
    memberRead<WalletHome>("/api/user/wallet/home", { query: { per_page: 1 } }),
    count("pending_payment"),
    count("paid"),
    memberRead<MemberTierView>("/api/member/tier"),
  ]);
  return { points: points.balance, wallet: wallet.balance, unpaid, toShip, tier };
}
export { MemberLoadError as ErrorBoundary };

function MemberBalances({ points, wallet, unpaid, toShip }: Route.ComponentProps["loaderData"]) {
  const { t } = useLingui();
  const tiles: Array<[string, string, string]> = [
    ["/member/point", t`我的點數`, String(points)],
    ["/member/wallet", t`錢包餘額`, formatMoney(wallet)],
    ["/member/buy_list?status=pending_payment", t`待付款`, t`${unpaid} 筆`],
    ["/member/buy_list?status=paid", t`待出貨`, t`${toShip} 筆`],
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

/** The member's level and how far the next one is, linking to /member/level (decision 94). */
function TierLine({ tier }: { tier: MemberTierView }) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const remaining = tier.next ? formatMoney(tier.next.remaining) : "";
  const next = tier.next?.name ?? "";
  return (
    <ShopLink
      to="/member/level"
      className="mt-2 inline-block rounded-full bg-tea-50 px-3 py-1 text-sm text-tea-900"
      data-testid="member-tier"
    >
      {tier.level ? <Lang text={tier.level.name} lang={contentLang} /> : t`一般會員`}
      {tier.next ? t`・再消費 ${remaining} 升級 ${next}` : ""}
    </ShopLink>
  );
}

/** Member overview; the phone layout shows the member menu as a grid (the spec's mobile variant). */
export default function MemberOverview({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { user } = useMember();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const logout = useLogout();
  const unread = useTabNotices();
  const name = user.nickname || user.name;
  // The name is the member's own words: an element of its own, marked Chinese on an English page.
  const greeting = aroundValue(t`${VALUE}，您好`);
  const textLang = useTextLang();

  return (
    <div className="flex flex-col gap-5">
      <section className="card" data-testid="member-overview">
        <p className="text-sm text-stone-500">{t`會員中心`}</p>
        <h1 className="mt-1 text-2xl font-bold text-stone-800">
          {greeting[0]}
          <span lang={textLang(name)}>{name}</span>
          {greeting[1]}
        </h1>
        <TierLine tier={loaderData.tier} />
        <dl className="mt-4 grid grid-cols-1 gap-3 text-sm md:grid-cols-3">
          <div className="rounded-xl bg-stone-50 p-3">
            <dt className="text-stone-500">{t`手機號碼`}</dt>
            <dd className="mt-1 font-medium">{user.phone}</dd>
          </div>
          <div className="rounded-xl bg-stone-50 p-3">
            <dt className="text-stone-500">{t`我的推薦碼`}</dt>
            <dd className="mt-1 font-mono text-lg font-bold tracking-wider text-tea-800">{user.refcode}</dd>
          </div>
          <div className="rounded-xl bg-stone-50 p-3">
            <dt className="text-stone-500">{t`加入日期`}</dt>
            <dd className="mt-1 font-medium">{formatDate(user.created_at)}</dd>
          </div>
        </dl>
        <MemberBalances {...loaderData} />
      </section>

      {root?.isMobile &&
        MEMBER_GROUPS.map((g) => (
          <nav key={g.icon} aria-label={t(g.message)} className="card p-4">
            <h2 className="mb-2 text-sm font-bold text-stone-600">{t(g.message)}</h2>
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
                      {t(m.message)}
                      <Badge n={unread[m.to]} />
                    </ShopLink>
                  </li>
                ))}
            </ul>
          </nav>
        ))}

      <button type="button" className="btn-secondary self-start" onClick={() => void logout()}>
        {t`登出`}
      </button>
    </div>
  );
}
