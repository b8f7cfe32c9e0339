import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { SearchPage } from "@shop/contract/catalogue";
import { formatMoney } from "@shop/contract/format";
import type { ShareLinks } from "@shop/contract/links";
import { Form, useFetcher } from "react-router";
import { MemberLoadError, memberRead, useActionResult } from "../features/member/member-read";
import { memberTitle } from "../features/member/server-text";
import { ShareButtons } from "../features/member/share";
import { useContentLang } from "../i18n/runtime";
import { api } from "../lib/api";
import { parseShopPrefix, shopScope } from "../lib/shop";
import { useAlerts } from "../ui/alerts";
import { Img } from "../ui/Img";
import type { Route } from "./+types/member.share";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: memberTitle(location.pathname, msg`分享商品`) },
  { name: "robots", content: "noindex" },
];

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const keyword = (new URL(request.url).searchParams.get("keyword") ?? "").trim().slice(0, 100);
  const { shopId } = shopScope(parseShopPrefix(params.shopPrefix));
  const result = await memberRead<SearchPage>("/api/product/search", {
    query: { keyword, sort: "hot", page: 1, per_page: 12, shop_id: shopId },
  });
  return { keyword, result };
}
export { MemberLoadError as ErrorBoundary };

/** 取得分享連結: the server adds the member's referral code and shop path. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  return api<ShareLinks>("/api/user/shareProduct", { query: { product_id: Number(form.get("product_id")) } });
}

/**
 * /member/share: find a product and share its link; the server builds the link with the member's
 * referral code and shop path, so friends who register from it become their referrals.
 */
export default function MemberShare({ loaderData }: Route.ComponentProps) {
  const { keyword, result } = loaderData;
  const { t } = useLingui();
  return (
    <section className="card">
      <h1 className="text-xl font-bold text-stone-800">{t`分享商品`}</h1>
      <p className="mt-2 text-stone-600">{t`分享連結附有您的推薦碼，好友從連結註冊即成為您的推薦會員。`}</p>
      <Form className="mt-4 flex gap-2" role="search" aria-label={t`分享商品搜尋`}>
        <label htmlFor="share-keyword" className="sr-only">
          {t`搜尋要分享的商品`}
        </label>
        <input
          id="share-keyword"
          name="keyword"
          className="input"
          defaultValue={keyword}
          placeholder={t`輸入商品名稱`}
          maxLength={100}
        />
        <button type="submit" className="btn-primary shrink-0">
          {t`搜尋`}
        </button>
      </Form>
      {result.list.length === 0 ? (
        <p className="py-6 text-center text-stone-600">{t`找不到符合「${keyword}」的商品。`}</p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-100">
          {result.list.map((p) => (
            <SharedProduct key={p.id} product={p} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SharedProduct({ product: p }: { product: SearchPage["list"][number] }) {
  const alerts = useAlerts();
  const fetcher = useFetcher<typeof clientAction>();
  const { t } = useLingui();
  const contentLang = useContentLang();
  useActionResult(fetcher.data, (r) => {
    if (!r.status) void alerts.error(r.message);
  });
  const link = fetcher.data?.status ? fetcher.data.data : null;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Img src={p.image} alt="" width={64} height={64} sizes="64px" className="h-16 w-16 rounded-lg object-cover" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-stone-800" lang={contentLang}>
          {p.name}
        </p>
        <p className="text-sm text-stone-500">{formatMoney(p.price)}</p>
      </div>
      {link ? (
        <div className="w-full sm:w-auto">
          <ShareButtons link={link.url} alerts={alerts} copied={t`已複製商品分享連結`} />
        </div>
      ) : (
        <fetcher.Form method="post">
          <input type="hidden" name="product_id" value={p.id} />
          <button type="submit" className="btn-secondary" disabled={fetcher.state !== "idle"}>
            {t`取得分享連結`}
          </button>
        </fetcher.Form>
      )}
    </li>
  );
}
