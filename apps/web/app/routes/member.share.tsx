import type { SearchPage } from "@shop/contract/catalogue";
import { formatMoney } from "@shop/contract/format";
import type { ShareLinks } from "@shop/contract/links";
import { type FormEvent, useEffect, useState } from "react";
import { ShareButtons } from "../features/member/share";
import { api } from "../lib/api";
import { useShop } from "../lib/shop";
import { useAlerts } from "../ui/alerts";
import { Img } from "../ui/Img";
import type { Route } from "./+types/member.share";

export const meta: Route.MetaFunction = () => [{ title: "分享商品｜茶山好物" }, { name: "robots", content: "noindex" }];

/**
 * /member/share: find a product and share its link; the server builds the link with the member's
 * referral code and shop path, so friends who register from it become their referrals.
 */
export default function MemberShare() {
  const shop = useShop();
  const alerts = useAlerts();
  const [keyword, setKeyword] = useState("");
  const [query, setQuery] = useState("");
  const [result, setResult] = useState<SearchPage | null>(null);
  const [links, setLinks] = useState<Record<number, ShareLinks>>({});

  useEffect(() => {
    setResult(null);
    void api<SearchPage>("/api/product/search", {
      query: { keyword: query, sort: "hot", page: 1, per_page: 12, shop_id: shop.shopId },
    }).then((r) =>
      setResult(
        r.status ? r.data : { keyword: query, list: [], total: 0, page: 1, per_page: 12, sort: "hot", approximate: false },
      ),
    );
  }, [query, shop.shopId]);

  async function linkFor(productId: number) {
    const r = await api<ShareLinks>("/api/user/shareProduct", { query: { product_id: productId } });
    if (!r.status) return alerts.error(r.message);
    setLinks((all) => ({ ...all, [productId]: r.data }));
  }

  function search(e: FormEvent) {
    e.preventDefault();
    setQuery(keyword.trim());
  }

  return (
    <section className="card">
      <h1 className="text-xl font-bold text-stone-800">分享商品</h1>
      <p className="mt-2 text-stone-600">分享連結附有您的推薦碼，好友從連結註冊即成為您的推薦會員。</p>
      <form className="mt-4 flex gap-2" onSubmit={search}>
        <label htmlFor="share-keyword" className="sr-only">
          搜尋商品
        </label>
        <input
          id="share-keyword"
          className="input"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder="輸入商品名稱"
          maxLength={100}
        />
        <button type="submit" className="btn-primary shrink-0">
          搜尋
        </button>
      </form>
      {!result ? (
        <p role="status" className="mt-4">
          載入中…
        </p>
      ) : result.list.length === 0 ? (
        <p className="py-6 text-center text-stone-600">找不到符合「{query}」的商品。</p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-100">
          {result.list.map((p) => {
            const link = links[p.id];
            return (
              <li key={p.id} className="flex flex-wrap items-center gap-3 py-3">
                <Img src={p.image} alt="" width={64} height={64} sizes="64px" className="h-16 w-16 rounded-lg object-cover" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-stone-800">{p.name}</p>
                  <p className="text-sm text-stone-500">{formatMoney(p.price)}</p>
                </div>
                {link ? (
                  <div className="w-full sm:w-auto">
                    <ShareButtons link={link.url} alerts={alerts} copied="已複製商品分享連結" />
                  </div>
                ) : (
                  <button type="button" className="btn-secondary" onClick={() => void linkFor(p.id)}>
                    取得分享連結
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
