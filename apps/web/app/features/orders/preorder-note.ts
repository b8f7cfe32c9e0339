import type { OrderSummary } from "@shop/contract";

/** What a buyer reads of a pre-order (decision 96): its expected ship date, or that it has arrived. */
export function preorderNote(p: OrderSummary["preorder"]): string | null {
  if (!p) return null;
  return p.state === "waiting"
    ? `預購商品，預計 ${p.ship_on ? p.ship_on.replace(/-/g, "/") : "到貨後"} 出貨`
    : "預購商品已到貨，將盡快為您出貨";
}
