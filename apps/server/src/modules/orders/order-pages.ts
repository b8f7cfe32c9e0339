import { shopBasePath } from "@shop/contract/links";
import type { Order } from "./types.js";

/** A path inside the shop the order was placed in (a sub-mall's buyers stay in it), in the order's language (decision 109). */
export const orderPagePath = (o: Pick<Order, "shopId" | "lang">, path: string) =>
  `${shopBasePath(o.shopId)}${o.lang === "en" ? "/en" : ""}${path}`;

/** The member's page of this order. */
export const orderDetailPath = (o: Pick<Order, "shopId" | "lang" | "orderNo">) =>
  orderPagePath(o, `/member/order_detail?order_no=${o.orderNo}`);
