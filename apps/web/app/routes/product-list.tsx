import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { CategoryPage, ProductSort, SearchPage } from "@shop/contract/catalogue";
import type { ProductCard as Card } from "@shop/contract/front";
import { data, useNavigation, useRouteLoaderData } from "react-router";
import { ListingFilterForm, listingFilters } from "../features/catalogue/ListingFilterForm";
import { aroundValue, type MessageDescriptor, translate, useContent, useTextLang, VALUE } from "../i18n/runtime";
import { intParam } from "../lib/query";
import { seo, site } from "../lib/seo";
import { parseShopPrefix, useShop } from "../lib/shop";
import type { loader as rootLoader } from "../root";
import { Breadcrumb } from "../ui/Breadcrumb";
import { Pagination } from "../ui/Pagination";
import { ProductCard } from "../ui/ProductCard";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/product-list";

const SORTS: ReadonlyArray<readonly [ProductSort, MessageDescriptor]> = [
  ["newest", msg`最新上架`],
  ["hot", msg`熱銷優先`],
  ["price_asc", msg`價格低到高`],
  ["price_desc", msg`價格高到低`],
];
const PER_PAGE = 20;

/** /product?parent_categry_id= (a category) or /product?keyword= (search results). */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const shopId = parseShopPrefix(params.shopPrefix) ?? 1;
  const page = intParam(url.searchParams.get("page"), 1);
  const sortParam = url.searchParams.get("sort") as ProductSort | null;
  const sort = SORTS.some(([s]) => s === sortParam) ? (sortParam as ProductSort) : "newest";
  const keyword = url.searchParams.get("keyword")?.trim().slice(0, 100) ?? "";
  const categoryId = url.searchParams.get("parent_categry_id") ?? url.searchParams.get("category_id");
  const { filters, swapped } = listingFilters(url.searchParams);

  if (keyword || !categoryId) {
    const r = await context.api<SearchPage>("/api/product/search", {
      query: { keyword, sort, page, per_page: PER_PAGE, shop_id: shopId, ...filters },
    });
    const result = r.status
      ? r.data
      : { keyword, list: [], total: 0, page, per_page: PER_PAGE, sort, approximate: false, more: false };
    // Nothing found: popular products to go on with instead of a dead end.
    const popular =
      result.total === 0 ? await context.api<Card[]>("/api/front/hot/search", { query: { shop_id: shopId } }) : undefined;
    return {
      kind: "search" as const,
      keyword,
      sort,
      filters,
      swapped,
      result,
      popular: popular?.status ? popular.data.slice(0, 4) : [],
    };
  }
  const r = await context.api<CategoryPage>("/api/category/find", {
    query: { id: intParam(categoryId, 0), sort, page, per_page: PER_PAGE, shop_id: shopId, ...filters },
  });
  if (!r.status) throw data(null, { status: 404 });
  return { kind: "category" as const, keyword: "", sort, filters, swapped, result: r.data, popular: [] as Card[] };
}

export const meta: Route.MetaFunction = ({ data: d, matches, location }) => {
  if (!d) return []; // a 404: the error page names itself
  const here = site(matches);
  const tr = (descriptor: MessageDescriptor) => translate(location.pathname, descriptor);
  if (d.kind === "search") {
    const { keyword } = d;
    const { siteName } = here;
    return seo({
      title: keyword ? tr(msg`「${keyword}」的搜尋結果`) : tr(msg`全部商品`),
      description: tr(msg`${siteName}商品搜尋：${keyword}`),
      ...here,
      path: location.pathname + location.search,
      noindex: true,
    });
  }
  const c = d.result as CategoryPage;
  const category = c.category.name;
  const names = c.list
    .slice(0, 6)
    .map((p) => p.name)
    .join(tr(msg`、`));
  const total = c.total;
  return seo({
    title: c.category.name,
    description: tr(msg`${category}：${names}等 ${total} 項商品。`),
    ...here,
    path: `${location.pathname}?parent_categry_id=${c.category.id}`,
    image: c.list[0]?.image,
  });
};

