import { useLingui } from "@lingui/react/macro";
import type { ProductCard } from "@shop/contract/front";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { api } from "../../lib/api";
import { useToken } from "../../lib/auth";
import { useShop } from "../../lib/shop";
import { useAlerts } from "../../ui/alerts";

/** 加入收藏 on a product page: a visitor is asked to sign in first, a member toggles it. */
export default function FavouriteButton({ productId }: { productId: number }) {
  const { t } = useLingui();
  const token = useToken();
  const shop = useShop();
  const navigate = useNavigate();
  const alerts = useAlerts();
  const [liked, setLiked] = useState(false);

  useEffect(() => {
    if (!token) return;
    void api<ProductCard[]>("/api/user/like/search", { body: { shop_id: shop.shopId } }).then((r) => {
      if (r.status) setLiked(r.data.some((p) => p.id === productId));
    });
  }, [token, productId, shop.shopId]);

  const toggle = async () => {
    if (!token) {
      navigate(`${shop.path("/login")}?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
      return;
    }
    const r = await api(liked ? "/api/user/like/delete" : "/api/user/like/store", {
      body: { product_id: productId, shop_id: shop.shopId },
    });
    if (r.status) setLiked(!liked);
    else await alerts.error(r.message);
  };

  return (
    <button type="button" onClick={() => void toggle()} aria-pressed={liked} className="btn-secondary gap-2">
      <svg
        aria-hidden
        viewBox="0 0 24 24"
        className={`h-5 w-5 ${liked ? "fill-red-600 stroke-red-600" : "fill-none stroke-current"}`}
        strokeWidth="2"
      >
        <path d="M12 21s-7.5-4.6-9.5-9.1C1 8.5 3.2 5 6.6 5c2 0 3.4 1.1 4.4 2.5C12 6.1 13.4 5 15.4 5 18.8 5 21 8.5 19.5 11.9 17.5 16.4 12 21 12 21z" />
      </svg>
      {liked ? t`已收藏` : t`加入收藏`}
    </button>
  );
}
