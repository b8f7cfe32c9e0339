import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { ProductCard as Card } from "@shop/contract/front";
import { useFetcher } from "react-router";
import { MemberLoadError, memberRead } from "../features/member/member-read";
import { memberTitle } from "../features/member/server-text";
import { api } from "../lib/api";
import { parseShopPrefix, shopScope } from "../lib/shop";
import { ProductCard } from "../ui/ProductCard";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/member.favorite";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: memberTitle(location.pathname, msg`我的收藏`) },
  { name: "robots", content: "noindex" },
];

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const { shopId } = shopScope(parseShopPrefix(params.shopPrefix));
  return { list: await memberRead<Card[]>("/api/user/like/search", { body: { shop_id: shopId } }) };
}
export { MemberLoadError as ErrorBoundary };

/** 取消收藏: the list is read again afterwards (React Router revalidates after an action). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const r = await api("/api/user/like/delete", { body: { product_id: Number(form.get("product_id")) } });
  return r.status ? { error: null } : { error: r.message };
}

/** /member/favorite (ours; the specification names the view, not its path): liked products. */
export default function Favorites({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  const { t } = useLingui();
  return (
    <section className="card">
      <h1 className="mb-4 text-xl font-bold text-stone-800">{t`我的收藏`}</h1>
      {list.length === 0 ? (
        <p className="py-6 text-center text-stone-600">
          {t`還沒有收藏的商品，`}
          <ShopLink to="/product" className="text-tea-700 underline">
            {t`去逛逛`}
          </ShopLink>
          {t`。`}
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-3" aria-label={t`收藏的商品`}>
          {list.map((p) => (
            <Favourite key={p.id} product={p} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One liked product; it leaves the list as soon as 取消收藏 is pressed and comes back if refused. */
function Favourite({ product }: { product: Card }) {
  const fetcher = useFetcher<typeof clientAction>();
  const { t } = useLingui();
  if (fetcher.formData) return null;
  return (
    <li className="flex flex-col gap-2">
      <ProductCard product={product} />
      <fetcher.Form method="post" className="text-center">
        <input type="hidden" name="product_id" value={product.id} />
        <button type="submit" className="min-h-11 text-sm text-stone-500 underline">
          {t`取消收藏`}
        </button>
      </fetcher.Form>
      {fetcher.data?.error && (
        <p className="text-sm text-red-700" role="alert">
          {fetcher.data.error}
        </p>
      )}
    </li>
  );
}
