import type { CartView } from "@shop/contract/cart";
import type { ShipMethodView } from "@shop/contract/catalogue";
import { api } from "../../lib/api";
import { read, write } from "../../lib/storage";

/**
 * A delivery method with what it charges this cart to 本島 (the server's estimate, decision 89;
 * null: it cannot carry it), its free-shipping threshold (null: none) and whether that excludes 離島.
 */
export type FreeShippingOffer = { name: string; fee: number | null; threshold: number | null; outlyingExcluded: boolean };

/** The shop's delivery methods priced for the cart's selected lines (the same rule as checkout). */
async function freeShippingOffers(shopId: number, cart: CartView | null): Promise<FreeShippingOffer[]> {
  const lines = (cart?.lines ?? []).filter((l) => l.selected).map((l) => ({ variant_id: l.variant_id, qty: l.qty }));
  const r = await api<ShipMethodView[]>("/api/shipmethod/search", { body: { shop_id: shopId, lines } });
  return (r.status ? r.data : [])
    .filter((m) => m.code !== "depot")
    .map((m) => ({
      name: m.name,
      fee: m.estimate ? m.estimate.main : m.fee,
      threshold: m.free_threshold && m.free_threshold > 0 ? m.free_threshold : null,
      outlyingExcluded: m.estimate?.outlying_excluded ?? false,
    }));
}

/** The cart as the server sees it (or why it could not be read), with the shop's free-shipping thresholds. */
export type CartData = { cart: CartView | null; error: string | null; offers: FreeShippingOffer[]; offline?: boolean };

/**
 * The cart page's clientLoader, also loaded by the cart side panel through a fetcher. A refusal is
 * answered, not thrown: the panel's load must not take the page it opens over down with it.
 */
export async function readCart(shopId: number): Promise<CartData> {
  const r = await api<CartView>("/api/cart/search", { body: {} });
  // Offline (decision 108): the cart as it was last read, to look at; it cannot be changed or checked out.
  if (r.status) write("local", `cart_seen:${shopId}`, JSON.stringify(r.data));
  else if (r.httpStatus === 0) {
    const seen = read("local", `cart_seen:${shopId}`);
    if (seen) return { cart: JSON.parse(seen) as CartView, error: null, offers: [], offline: true };
  }
  const list = await freeShippingOffers(shopId, r.status ? r.data : null);
  return r.status ? { cart: r.data, error: null, offers: list } : { cart: null, error: r.message, offers: list };
}

/** One change to a cart line, sent to the cart page's clientAction (from the page or the side panel). */
export type CartChange =
  | { intent: "qty"; line_id: number; qty: number }
  | { intent: "select"; line_id: number; selected: boolean }
  | { intent: "remove"; line_id: number };
export type CartChangeAnswer = { ok: boolean; message: string };

export async function changeCart(change: CartChange): Promise<CartChangeAnswer> {
  const r =
    change.intent === "remove"
      ? await api<CartView>("/api/cart/delete", { body: { line_ids: [change.line_id] } })
      : await api<CartView>("/api/cart/update", {
          body:
            change.intent === "qty"
              ? { line_id: change.line_id, qty: change.qty }
              : { line_id: change.line_id, selected: change.selected },
        });
  return { ok: r.status, message: r.message };
}

/** True for a submission to the cart page's action (in either language): only a cart change reads the cart again. */
export const isCartChange = (formAction: string | undefined) => /^(\/shop_\d+)?(\/en)?\/select_cart(\?|$)/.test(formAction ?? "");
