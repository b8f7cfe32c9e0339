import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { Promotion } from "@shop/contract/catalogue";
import type { Paged } from "@shop/contract/envelope";
import { formatDate } from "@shop/contract/format";
import { promotionRule } from "../features/activity/rule-text";
import { translate, useContentLang, useLang } from "../i18n/runtime";
import { intParam } from "../lib/query";
import { seo, site } from "../lib/seo";
import { parseShopPrefix } from "../lib/shop";
import { Img } from "../ui/Img";
import { Pagination } from "../ui/Pagination";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/activity";

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const page = intParam(url.searchParams.get("page"), 1);
  const r = await context.api<Paged<Promotion>>("/api/discount/search", {
    query: { page, per_page: 12, shop_id: parseShopPrefix(params.shopPrefix) ?? 1 },
  });
  return r.status ? r.data : { list: [], total: 0, page, per_page: 12 };
}

export const meta: Route.MetaFunction = ({ matches, location, data: d }) =>
  seo({
    title: translate(location.pathname, msg`優惠活動`),
    description: d?.list.map((p) => `${p.title}：${p.rule_text}`).join("；"),
    ...site(matches),
    path: location.pathname,
  });

export default function Activities({ loaderData: d }: Route.ComponentProps) {
  const { t } = useLingui();
  const lang = useLang();
  const contentLang = useContentLang();
  return (
    <div>
      <h1 className="mb-5 text-2xl font-bold text-stone-800">{t`優惠活動`}</h1>
      {d.list.length === 0 ? (
        <p className="card text-center text-stone-600">{t`目前沒有進行中的活動。`}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-3">
          {d.list.map((a, i) => {
            const starts = formatDate(a.starts_at);
            const ends = formatDate(a.ends_at);
            return (
              <li key={a.id}>
                <ShopLink
                  to={`/activity/details?id=${a.id}`}
                  className="block overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 hover:ring-tea-600"
                >
                  {a.image && (
                    <Img
                      src={a.image}
                      alt=""
                      width={480}
                      height={320}
                      sizes="(min-width: 768px) 360px, 100vw"
                      priority={i === 0}
                      className="aspect-[3/2] w-full object-cover"
                    />
                  )}
                  <div className="p-4">
                    <p className="inline-block rounded bg-red-50 px-2 py-0.5 text-sm font-medium text-red-700">
                      {promotionRule(a.rule_text, lang, t)}
                    </p>
                    <h2 className="mt-2 font-bold text-stone-800" lang={contentLang}>
                      {a.title}
                    </h2>
                    <p className="mt-1 text-sm text-stone-600" lang={contentLang}>
                      {a.summary}
                    </p>
                    <p className="mt-2 text-xs text-stone-500">{t`活動期間 ${starts} – ${ends}`}</p>
                  </div>
                </ShopLink>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={d.page} total={d.total} perPage={d.per_page} path="/activity" query={{}} />
    </div>
  );
}
