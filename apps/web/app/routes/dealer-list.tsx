import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { DealerSearchPage } from "@shop/contract/catalogue";
import { Form } from "react-router";
import { DealerSummary } from "../features/dealers/parts";
import { translate, useContentLang } from "../i18n/runtime";
import { intParam } from "../lib/query";
import { seo, site } from "../lib/seo";
import { useShop } from "../lib/shop";
import { Pagination } from "../ui/Pagination";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/dealer-list";

const PER_PAGE = 12;

/** /dealer/list?county=&keyword=: the dealer directory, server-rendered. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const county = url.searchParams.get("county")?.trim().slice(0, 10) ?? "";
  const keyword = url.searchParams.get("keyword")?.trim().slice(0, 50) ?? "";
  const page = intParam(url.searchParams.get("page"), 1);
  const r = await context.api<DealerSearchPage>("/api/dealer/search", {
    query: { county: county || undefined, keyword: keyword || undefined, page, per_page: PER_PAGE },
  });
  const result: DealerSearchPage = r.status ? r.data : { list: [], total: 0, page, per_page: PER_PAGE, counties: [] };
  return { county, keyword, result };
}

export const meta: Route.MetaFunction = ({ data: d, matches, location }) => {
  const county = d?.county;
  const list = (d?.result.list ?? []).map((x) => `${x.name}（${x.county}）`).join("、");
  return seo({
    title: translate(location.pathname, county ? msg`${county}經銷據點` : msg`經銷據點`),
    description: translate(location.pathname, msg`茶山好物經銷商與門市據點：${list}`),
    ...site(matches),
    path: `${location.pathname}${location.search}`,
  });
};

export default function DealerList({ loaderData: d }: Route.ComponentProps) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const shop = useShop();
  const { result } = d;
  return (
    <div className="grid gap-5">
      <div>
        <h1 className="text-2xl font-bold text-stone-800">{t`經銷據點`}</h1>
        <p className="mt-1 text-stone-600">{t`全台經銷商與門市，可現場試飲、選購與取貨。`}</p>
      </div>
      <Form method="get" action={shop.path("/dealer/list")} className="card flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="dealer-county" className="field-label">
            {t`縣市`}
          </label>
          <select id="dealer-county" name="county" defaultValue={d.county} className="input w-40">
            <option value="">{t`全部縣市`}</option>
            {result.counties.map(({ county, count }) => (
              <option key={county} value={county} lang={contentLang}>
                {t`${county}（${count}）`}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-48 flex-1">
          <label htmlFor="dealer-keyword" className="field-label">
            {t`關鍵字`}
          </label>
          <input
            id="dealer-keyword"
            name="keyword"
            defaultValue={d.keyword}
            maxLength={50}
            className="input"
            placeholder={t`店名、地址`}
          />
        </div>
        <button type="submit" className="btn-primary">
          {t`搜尋`}
        </button>
      </Form>
      {result.list.length === 0 ? (
        <p className="card text-center text-stone-600">{t`找不到符合條件的經銷商。`}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" data-testid="dealers">
          {result.list.map((dealer, i) => {
            const outlets = dealer.outlet_count;
            const products = dealer.product_count;
            return (
              <li key={dealer.id} className="flex gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
                <DealerSummary dealer={dealer} intro={dealer.intro} heading="h2" priority={i < 2}>
                  <p className="mt-2 flex flex-wrap gap-3 text-sm">
                    <ShopLink to={`/dealer/sub_list?dealer_id=${dealer.id}`} className="text-tea-700 hover:underline">
                      {t`門市據點（${outlets}）`}
                    </ShopLink>
                    <ShopLink to={`/dealer/product_detail?id=${dealer.id}`} className="text-tea-700 hover:underline">
                      {t`經銷商品（${products}）`}
                    </ShopLink>
                  </p>
                </DealerSummary>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination
        page={result.page}
        total={result.total}
        perPage={result.per_page}
        path="/dealer/list"
        query={Object.fromEntries(Object.entries({ county: d.county, keyword: d.keyword }).filter(([, v]) => v))}
      />
    </div>
  );
}
