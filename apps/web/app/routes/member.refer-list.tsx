import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { formatDate } from "@shop/contract/format";
import type { ReferralView } from "@shop/contract/loyalty";
import { useState } from "react";
import { MemberLoadError, memberRead } from "../features/member/member-read";
import { memberTitle } from "../features/member/server-text";
import { api } from "../lib/api";
import type { Route } from "./+types/member.refer-list";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: memberTitle(location.pathname, msg`推薦名單`) },
  { name: "robots", content: "noindex" },
];

function Row({ r, children }: { r: ReferralView; children?: React.ReactNode }) {
  const { t } = useLingui();
  const joined = formatDate(r.joined_at);
  return (
    <div className="flex flex-wrap items-center gap-3 py-2">
      <span className="font-medium text-stone-800">{r.name}</span>
      <span className="font-mono text-sm text-stone-500">{r.phone}</span>
      <span className="text-sm text-stone-500">{t`加入 ${joined}`}</span>
      <span
        className={`rounded-full px-2 py-0.5 text-xs ${r.qualified ? "bg-tea-100 text-tea-900" : "bg-stone-100 text-stone-600"}`}
      >
        {r.qualified ? t`本月已達標` : t`本月未達標`}
      </span>
      {children}
    </div>
  );
}

export async function clientLoader() {
  return { first: await memberRead<ReferralView[]>("/api/user/ref/first", { body: {} }) };
}
export { MemberLoadError as ErrorBoundary };

/** /member/refer_list: level-1 referrals, each opening its own level 2 when asked. */
export default function ReferList({ loaderData }: Route.ComponentProps) {
  const { first } = loaderData;
  const [open, setOpen] = useState<Record<number, ReferralView[] | "loading">>({});
  const { t } = useLingui();

  async function toggle(id: number) {
    if (open[id])
      return setOpen((o) => {
        const rest = { ...o };
        delete rest[id];
        return rest;
      });
    setOpen((o) => ({ ...o, [id]: "loading" }));
    const r = await api<ReferralView[]>("/api/user/ref/child", { body: { member_id: id } });
    setOpen((o) => ({ ...o, [id]: r.status ? r.data : [] }));
  }

  return (
    <section className="card">
      <h1 className="mb-4 text-xl font-bold text-stone-800">{t`推薦名單`}</h1>
      {first.length === 0 ? (
        <p className="py-6 text-center text-stone-600">{t`還沒有推薦會員，到「推薦好友」分享您的邀請連結吧。`}</p>
      ) : (
        <ul className="divide-y divide-stone-100" data-testid="referrals">
          {first.map((r) => {
            const children = open[r.member_id];
            const count = r.referrals;
            return (
              <li key={r.member_id}>
                <Row r={r}>
                  {r.referrals > 0 && (
                    <button
                      type="button"
                      className="ml-auto text-sm text-tea-700 underline"
                      aria-expanded={Boolean(children)}
                      onClick={() => void toggle(r.member_id)}
                    >
                      {t`第二代 ${count} 人`}
                    </button>
                  )}
                </Row>
                {children && (
                  <div className="mb-2 ml-4 border-l-2 border-tea-100 pl-3">
                    {children === "loading" ? (
                      <p role="status">{t`載入中…`}</p>
                    ) : (
                      children.map((c) => <Row key={c.member_id} r={c} />)
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
