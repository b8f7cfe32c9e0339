import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { Paged } from "@shop/contract/envelope";
import { formatDate } from "@shop/contract/format";
import type { NewsSummary } from "@shop/contract/front";
import { translate, useContent, useContentLang } from "../i18n/runtime";
import { intParam } from "../lib/query";
import { seo, site } from "../lib/seo";
import { parseShopPrefix } from "../lib/shop";
import { Img } from "../ui/Img";
import { Pagination } from "../ui/Pagination";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/news";

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const page = intParam(url.searchParams.get("page"), 1);
  const r = await context.api<Paged<NewsSummary>>("/api/front/new/search", {
    query: { page, per_page: 10, shop_id: parseShopPrefix(params.shopPrefix) ?? 1 },
  });
  return r.status ? r.data : { list: [], total: 0, page, per_page: 10 };
}

export const meta: Route.MetaFunction = ({ matches, location, data: d }) =>
  seo({
    title: translate(location.pathname, msg`最新消息`),
    description: d?.list.map((n) => n.title).join("、"),
    ...site(matches),
    path: location.pathname,
  });

export default function News({ loaderData: d }: Route.ComponentProps) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const content = useContent();
  return (
    <div>
      <h1 className="mb-5 text-2xl font-bold text-stone-800">{t`最新消息`}</h1>
      {d.list.length === 0 ? (
        <p className="card text-center text-stone-600">{t`目前沒有消息。`}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {d.list.map((n, i) => (
            <li key={n.id}>
              <ShopLink
                to={`/news/details?id=${n.id}`}
                className="flex gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 hover:ring-tea-600"
              >
                {n.image && (
                  <Img
                    src={n.image}
                    alt=""
                    width={120}
                    height={120}
                    sizes="120px"
                    priority={i < 2}
                    className="h-24 w-24 shrink-0 rounded-xl object-cover"
                  />
                )}
                <div>
                  <time dateTime={n.published_at} className="text-sm text-stone-500">
                    {formatDate(n.published_at)}
                  </time>
                  <h2 className="mt-1 font-bold text-stone-800" lang={content(n.title, n.title_en).lang}>
                    {content(n.title, n.title_en).text}
                  </h2>
                  <p className="mt-1 line-clamp-2 text-sm text-stone-600" lang={contentLang}>
                    {n.summary}
                  </p>
                </div>
              </ShopLink>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={d.page} total={d.total} perPage={d.per_page} path="/news" query={{}} />
    </div>
  );
}
