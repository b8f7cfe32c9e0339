/** Opens the cart side panel from anywhere (e.g. after adding a product). */
export const OPEN_CART_EVENT = "shop:open-cart";

export function openCart() {
  window.dispatchEvent(new Event(OPEN_CART_EVENT));
}
