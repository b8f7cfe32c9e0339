import type { ProductCard } from "@shop/contract/front";
import { api } from "../../lib/api";
import { storage } from "../../lib/storage";

/**
 * Whether a signed-in member keeps this product among their favourites (加入收藏 / 已收藏), for
 * the product page's clientLoader: the sign-in lives in the browser, so the server's page cannot
 * know it. A visitor, or a refused read, is "not a favourite".
 */
export async function readLiked(productId: number, shopId: number): Promise<boolean> {
  if (!storage.token()) return false;
  const r = await api<ProductCard[]>("/api/user/like/search", { body: { shop_id: shopId } });
  return r.status && r.data.some((p) => p.id === productId);
}