export default function ProductList({ loaderData: d }: Route.ComponentProps) {
  const { t } = useLingui();
  const content = useContent();
  const shop = useShop();
  const navigation = useNavigation();
  const category = d.kind === "category" ? (d.result as CategoryPage) : undefined;
  const result = d.result;
  const baseQuery: Record<string, string> = category
    ? { parent_categry_id: String(category.category.id) }
    : { keyword: d.keyword };
  if (d.sort !== "newest") baseQuery.sort = d.sort;
  for (const [k, v] of Object.entries(d.filters)) baseQuery[k] = String(v);
  const keyword = d.keyword;
  const categoryName = category ? content(category.category.name, category.category.name_en) : undefined;
  const title = categoryName ? categoryName.text : t`全部商品`;
  const count = result.total;
  // The shopper's words are an element of their own (marked Chinese on an English page).
  const searched = aroundValue(t`「${VALUE}」的搜尋結果`);
  const textLang = useTextLang();

  return (
    <div className={navigation.state === "loading" ? "opacity-70 transition-opacity" : ""}>
      {category && <Breadcrumb crumbs={category.breadcrumb} />}
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-stone-800" lang={categoryName?.lang}>
            {category || !keyword ? (
              title
            ) : (
              <>
                {searched[0]}
                <span lang={textLang(keyword)}>{keyword}</span>
                {searched[1]}
              </>
            )}
          </h1>
          <p className="mt-1 text-sm text-stone-600">
            {"more" in result && result.more ? t`共 ${count}+ 項商品` : t`共 ${count} 項商品`}
          </p>
        </div>
        <ListingFilterForm
          action={shop.path("/product")}
          base={baseQuery}
          sort={d.sort}
          sorts={SORTS}
          filters={d.filters}
          swapped={d.swapped}
        />
      </div>

      {category && category.children.length > 0 && (
        <ul className="mb-5 flex flex-wrap gap-2">
          {category.children.map((c) => (
            <li key={c.id}>
              <ShopLink
                to={`/product?parent_categry_id=${c.id}`}
                className={`inline-block rounded-full px-4 py-1.5 text-sm ring-1 ${c.id === category.category.id ? "bg-tea-700 text-white ring-tea-700" : "bg-white text-stone-700 ring-stone-300"}`}
                lang={content(c.name, c.name_en).lang}
              >
                {content(c.name, c.name_en).text}
              </ShopLink>
            </li>
          ))}
        </ul>
      )}

      {"approximate" in result && result.approximate && (
        <p className="mb-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900" role="status">
          {t`找不到完全符合「${keyword}」的商品，以下是相近的結果。`}
        </p>
      )}
      {result.list.length === 0 ? (
        d.kind === "search" ? (
          <NoResults popular={d.popular} filtered={Object.keys(d.filters).length > 0} />
        ) : (
          <p className="card text-center text-stone-600">{t`這個分類目前沒有符合條件的商品。`}</p>
        )
      ) : (
        <>
          {/* The cards' names are h3: the outline goes h1 → h2 → h3 (Lighthouse heading-order). */}
          <h2 className="sr-only">{t`商品列表`}</h2>
          <ul className="grid grid-cols-2 gap-3 md:grid-cols-4 md:gap-5">
            {result.list.map((p, i) => (
              <li key={p.id}>
                <ProductCard product={p} eager={i < 2} />
              </li>
            ))}
          </ul>
        </>
      )}
      <Pagination page={result.page} total={result.total} perPage={result.per_page} path="/product" query={baseQuery} />
    </div>
  );
}

/** A search with no results suggests the categories and what sells, rather than a dead end. */
function NoResults({ popular, filtered }: { popular: Card[]; filtered: boolean }) {
  const { t } = useLingui();
  const content = useContent();
  const categories = useRouteLoaderData<typeof rootLoader>("root")?.categories ?? [];
  return (
    <section className="card" aria-labelledby="no-results">
      <h2 id="no-results" className="text-center text-stone-700">
        {filtered ? t`沒有符合篩選條件的商品，試試放寬價格或取消只看有現貨。` : t`找不到符合的商品，換個關鍵字試試看。`}
      </h2>
      {categories.length > 0 && (
        <>
          <h3 className="mt-5 mb-2 font-bold text-stone-800">{t`逛逛商品分類`}</h3>
          <ul className="flex flex-wrap gap-2">
            {categories.map((c) => (
              <li key={c.id}>
                <ShopLink
                  to={`/product?parent_categry_id=${c.id}`}
                  className="inline-flex min-h-11 items-center rounded-full bg-white px-4 text-sm text-stone-700 ring-1 ring-stone-300"
                  lang={content(c.name, c.name_en).lang}
                >
                  {content(c.name, c.name_en).text}
                </ShopLink>
              </li>
            ))}
          </ul>
        </>
      )}
      {popular.length > 0 && (
        <>
          <h3 className="mt-5 mb-2 font-bold text-stone-800">{t`熱銷商品`}</h3>
          <ul className="grid grid-cols-2 gap-3 md:grid-cols-4 md:gap-5">
            {popular.map((p) => (
              <li key={p.id}>
                <ProductCard product={p} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export { RouteErrorPage as ErrorBoundary } from "../ui/NotFoundPage";
