import type { CartView } from "@shop/contract/cart";
import type { PublicUser } from "@shop/contract/front-user";
import type { CvsStore, PayInfo, StoreResult } from "@shop/contract/order";
import { redirect } from "react-router";
import { api } from "../../lib/api";
import type { ShopScope } from "../../lib/shop";
import { storage } from "../../lib/storage";
import { preselectedPayment } from "../device-wallets/preselect";
import { orderAccess } from "../orders/order-access";
import { type Draft, EMPTY_DRAFT } from "./draft";
import type { OrderSource, orderPayload } from "./order-payload";

/** What the checkout starts from, read by the page's clientLoader. */
export interface CheckoutStart {
  /** What is bought; null when nothing in the cart is chosen for checkout. */
  source: OrderSource | null;
  /** One product (直接購買, ?variant_id=&qty=) rather than cart lines. */
  fast: boolean;
  /** The form to start from: empty, or as it was before a trip to the store map, with the store chosen there. */
  draft: Draft;
  /** Back from the store map (?cvs_token=): the form is the shopper's own, nothing is prefilled. */
  fromMap: boolean;
  /** The store map's answer could not be read. */
  mapError: string | null;
  /** Signed in: the member's own name, phone and e-mail (the address comes from their address book). */
  profile: { name: string; phone: string; email: string } | null;
}

/** The form as it was before the store map, when coming back from it (the saved copy is used once). */
function restoredDraft(fromMap: boolean): Partial<Draft> {
  const saved = storage.checkoutDraft();
  storage.setCheckoutDraft(null);
  if (!saved || !fromMap) return {};
  try {
    return JSON.parse(saved) as Partial<Draft>;
  } catch {
    return {}; // a damaged draft: start over
  }
}

/** The selected, buyable cart lines (none when the cart cannot be read). */
async function chosenLines(): Promise<number[]> {
  const r = await api<CartView>("/api/cart/search", { body: {} });
  return r.status ? r.data.lines.filter((l) => l.selected && l.available).map((l) => l.line_id) : [];
}

/**
 * The checkout's reads: the cart lines chosen on /select_cart (or the one product of a quick order),
 * the form kept across the store map and the store chosen there, and a member's name and phone.
 */
export async function readCheckout(url: URL): Promise<CheckoutStart> {
  const variant = Number(url.searchParams.get("variant_id")) || null;
  const qty = Number(url.searchParams.get("qty")) || 1;
  const cvsToken = url.searchParams.get("cvs_token");
  const draft = { ...EMPTY_DRAFT, ...restoredDraft(cvsToken !== null) };
  // Apple Pay / Google Pay chosen on the product page or the cart (a draft back from the store map keeps its own).
  const pay = preselectedPayment(url.searchParams);
  if (pay && !draft.payment) draft.payment = pay;
  const [lines, store, user] = await Promise.all([
    variant ? null : chosenLines(),
    cvsToken ? api<CvsStore>("/api/ecpay/map/result", { query: { token: cvsToken } }) : null,
    storage.token() && !cvsToken ? api<PublicUser>("/api/user/get") : null,
  ]);
  if (store?.status) Object.assign(draft, { ship: store.data.type, cvs: store.data });
  const source: OrderSource | null = variant ? { variant_id: variant, qty } : lines?.length ? { line_ids: lines } : null;
  return {
    source,
    fast: variant !== null,
    draft,
    fromMap: cvsToken !== null,
    mapError: store && !store.status ? store.message : null,
    profile: user?.status ? { name: user.data.name, phone: user.data.phone, email: user.data.email ?? "" } : null,
  };
}

/** A quote for the form as it stands; `quoted` is the request it answers (the form's inputs, as JSON). */
export type QuoteRequest = { intent: "quote"; fast: boolean; quote: string };
export type QuoteAnswer = {
  intent: "quote";
  quoted: string;
  info: PayInfo | null;
  error: string | null;
  /** 429 「目前排隊中」 (decision 100): the same quote is asked again shortly. */
  queued?: boolean;
};

/** Placing the order: the payload of /api/order/store, and the key that makes a retry the same order. */
export type PlaceRequest = {
  intent: "place";
  fast: boolean;
  order: ReturnType<typeof orderPayload>;
  idempotency_key: string;
};
export type PlaceAnswer =
  | { intent: "place"; ok: true }
  | {
      intent: "place";
      ok: false;
      message: string;
      errors: Array<{ field: string; message: string }>;
      /** 429 「目前排隊中」 (a 限時搶購 rush, decision 100): nothing was placed nor changed, press again. */
      queued?: boolean;
    };

export async function quote(req: QuoteRequest): Promise<QuoteAnswer> {
  const r = await api<PayInfo>(req.fast ? "/api/order/pay_info/fast" : "/api/order/pay_info", { body: JSON.parse(req.quote) });
  return r.status
    ? { intent: "quote", quoted: req.quote, info: r.data, error: null }
    : { intent: "quote", quoted: req.quote, info: null, error: r.message, ...(r.httpStatus === 429 ? { queued: true } : {}) };
}

/**
 * Sends the order. Placed, this tab remembers the guest's phone and proof for the order, and the
 * browser goes to the finish page (or the bank's 3-D Secure page); refused, the answer says why.
 */
export async function placeOrder(req: PlaceRequest, shop: ShopScope): Promise<PlaceAnswer> {
  const r = await api<StoreResult>(req.fast ? "/api/order/store/fast" : "/api/order/store", {
    body: req.order,
    headers: { "idempotency-key": req.idempotency_key },
  });
  if (!r.status) {
    const errors = (r.data as { errors?: Array<{ field: string; message: string }> } | null)?.errors ?? [];
    return { intent: "place", ok: false, message: r.message, errors, ...(r.httpStatus === 429 ? { queued: true } : {}) };
  }
  storage.setOrderPhone(r.data.order_no, req.order.receiver.phone);
  if (r.data.access_token) orderAccess.set(r.data.order_no, r.data.access_token);
  // The bank's 3-D Secure page, or a wallet's own (LINE Pay, 街口, 悠遊付, Atome): both come back to the finish page.
  if (r.data.next.type === "redirect_3ds" || r.data.next.type === "redirect_wallet") {
    window.location.assign(r.data.next.url);
    return { intent: "place", ok: true };
  }
  throw redirect(shop.path(`/orderfinish?order_no=${r.data.order_no}`));
}
