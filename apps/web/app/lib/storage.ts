/**
 * Browser storage keys from the specification (§3 "Client storage"). Every accessor is safe
 * to call during server rendering (it answers as if nothing were stored).
 */
const hasWindow = () => typeof window !== "undefined";

export function read(store: "local" | "session", key: string): string | null {
  if (!hasWindow()) return null;
  try {
    return (store === "local" ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

export function write(store: "local" | "session", key: string, value: string | null) {
  if (!hasWindow()) return;
  try {
    const s = store === "local" ? window.localStorage : window.sessionStorage;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // Private mode or a full quota: the session simply is not remembered.
  }
}

export const storage = {
  token: () => read("local", "token"),
  setToken: (token: string | null) => {
    write("local", "token", token);
    if (hasWindow()) window.dispatchEvent(new Event("shop:auth"));
  },
  subMall: () => read("session", "subMallStr"),
  setSubMall: (value: string | null) => write("session", "subMallStr", value),
  refcode: () => read("session", "refcode"),
  setRefcode: (value: string) => write("session", "refcode", value),
  setIsLiff: (value: string) => write("local", "isLiff", value),
  /** A visitor's cart (sent as X-Cart-Token); forgotten once merged into a member's cart. */
  cartToken: () => read("local", "cart_token"),
  setCartToken: (value: string | null) => write("local", "cart_token", value),
  /** The phone a guest ordered with, so this tab can show the order without asking again. */
  orderPhone: (orderNo: string) => read("session", `order_phone:${orderNo}`),
  setOrderPhone: (orderNo: string, phone: string) => write("session", `order_phone:${orderNo}`, phone),
  /** Where the shopper was when their sign-in stopped working (they are offered to sign in and return). */
  signInExpiredAt: () => read("session", "signin_expired_at"),
  setSignInExpiredAt: (path: string | null) => write("session", "signin_expired_at", path),
  /** The checkout form, kept while the shopper is away on the store map. */
  checkoutDraft: () => read("session", "checkout_draft"),
  setCheckoutDraft: (value: string | null) => write("session", "checkout_draft", value),
};
