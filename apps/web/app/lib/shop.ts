import { MAIN_SHOP_ID } from "@shop/contract/shop-id";
import { useMemo } from "react";
import { useParams } from "react-router";
import { type Lang, useLingui } from "../i18n/runtime";

export { MAIN_SHOP_ID };

const SHOP_PREFIX = /^shop_([1-9]\d{0,8})$/;

/** `shop_2` → 2; anything else → undefined. */
export function parseShopPrefix(segment: string | undefined): number | undefined {
  const match = segment ? SHOP_PREFIX.exec(segment) : null;
  return match ? Number(match[1]) : undefined;
}

export interface ShopScope {
  shopId: number;
  /** "" in the main mall, "/shop_2" in a sub-mall, "/en" or "/shop_2/en" in English: the base path of every link. */
  base: string;
  /** Prefixes an absolute in-app path with the base path. */
  path(to: string): string;
}

export function shopScope(shopId: number | undefined, lang: Lang = "zh-TW"): ShopScope {
  const id = shopId ?? MAIN_SHOP_ID;
  const base = (shopId && shopId !== MAIN_SHOP_ID ? `/shop_${shopId}` : "") + (lang === "en" ? "/en" : "");
  return {
    shopId: id,
    base,
    path: (to) => (to.startsWith("/") ? `${base}${to === "/" && base ? "/" : to}` : to),
  };
}

/** The shop of the current URL (the `shop_{id}` prefix, or the main mall), in the page's language. */
export function useShop(): ShopScope {
  const { shopPrefix } = useParams();
  const { lang } = useLingui();
  // One object per shop, so effects that depend on it do not rerun on every render.
  return useMemo(() => shopScope(parseShopPrefix(shopPrefix), lang), [shopPrefix, lang]);
}
