import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { PromotionDetail } from "@shop/contract/catalogue";
import { formatDate } from "@shop/contract/format";
import { data } from "react-router";
import { promotionRule } from "../features/activity/rule-text";
import { translate, useContentLang, useLang } from "../i18n/runtime";
import { intParam } from "../lib/query";
import { seo, site } from "../lib/seo";
import { parseShopPrefix } from "../lib/shop";
import { ProductCard } from "../ui/ProductCard";
import { RichContent } from "../ui/RichContent";
import type { Route } from "./+types/activity-details";

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const id = intParam(url.searchParams.get("id"), 0);
  if (!id) throw data(null, { status: 404 });
  const r = await context.api<PromotionDetail>("/api/discount/get", {
    query: { id, shop_id: parseShopPrefix(params.shopPrefix) ?? 1 },
  });
  if (!r.status) throw data(null, { status: 404 });
  return r.data;
}

export const meta: Route.MetaFunction = ({ data: a, matches, location }) =>
  a
    ? seo({
        title: a.title,
        description: `${a.rule_text}。${a.summary}`,
        ...site(matches),
        path: `${location.pathname}?id=${a.id}`,
        image: a.image,
      })
    : [{ title: translate(location.pathname, msg`找不到此頁面`) }];

export default function ActivityDetails({ loaderData: a }: Route.ComponentProps) {
  const { t } = useLingui();
  const lang = useLang();
  const contentLang = useContentLang();
  const starts = formatDate(a.starts_at);
  const ends = formatDate(a.ends_at);
  const body = <RichContent html={a.description} className="mt-4 text-stone-700" />;
  return (
    <div className="flex flex-col gap-6">
      <article className="card">
        <p className="inline-block rounded bg-red-50 px-2 py-0.5 font-medium text-red-700">
          {promotionRule(a.rule_text, lang, t)}
        </p>
        <h1 className="mt-2 text-2xl font-bold text-stone-800" lang={contentLang}>
          {a.title}
        </h1>
        <p className="mt-1 text-sm text-stone-500">{t`活動期間 ${starts} – ${ends}`}</p>
        {/* RichContent takes no lang: on an English page the content is wrapped (the Chinese page's markup stays as it was). */}
        {contentLang ? <div lang={contentLang}>{body}</div> : body}
        <p className="mt-4 text-sm text-stone-600">{t`符合條件時，結帳頁會自動套用最優惠的活動組合。`}</p>
      </article>
      {a.products.length > 0 && (
        <section aria-labelledby="activity-products">
          <h2 id="activity-products" className="mb-3 text-xl font-bold text-stone-800">
            {t`活動商品`}
          </h2>
          <ul className="grid grid-cols-2 gap-3 md:grid-cols-4 md:gap-5">
            {a.products.map((p) => (
              <li key={p.id}>
                <ProductCard product={p} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export { RouteErrorPage as ErrorBoundary } from "../ui/NotFoundPage";
