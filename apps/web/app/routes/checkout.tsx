import type { CartView } from "@shop/contract/cart";
import type { PublicUser } from "@shop/contract/front-user";
import type { CvsStore, PayInfo, StoreResult } from "@shop/contract/order";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { CheckoutLines } from "../features/checkout/CheckoutLines";
import { DeliveryFieldset } from "../features/checkout/DeliveryFieldset";
import { DiscountFieldset } from "../features/checkout/DiscountFieldset";
import type { Draft } from "../features/checkout/draft";
import { InvoiceFieldset } from "../features/checkout/InvoiceFieldset";
import { OrderSummary } from "../features/checkout/OrderSummary";
import { type OrderSource, orderPayload } from "../features/checkout/order-payload";
import { PaymentFieldset } from "../features/checkout/PaymentFieldset";
import { openStoreMap } from "../features/checkout/store-map";
import { useCheckoutForm } from "../features/checkout/useCheckoutForm";
import type { CardFieldsHandle } from "../features/orders/CardFields";
import { orderAccess } from "../features/orders/order-access";
import { api } from "../lib/api";
import { useToken } from "../lib/auth";
import { useHydrated } from "../lib/hydrated";
import { seo, site } from "../lib/seo";
import { useShop } from "../lib/shop";
import { storage } from "../lib/storage";
import { track } from "../lib/track";
import { useAlerts } from "../ui/alerts";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seo({ title: "結帳", ...site(matches), path: location.pathname, noindex: true });

