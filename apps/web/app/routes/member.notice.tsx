import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { Paged } from "@shop/contract/envelope";
import { formatDateTime } from "@shop/contract/format";
import type { NotificationView } from "@shop/contract/order";
import { MemberLoadError, memberRead } from "../features/member/member-read";
import { NotifyChannels, readNotifyChannels } from "../features/member/NotifyChannels";
import { Lang, memberTitle, useTextLang } from "../features/member/server-text";
import { tabNoticesOf } from "../features/member/useTabNotices";
import { api } from "../lib/api";
import { Pagination } from "../ui/Pagination";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/member.notice";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: memberTitle(location.pathname, msg`通知訊息`) },
  { name: "robots", content: "noindex" },
];

/**
 * Opening the page marks what it shows as read; the list still marks them as they were. The mark
 * answers with the menu's unread counts, which useTabNotices prefers to the guard's (read beside
 * this loader, so perhaps before the mark).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  const [data, channels] = await Promise.all([
    memberRead<Paged<NotificationView>>("/api/notification/search", { body: { page, per_page: 20 } }),
    readNotifyChannels(),
  ]);
  const unread = data.list.filter((n) => !n.read).map((n) => n.id);
  if (unread.length > 0) {
    // A failed mark leaves them unread for next time; the page still shows.
    const marked = await api<{ notice: number; buy_list: number }>("/api/user/notice/read", { body: { ids: unread } });
    if (marked.status) return { page, data, channels, tabNotices: tabNoticesOf(marked.data) };
  }
  return { page, data, channels };
}
export { MemberLoadError as ErrorBoundary };

/** /member/notice: the member's notices, newest first. */
/** A notice's link under this page's mall and language; notices stored before 2026-11-30 may carry their own. */
const barePath = (link: string) => link.replace(/^(\/shop_\d+)?(\/en)?(?=\/)/, "");

export default function MemberNotice({ loaderData }: Route.ComponentProps) {
  const { page, data, channels } = loaderData;
  const { t } = useLingui();
  const langOf = useTextLang();

  return (
    <section className="card">
      <h1 className="mb-4 text-xl font-bold text-stone-800">{t`通知訊息`}</h1>
      <NotifyChannels initial={channels} />
      {data.list.length === 0 ? (
        <p className="py-6 text-center text-stone-600">{t`目前沒有通知。`}</p>
      ) : (
        <ul className="divide-y divide-stone-100" data-testid="notices">
          {data.list.map((n) => (
            <li key={n.id} className="py-3">
              <div className="flex items-center gap-2">
                {!n.read && (
                  <span className="h-2 w-2 rounded-full bg-red-600">
                    <span className="sr-only">{t`未讀`}</span>
                  </span>
                )}
                {n.link ? (
                  <ShopLink to={barePath(n.link)} className="font-medium text-stone-800 hover:underline" lang={langOf(n.title)}>
                    {n.title}
                  </ShopLink>
                ) : (
                  <span className="font-medium text-stone-800" lang={langOf(n.title)}>
                    {n.title}
                  </span>
                )}
              </div>
              <p className="text-sm text-stone-500">
                {formatDateTime(n.created_at)}
                {n.body ? "｜" : ""}
                <Lang text={n.body || undefined} lang={langOf(n.body)} />
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} total={data.total} perPage={data.per_page} path="/member/notice" query={{}} />
    </section>
  );
}
