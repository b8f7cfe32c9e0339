import { formatDate } from "@shop/contract/format";
import type { NewsSummary } from "@shop/contract/front";
import { data } from "react-router";
import { intParam } from "../lib/query";
import { seo, site } from "../lib/seo";
import { RichContent } from "../ui/RichContent";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/news-details";

export async function loader({ url, context }: Route.LoaderArgs) {
  const id = intParam(url.searchParams.get("id"), 0);
  if (!id) throw data(null, { status: 404 });
  const r = await context.api<NewsSummary & { content: string }>("/api/front/new/get", { query: { id } });
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
    : [{ title: "找不到此頁面" }];

export default function NewsDetails({ loaderData: n }: Route.ComponentProps) {
  return (
    <article className="card mx-auto max-w-3xl">
      <time dateTime={n.published_at} className="text-sm text-stone-500">
        {formatDate(n.published_at)}
      </time>
      <h1 className="mt-1 mb-4 text-2xl font-bold text-stone-800">{n.title}</h1>
      <RichContent html={n.content} className="text-stone-700" />
      <ShopLink to="/news" className="btn-secondary mt-6">
        回最新消息
      </ShopLink>
    </article>
  );
}

export { RouteErrorPage as ErrorBoundary } from "../ui/NotFoundPage";
