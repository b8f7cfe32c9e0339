import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { DealerDetail } from "@shop/contract/catalogue";
import { data } from "react-router";
import { DealerHeader, OutletList } from "../features/dealers/parts";
import { translate } from "../i18n/runtime";
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

export const meta: Route.MetaFunction = ({ data: d, matches, location }) => {
  if (!d) return [{ title: translate(location.pathname, msg`找不到此經銷商｜茶山好物`) }];
  const name = d.name;
  const dealer = `${d.name}（${d.county}）${d.intro}`;
  const products = d.products.map((p) => p.name).join("、");
  return seo({
    title: translate(location.pathname, msg`${name} 經銷商品`),
    description: translate(location.pathname, msg`${dealer} 經銷商品：${products}`),
    image: d.image,
    ...site(matches),
    path: `${location.pathname}${location.search}`,
  });
};

export default function DealerProducts({ loaderData: d }: Route.ComponentProps) {
  const { t } = useLingui();
  const products = d.products.length;
  const outlets = d.outlets.length;
  return (
    <div className="grid gap-6">
      <ShopLink to="/dealer/list" className="text-sm text-tea-700 hover:underline">
        {t`← 所有經銷據點`}
      </ShopLink>
      <DealerHeader dealer={d} intro={d.intro} />
      <section>
        <h2 className="mb-3 text-lg font-bold text-stone-800">{t`經銷商品（${products}）`}</h2>
        {d.products.length === 0 ? (
          <p className="text-stone-600">{t`目前沒有上架中的經銷商品。`}</p>
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
        <h2 className="mb-3 text-lg font-bold text-stone-800">{t`哪裡買（${outlets} 間門市）`}</h2>
        <OutletList outlets={d.outlets} />
      </section>
    </div>
  );
}
