import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { DealerOutletPage } from "@shop/contract/catalogue";
import { data } from "react-router";
import { DealerHeader, OutletList } from "../features/dealers/parts";
import { translate } from "../i18n/runtime";
import { intParam } from "../lib/query";
import { seo, site } from "../lib/seo";
import { Pagination } from "../ui/Pagination";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/dealer-sub-list";

/** /dealer/sub_list?dealer_id=: one dealer's branch outlets. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const dealerId = intParam(url.searchParams.get("dealer_id"), 0);
  if (!dealerId) throw data(null, { status: 404 });
  const page = intParam(url.searchParams.get("page"), 1);
  const r = await context.api<DealerOutletPage>("/api/dealer/subSearch", { query: { dealer_id: dealerId, page, per_page: 20 } });
  if (!r.status) throw data(null, { status: 404 });
  return r.data;
}

export const meta: Route.MetaFunction = ({ data: d, matches, location }) => {
  if (!d) return [{ title: translate(location.pathname, msg`找不到此經銷商｜茶山好物`) }];
  const name = d.dealer.name;
  const outlets = d.list.map((o) => `${o.name} ${o.address}`).join("、");
  return seo({
    title: translate(location.pathname, msg`${name} 門市據點`),
    description: translate(location.pathname, msg`${name}門市：${outlets}`),
    image: d.dealer.image,
    ...site(matches),
    path: `${location.pathname}${location.search}`,
  });
};

export default function DealerSubList({ loaderData: d }: Route.ComponentProps) {
  const { t } = useLingui();
  const total = d.total;
  return (
    <div className="grid gap-5">
      <ShopLink to="/dealer/list" className="text-sm text-tea-700 hover:underline">
        {t`← 所有經銷據點`}
      </ShopLink>
      <DealerHeader dealer={d.dealer} />
      <section>
        <div className="mb-3 flex items-baseline justify-between">
          <h2 className="text-lg font-bold text-stone-800">{t`門市據點（${total}）`}</h2>
          <ShopLink to={`/dealer/product_detail?id=${d.dealer.id}`} className="text-sm text-tea-700 hover:underline">
            {t`經銷商品`}
          </ShopLink>
        </div>
        <OutletList outlets={d.list} />
      </section>
      <Pagination
        page={d.page}
        total={d.total}
        perPage={d.per_page}
        path="/dealer/sub_list"
        query={{ dealer_id: String(d.dealer.id) }}
      />
    </div>
  );
}
