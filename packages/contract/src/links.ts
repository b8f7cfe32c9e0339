/** Links the server and the pages build the same way (no dependencies: safe for any chunk). */

import { MAIN_SHOP_ID } from "./shop-id.js";

export { MAIN_SHOP_ID };

/** The base path of a shop's pages: "" for the main mall, "/shop_2" for a sub-mall. */
export function shopBasePath(shopId: number): string {
  return shopId === MAIN_SHOP_ID ? "" : `/shop_${shopId}`;
}

/**
 * A path in a shop's pages in a language (decision 109): "/shop_2/en" + path for a sub-mall's
 * English page, the path itself for the main mall in zh-TW.
 */
export function shopPagePath(shopId: number, lang: "zh-TW" | "en", path = ""): string {
  return `${shopBasePath(shopId)}${lang === "en" ? "/en" : ""}${path}`;
}

/** A member's page of one order, inside whichever mall and language it is put under. */
export function orderDetailPath(orderNo: string): string {
  return `/member/order_detail?order_no=${orderNo}`;
}

/** LINE's share page for a URL (opens the LINE app's share sheet on phones). */
export function lineShareUrl(url: string): string {
  return `https://social-plugins.line.me/lineit/share?url=${encodeURIComponent(url)}`;
}

export interface ShareLinks {
  url: string;
  line_share_url: string;
}
