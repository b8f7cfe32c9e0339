import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { TeamPointsView } from "@shop/contract/loyalty";
import { useState } from "react";
import { useMember } from "../features/member/context";
import { MemberLoadError, memberRead } from "../features/member/member-read";
import { memberTitle } from "../features/member/server-text";
import { copyLink } from "../features/member/share";
import { TeamPoints } from "../features/member/TeamPoints";
import { api } from "../lib/api";
import { useShop } from "../lib/shop";
import { useAlerts } from "../ui/alerts";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/member.refer";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: memberTitle(location.pathname, msg`推薦好友`) },
  { name: "robots", content: "noindex" },
];

export async function clientLoader() {
  return { team: await memberRead<TeamPointsView>("/api/point/team") };
}
export { MemberLoadError as ErrorBoundary };

/** /member/refer: the member's referral code, its invitation link, a fresh code on request, and the team points. */
export default function MemberRefer({ loaderData }: Route.ComponentProps) {
  const { user, setUser } = useMember();
  const shop = useShop();
  const alerts = useAlerts();
  const [busy, setBusy] = useState(false);
  const { t } = useLingui();
  const link = typeof window === "undefined" ? "" : `${window.location.origin}${shop.path("/register")}?refcode=${user.refcode}`;

  async function regenerate() {
    if (!(await alerts.confirm(t`產生新推薦碼後，舊的推薦碼與連結將立即失效。確定嗎？`))) return;
    setBusy(true);
    const r = await api<{ refcode: string }>("/api/user/freshRefcode", { body: {} });
    setBusy(false);
    if (!r.status) return alerts.error(r.message);
    setUser({ ...user, refcode: r.data.refcode });
    alerts.toast(r.message);
  }

  return (
    <div className="space-y-5">
      <section className="card">
        <h1 className="text-xl font-bold text-stone-800">{t`推薦好友`}</h1>
        <p className="mt-2 text-stone-600">
          {t`好友以您的推薦碼註冊後成為您的推薦會員；好友完成訂單時，符合每月會員資格的您可獲得團隊點數。`}
        </p>
        <p className="mt-5 text-sm text-stone-500">{t`我的推薦碼`}</p>
        <p className="font-mono text-3xl font-bold tracking-widest text-tea-800" data-testid="my-refcode">
          {user.refcode}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="button" className="btn-primary" onClick={() => void copyLink(alerts, link, t`已複製邀請連結`)}>
            {t`複製邀請連結`}
          </button>
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => void regenerate()}>
            {t`產生新推薦碼`}
          </button>
        </div>
        <p className="mt-3 break-all text-sm text-stone-500">{link}</p>
        <ShopLink to="/member/account_share" className="mt-3 inline-block text-sm text-tea-700 underline">
          {t`顯示我的邀請 QR Code`}
        </ShopLink>
      </section>
      <TeamPoints team={loaderData.team} />
    </div>
  );
}
