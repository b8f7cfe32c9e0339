import type { ProductCard as Card } from "@shop/contract/front";
import { useEffect, useState } from "react";
import { api } from "../lib/api";
import { useShop } from "../lib/shop";
import { useAlerts } from "../ui/alerts";
import { ProductCard } from "../ui/ProductCard";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/member.favorite";

export const meta: Route.MetaFunction = () => [{ title: "我的收藏｜茶山好物" }, { name: "robots", content: "noindex" }];

/** /member/favorite (ours; the specification names the view, not its path): liked products. */
export default function Favorites() {
  const shop = useShop();
  const alerts = useAlerts();
  const [list, setList] = useState<Card[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void api<Card[]>("/api/user/like/search", { body: { shop_id: shop.shopId } }).then((r) =>
      r.status ? setList(r.data) : setError(r.message),
    );
  }, [shop.shopId]);

  async function remove(productId: number) {
    const r = await api("/api/user/like/delete", { body: { product_id: productId } });
    if (!r.status) return alerts.error(r.message);
    setList((all) => (all ?? []).filter((p) => p.id !== productId));
  }

  return (
    <section className="card">
      <h1 className="mb-4 text-xl font-bold text-stone-800">我的收藏</h1>
      {error && <p className="text-red-700">{error}</p>}
      {!list ? (
        !error && <p role="status">載入中…</p>
      ) : list.length === 0 ? (
        <p className="py-6 text-center text-stone-600">
          還沒有收藏的商品，
          <ShopLink to="/product" className="text-tea-700 underline">
            去逛逛
          </ShopLink>
          。
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-3">
          {list.map((p) => (
            <li key={p.id} className="flex flex-col gap-2">
              <ProductCard product={p} />
              <button type="button" className="text-sm text-stone-500 underline" onClick={() => void remove(p.id)}>
                取消收藏
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
