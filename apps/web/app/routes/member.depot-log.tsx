import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { formatDateTime } from "@shop/contract/format";
import type { DepotLogView } from "@shop/contract/loyalty";
import { MemberLoadError, memberRead } from "../features/member/member-read";
import { DEPOT_REASONS, Lang, memberTitle, useServerText } from "../features/member/server-text";
import { useContentLang } from "../i18n/runtime";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/member.depot-log";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: memberTitle(location.pathname, msg`庫存異動紀錄`) },
  { name: "robots", content: "noindex" },
];

export const clientLoader = () => memberRead<DepotLogView[]>("/api/user/inventory/cloud/log");
export { MemberLoadError as ErrorBoundary };

/** /member/idepot_stock: every movement of the member's cloud depot. */
export default function DepotLog({ loaderData: data }: Route.ComponentProps) {
  const { t } = useLingui();
  const show = useServerText();
  const contentLang = useContentLang();
  return (
    <section className="card">
      <div className="mb-4 flex items-center justify-between">
        <h1 className="text-xl font-bold text-stone-800">{t`庫存異動紀錄`}</h1>
        <ShopLink to="/member/i_depot" className="text-sm text-tea-700 underline">
          {t`回雲端庫存`}
        </ShopLink>
      </div>
      {data.length === 0 ? (
        <p className="py-6 text-center text-stone-600">{t`目前沒有紀錄。`}</p>
      ) : (
        <ul className="divide-y divide-stone-100" data-testid="depot-log">
          {data.map((e) => (
            <li key={e.id} className="flex justify-between gap-3 py-3">
              <div>
                <p className="text-stone-800" lang={contentLang}>
                  {e.name}
                </p>
                <p className="text-sm text-stone-500">
                  {formatDateTime(e.created_at)}｜<Lang {...show(DEPOT_REASONS, e.reason)} />
                </p>
              </div>
              <span className={`font-bold ${e.qty >= 0 ? "text-tea-700" : "text-red-700"}`}>
                {e.qty >= 0 ? "+" : ""}
                {e.qty}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
