import type { StaticPage } from "@shop/contract/front";
import { data } from "react-router";
import { parseShopPrefix } from "../lib/shop";
import { RichContent } from "../ui/RichContent";
import type { Route } from "./+types/static-page";

/** /terms and /policy: editable pages from the database. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const key = new URL(request.url).pathname.endsWith("/policy") ? "policy" : "terms";
  const res = await context.api<StaticPage>("/api/front/static/search", {
    query: { key, shop_id: parseShopPrefix(params.shopPrefix) ?? 1 },
  });
  if (!res.status) throw data(null, { status: 404 });
  return { page: res.data };
}

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: `${d?.page.title ?? ""}｜茶山好物` }];

export default function StaticPageRoute({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="card mx-auto max-w-3xl">
      <h1 className="mb-4 text-2xl font-bold text-stone-800">{page.title}</h1>
      <RichContent html={page.content} className="text-stone-700" />
    </article>
  );
}
