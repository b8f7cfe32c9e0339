import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { formatDate } from "@shop/contract/format";
import type { NewsSummary } from "@shop/contract/front";
import { data } from "react-router";
import { translate, useContent } from "../i18n/runtime";
import { intParam } from "../lib/query";
import { seo, site } from "../lib/seo";
import { RichContent } from "../ui/RichContent";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/news-details";

export async function loader({ url, context }: Route.LoaderArgs) {
  const id = intParam(url.searchParams.get("id"), 0);
  if (!id) throw data(null, { status: 404 });
  const r = await context.api<NewsSummary & { content: string; content_en: string }>("/api/front/new/get", { query: { id } });
  if (!r.status) throw data(null, { status: 404 });
  return r.data;
}

export const meta: Route.MetaFunction = ({ data: n, matches, location }) =>
  n
    ? seo({
        title: n.title,
        description: n.summary,
        ...site(matches),
        path: `${location.pathname}?id=${n.id}`,
        image: n.image,
        type: "article",
      })
    : [{ title: translate(location.pathname, msg`找不到此頁面`) }];

export default function NewsDetails({ loaderData: n }: Route.ComponentProps) {
  const { t } = useLingui();
  // In English where staff wrote it (decision 109).
  const content = useContent();
  const title = content(n.title, n.title_en);
  const text = content(n.content, n.content_en);
  const body = <RichContent html={text.text} className="text-stone-700" />;
  return (
    <article className="card mx-auto max-w-3xl">
      <time dateTime={n.published_at} className="text-sm text-stone-500">
        {formatDate(n.published_at)}
      </time>
      <h1 className="mt-1 mb-4 text-2xl font-bold text-stone-800" lang={title.lang}>
        {title.text}
      </h1>
      {/* RichContent takes no lang: on an English page the content is wrapped (the Chinese page's markup stays as it was). */}
      {text.lang ? <div lang={text.lang}>{body}</div> : body}
      <ShopLink to="/news" className="btn-secondary mt-6">
        {t`回最新消息`}
      </ShopLink>
    </article>
  );
}

export { RouteErrorPage as ErrorBoundary } from "../ui/NotFoundPage";
