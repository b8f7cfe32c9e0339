import type { CartView } from "@shop/contract/cart";
import type { ShipMethodView } from "@shop/contract/catalogue";
import { api } from "../../lib/api";

/** A delivery method that ships free above an amount. */
export type FreeShippingOffer = { name: string; threshold: number };
const offers = new Map<number, Promise<FreeShippingOffer[]>>();

/** The shop's delivery methods that ship free above an amount, lowest first (read once per page load). */
function freeShippingOffers(shopId: number): Promise<FreeShippingOffer[]> {
  let found = offers.get(shopId);
  if (!found) {
    found = api<ShipMethodView[]>("/api/shipmethod/search", { body: { shop_id: shopId } }).then((r) =>
      (r.status ? r.data : [])
        .flatMap((m) => (m.free_threshold && m.free_threshold > 0 ? [{ name: m.name, threshold: m.free_threshold }] : []))
        .sort((a, b) => a.threshold - b.threshold),
    );
    offers.set(shopId, found);
  }
  return found;
}

/** The cart as the server sees it (or why it could not be read), with the shop's free-shipping thresholds. */
export type CartData = { cart: CartView | null; error: string | null; offers: FreeShippingOffer[] };

/**
 * The cart page's clientLoader, also loaded by the cart side panel through a fetcher. A refusal is
 * answered, not thrown: the panel's load must not take the page it opens over down with it.
 */
export async function readCart(shopId: number): Promise<CartData> {
  const [r, list] = await Promise.all([api<CartView>("/api/cart/search", { body: {} }), freeShippingOffers(shopId)]);
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

/** True for a submission to the cart page's action: only a cart change reads the cart again. */
export const isCartChange = (formAction: string | undefined) => /^(\/shop_\d+)?\/select_cart(\?|$)/.test(formAction ?? "");
