import { msg } from "@lingui/core/macro";
import type { StaticPage } from "@shop/contract/front";
import { data } from "react-router";
import { translate, useContentLang } from "../i18n/runtime";
import { seo, site } from "../lib/seo";
import { parseShopPrefix } from "../lib/shop";
import { RichContent } from "../ui/RichContent";
import type { Route } from "./+types/static-page";

/** /terms, /policy and /content?key= (about…): editable pages from the database. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const key = url.pathname.endsWith("/policy")
    ? "policy"
    : url.pathname.endsWith("/terms")
      ? "terms"
      : (url.searchParams.get("key") ?? "about");
  if (!/^[\w-]{1,50}$/.test(key)) throw data(null, { status: 404 });
  const res = await context.api<StaticPage>("/api/front/static/search", {
    query: { key, shop_id: parseShopPrefix(params.shopPrefix) ?? 1 },
  });
  if (!res.status) throw data(null, { status: 404 });
  return { page: res.data };
}

export const meta: Route.MetaFunction = ({ data: d, matches, location }) =>
  d
    ? seo({
        title: d.page.title,
        description: d.page.content.replace(/<[^>]+>/g, "").slice(0, 120),
        ...site(matches),
        path: location.pathname + (location.pathname.endsWith("/content") ? `?key=${d.page.key}` : ""),
      })
    : [{ title: translate(location.pathname, msg`找不到此頁面`) }];

export default function StaticPageRoute({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  // The whole page is the back office's content: its title and body.
  const contentLang = useContentLang();
  return (
    <article className="card mx-auto max-w-3xl" lang={contentLang}>
      <h1 className="mb-4 text-2xl font-bold text-stone-800">{page.title}</h1>
      <RichContent html={page.content} className="text-stone-700" />
    </article>
  );
}

export { RouteErrorPage as ErrorBoundary } from "../ui/NotFoundPage";
