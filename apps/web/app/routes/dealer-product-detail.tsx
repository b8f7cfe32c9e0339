import type { DealerDetail } from "@shop/contract/catalogue";
import { data } from "react-router";
import { DealerHeader, OutletList } from "../features/dealers/parts";
import { intParam } from "../lib/query";
import { seo, site } from "../lib/seo";
import { ProductCard } from "../ui/ProductCard";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/dealer-product-detail";

/** /dealer/product_detail?id=: the products a dealer carries, and where to buy them. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const id = intParam(url.searchParams.get("id"), 0);
  if (!id) throw data(null, { status: 404 });
  const r = await context.api<DealerDetail>("/api/dealer/get", { query: { id } });
  if (!r.status) throw data(null, { status: 404 });
  return r.data;
}

export const meta: Route.MetaFunction = ({ data: d, matches, location }) =>
  d
    ? seo({
        title: `${d.name} 經銷商品`,
        description: `${d.name}（${d.county}）${d.intro} 經銷商品：${d.products.map((p) => p.name).join("、")}`,
        image: d.image,
        ...site(matches),
        path: `${location.pathname}${location.search}`,
      })
    : [{ title: "找不到此經銷商｜茶山好物" }];

export default function DealerProducts({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      <ShopLink to="/dealer/list" className="text-sm text-tea-700 hover:underline">
        ← 所有經銷據點
      </ShopLink>
      <DealerHeader dealer={d} intro={d.intro} />
      <section>
        <h2 className="mb-3 text-lg font-bold text-stone-800">{`經銷商品（${d.products.length}）`}</h2>
        {d.products.length === 0 ? (
          <p className="text-stone-600">目前沒有上架中的經銷商品。</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="dealer-products">
            {d.products.map((p) => (
              <li key={p.id}>
                <ProductCard product={p} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section>
        <h2 className="mb-3 text-lg font-bold text-stone-800">{`哪裡買（${d.outlets.length} 間門市）`}</h2>
        <OutletList outlets={d.outlets} />
      </section>
    </div>
  );
}
