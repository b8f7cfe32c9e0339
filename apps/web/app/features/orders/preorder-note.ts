import { msg } from "@lingui/core/macro";
import type { OrderSummary } from "@shop/contract";
import type { MessageDescriptor } from "../../i18n/runtime";

/** What a buyer reads of a pre-order (decision 96): its expected ship date, or that it has arrived. */
export function preorderNote(t: (d: MessageDescriptor) => string, p: OrderSummary["preorder"]): string | null {
  if (!p) return null;
  if (p.state !== "waiting") return t(msg`預購商品已到貨，將盡快為您出貨`);
  if (!p.ship_on) return t(msg`預購商品，預計 到貨後 出貨`);
  const date = p.ship_on.replace(/-/g, "/");
  return t(msg`預購商品，預計 ${date} 出貨`);
}
