import { shopBasePath } from "@shop/contract/links";
import type { Order } from "./types.js";

/**
 * A whole path inside the shop the order was placed in (a sub-mall's buyers stay in it), in the
 * order's language (decision 109): for messages sent outside the site. A notice on the site keeps
 * the bare path and its mall (`Notice.shopId`); the notice page puts it under its own.
 */
export const orderPagePath = (o: Pick<Order, "shopId" | "lang">, path: string) =>
  `${shopBasePath(o.shopId)}${o.lang === "en" ? "/en" : ""}${path}`;