/** /cart: the checkout. Cart lines chosen on /select_cart, or one product (?variant_id=&qty=, quick order). */
export default function Checkout() {
  const shop = useShop();
  const token = useToken();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const alerts = useAlerts();
  const [params] = useSearchParams();
  const fastVariant = Number(params.get("variant_id")) || null;
  const fastQty = Number(params.get("qty")) || 1;
  const cvsToken = params.get("cvs_token");

  const [lineIds, setLineIds] = useState<number[] | null>(fastVariant ? [] : null);
  const [info, setInfo] = useState<PayInfo | null>(null);
  const source: OrderSource = fastVariant ? { variant_id: fastVariant, qty: fastQty } : { line_ids: lineIds ?? [] };
  const orderContext = { source, shopId: shop.shopId, expectedPayable: info?.quote.payable, einvoice: info?.einvoice };
  const { form, draft, errors, set, update, validate, showServerErrors } = useCheckoutForm(orderContext, fastVariant !== null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  // The inputs the amounts on screen were computed for: ordering is held back until they match
  // the form, so a fast tap never sends an amount the shopper has not seen.
  const [quotedBody, setQuotedBody] = useState<string | null>(null);
  const quoteSeq = useRef(0);
  const [pending, setPending] = useState(false);
  const submitting = useRef(false);
  const card = useRef<CardFieldsHandle>(null);
  // One key per checkout attempt: a double tap or a retried request never makes a second order.
  const idempotencyKey = useRef("");

  // Bumped by a press that found errors: the first of them is focused once they are drawn.
  const [focusRequest, setFocusRequest] = useState(0);

  // The lines to buy, and the form as it was before a trip to the store map.
  useEffect(() => {
    if (!hydrated) return;
    const saved = storage.checkoutDraft();
    if (saved && cvsToken) {
      try {
        const restored = JSON.parse(saved) as Partial<Draft>;
        update(() => restored);
      } catch {
        // a damaged draft: start over
      }
    }
    storage.setCheckoutDraft(null);
    if (cvsToken) {
      void api<CvsStore>("/api/ecpay/map/result", { query: { token: cvsToken } }).then((r) => {
        if (r.status) update(() => ({ ship: r.data.type, cvs: r.data }));
        else void alerts.error(r.message);
      });
    }
    if (!fastVariant) {
      void api<CartView>("/api/cart/search", { body: {} }).then((r) => {
        if (r.status) setLineIds(r.data.lines.filter((l) => l.selected && l.available).map((l) => l.line_id));
        else setLineIds([]);
      });
    }
  }, [hydrated, cvsToken, fastVariant, alerts, update]);

  const ready = fastVariant !== null || (lineIds !== null && lineIds.length > 0);
  const quotePath = fastVariant ? "/api/order/pay_info/fast" : "/api/order/pay_info";
  const quoteBody = JSON.stringify({
    ...source,
    ship_method: draft.ship || undefined,
    coupon_id: draft.couponId || undefined,
    points: draft.points || undefined,
    wallet: draft.wallet || undefined,
    shop_id: shop.shopId,
  });

  const requote = useCallback(async () => {
    const seq = ++quoteSeq.current;
    const r = await api<PayInfo>(quotePath, { body: JSON.parse(quoteBody) });
    if (seq !== quoteSeq.current) return; // a newer quote is on its way
    if (r.status) {
      setInfo(r.data);
      setQuoteError(null);
    } else setQuoteError(r.message);
    setQuotedBody(quoteBody);
  }, [quotePath, quoteBody]);
  const quoting = quotedBody !== quoteBody;

  useEffect(() => {
    if (!hydrated || !ready) return;
    const timer = setTimeout(() => void requote(), 250);
    return () => clearTimeout(timer);
  }, [hydrated, ready, requote]);

  // begin_checkout once, with the first quote's lines (the shop's analytics, decision 45).
  const began = useRef(false);
  useEffect(() => {
    if (!info || began.current) return;
    began.current = true;
    track("begin_checkout", {
      value: info.quote.payable,
      items: info.quote.lines.map((l) => ({ item_id: l.product_id, item_name: l.name, price: l.price, quantity: l.qty })),
    });
  }, [info]);

  // A member starts from their first saved (or last used) address, or at least their own name and
  // phone — unless the form came back from the store map or they have typed already.
  const prefilled = useRef(false);
  useEffect(() => {
    if (!info || !token || prefilled.current || cvsToken) return;
    prefilled.current = true;
    const first = info.recent_addresses[0];
    const fill = (name: string, phone: string, address?: Draft["address"]) =>
      update((d) => (d.name || d.phone ? {} : { name, phone, ...(address ? { address } : {}) }));
    if (first) fill(first.receiver.name, first.receiver.phone, first.address);
    else void api<PublicUser>("/api/user/get").then((r) => r.status && fill(r.data.name, r.data.phone));
  }, [info, token, cvsToken, update]);

  // A payment method that stopped being available (e.g. COD after choosing the depot) is unchosen.
  useEffect(() => {
    const chosen = info?.payment_methods.find((m) => m.code === draft.payment);
    if (chosen && !chosen.available) set("payment", "");
  }, [info, draft.payment, set]);

  useEffect(() => {
    if (focusRequest === 0) return;
    const first = document.querySelector<HTMLElement>("form [aria-invalid=true], form [data-error]");
    first?.scrollIntoView({ block: "center" });
    first?.focus({ preventScroll: true });
  }, [focusRequest]);

  async function chooseStore(type: CvsStore["type"]) {
    const returnPath = `${shop.path("/cart")}${fastVariant ? `?variant_id=${fastVariant}&qty=${fastQty}` : ""}`;
    // The form as it is now (a keystroke since this render included) comes back after the map.
    const message = await openStoreMap(type, returnPath, form.getValues());
    if (message !== undefined) void alerts.error(message);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    // A second press while this one is checked or sent does nothing (the state updates later).
    if (pending || submitting.current) return;
    submitting.current = true;
    setPending(true);
    try {
      // Every message shows under its field; the first of them gets the focus once it is drawn.
      if (!(await validate())) return setFocusRequest((n) => n + 1);
      let prime: string | undefined;
      if (draft.payment === "card") {
        const p = await card.current?.getPrime();
        if (!p || "error" in p) return alerts.error(p && "error" in p ? p.error : "請輸入信用卡資料");
        prime = p.prime;
      }
      idempotencyKey.current ||= crypto.randomUUID();
      const r = await api<StoreResult>(fastVariant ? "/api/order/store/fast" : "/api/order/store", {
        body: orderPayload(draft, orderContext, prime),
        headers: { "idempotency-key": idempotencyKey.current },
      });
      if (!r.status) {
        // A refused order changed nothing: the next press is a new attempt.
        idempotencyKey.current = "";
        // A field the server refused (a barcode the tax platform does not know) shows under it.
        if (showServerErrors((r.data as { errors?: Array<{ field: string; message: string }> } | null)?.errors ?? []))
          return setFocusRequest((n) => n + 1);
        await requote();
        return alerts.error(r.message);
      }
      storage.setOrderPhone(r.data.order_no, draft.phone);
      if (r.data.access_token) orderAccess.set(r.data.order_no, r.data.access_token);
      if (r.data.next.type === "redirect_3ds") {
        window.location.assign(r.data.next.url);
        return;
      }
      navigate(shop.path(`/orderfinish?order_no=${r.data.order_no}`));
    } finally {
      submitting.current = false;
      setPending(false);
    }
  }

  if (!hydrated || (!fastVariant && lineIds === null)) {
    return (
      <section className="card">
        <h1 className="text-2xl font-bold text-stone-800">結帳</h1>
        <p className="mt-4 text-stone-600" role="status">
          載入中…
        </p>
      </section>
    );
  }
  if (!ready) {
    return (
      <section className="card py-10 text-center">
        <h1 className="text-2xl font-bold text-stone-800">結帳</h1>
        <p className="mt-4 text-stone-600">尚未選擇要結帳的商品。</p>
        <ShopLink to="/select_cart" className="btn-primary mt-4">
          回購物車
        </ShopLink>
      </section>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5 lg:grid-cols-[1fr_22rem]">
      <div className="space-y-5">
        <CheckoutLines quote={info?.quote} quoteError={quoteError} />
        <DeliveryFieldset
          draft={draft}
          set={set}
          update={update}
          info={info}
          errors={errors}
          onChooseStore={(type) => void chooseStore(type)}
        />
        <PaymentFieldset draft={draft} set={set} info={info} errors={errors} card={card} />
        {info?.member && <DiscountFieldset draft={draft} set={set} info={info} />}
        {info?.einvoice !== false && <InvoiceFieldset draft={draft} set={set} errors={errors} />}
      </div>

      <OrderSummary
        info={info}
        invalidCount={Object.keys(errors).length}
        disabled={!hydrated || pending || !info || quoting}
        pending={pending}
        quoting={quoting}
        signedIn={!!token}
        shipChosen={draft.ship !== ""}
      />
    </form>
  );
}
