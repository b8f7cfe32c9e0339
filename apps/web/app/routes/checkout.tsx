import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { CvsStore } from "@shop/contract/order";
import { useEffect, useRef } from "react";
import { type ShouldRevalidateFunctionArgs, useRevalidator } from "react-router";
import { CheckoutLines } from "../features/checkout/CheckoutLines";
import {
  type CheckoutStart,
  type PlaceRequest,
  placeOrder,
  type QuoteRequest,
  quote,
  readCheckout,
} from "../features/checkout/checkout-data";
import { DealsPanel } from "../features/checkout/DealsPanel";
import { DeliveryFieldset } from "../features/checkout/DeliveryFieldset";
import { DiscountFieldset } from "../features/checkout/DiscountFieldset";
import { type Draft, dealChoices, isCvs } from "../features/checkout/draft";
import { InvoiceFieldset } from "../features/checkout/InvoiceFieldset";
import { OrderSummary } from "../features/checkout/OrderSummary";
import type { OrderContext, OrderSource } from "../features/checkout/order-payload";
import { PaymentFieldset } from "../features/checkout/PaymentFieldset";
import { openStoreMap } from "../features/checkout/store-map";
import { useCheckoutFollowUps } from "../features/checkout/useCheckoutFollowUps";
import { useCheckoutForm } from "../features/checkout/useCheckoutForm";
import { usePlaceOrder } from "../features/checkout/usePlaceOrder";
import { useQuote } from "../features/checkout/useQuote";
import type { CardFieldsHandle } from "../features/orders/CardFields";
import { useOnline } from "../features/shell/online";
import { langOfPath, translate, useLang } from "../i18n/runtime";
import { useToken } from "../lib/auth";
import { seo, site } from "../lib/seo";
import { parseShopPrefix, shopScope, useShop } from "../lib/shop";
import { useAlerts } from "../ui/alerts";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seo({ title: translate(location.pathname, msg`結帳`), ...site(matches), path: location.pathname, noindex: true });

/** The cart (or the quick order's product), the form kept across the store map, a member's name. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return readCheckout(new URL(request.url));
}

/** A quote for the form as it stands, or placing the order (the prime and the idempotency key come with it). */
export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const body = (await request.json()) as QuoteRequest | PlaceRequest;
  if (body.intent === "quote") return quote(body);
  // The finish page in the language of the checkout.
  return placeOrder(body, shopScope(parseShopPrefix(params.shopPrefix), langOfPath(new URL(request.url).pathname)));
}

/**
 * The checkout's own quotes and orders do not read the page again: its loader takes the store
 * map's answer and the saved form once, and the lines stay those the checkout opened with.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== "GET" ? false : defaultShouldRevalidate;
}

export function HydrateFallback() {
  const { t } = useLingui();
  return (
    <section className="card">
      <h1 className="text-2xl font-bold text-stone-800">{t`結帳`}</h1>
      <p className="mt-4 text-stone-600" role="status">
        {t`載入中…`}
      </p>
    </section>
  );
}

/** /cart: the checkout. Cart lines chosen on /select_cart, or one product (?variant_id=&qty=, quick order). */
export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const online = useOnline();
  const revalidator = useRevalidator();
  const wasOffline = useRef(false);
  const opened = loaderData.source !== null;
  // Back online after opening offline: the checkout is read again, then the form opens.
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) {
      wasOffline.current = false;
      if (!opened) void revalidator.revalidate();
    }
  }, [online, opened, revalidator]);
  // Opened offline: nothing to check out from yet. (An open form going offline stays as filled in.)
  if (!online && !loaderData.source) {
    return (
      <section className="card py-10 text-center" role="status">
        <h1 className="text-2xl font-bold text-stone-800">{t`結帳`}</h1>
        <p className="mt-4 text-stone-700">
          {t`結帳需要網路連線。目前沒有網路，恢復連線後即可繼續結帳，購物車中的商品會為您保留。`}
        </p>
        <ShopLink to="/select_cart" className="btn-primary mt-4">
          {t`回購物車`}
        </ShopLink>
      </section>
    );
  }
  if (!loaderData.source) {
    return (
      <section className="card py-10 text-center">
        <h1 className="text-2xl font-bold text-stone-800">{t`結帳`}</h1>
        <p className="mt-4 text-stone-600">{t`尚未選擇要結帳的商品。`}</p>
        <ShopLink to="/select_cart" className="btn-primary mt-4">
          {t`回購物車`}
        </ShopLink>
      </section>
    );
  }
  // Another purchase (a quick order after the cart) starts a form of its own.
  return (
    <>
      {!online && (
        <p className="card mb-4 border-amber-300 bg-amber-50 text-amber-950" role="status">
          {t`結帳需要網路連線：目前沒有網路，您填寫的資料會保留，恢復連線後再按「確認下單」。`}
        </p>
      )}
      <CheckoutForm key={JSON.stringify(loaderData.source)} start={loaderData} source={loaderData.source} />
    </>
  );
}

/** The inputs of a quote: what is bought and what changes the amounts (the rest of the form does not). */
const quoteBody = (source: OrderSource, shopId: number, draft: Draft) =>
  JSON.stringify({
    ...source,
    ship_method: draft.ship || undefined,
    coupon_id: draft.couponId || undefined,
    coupon_code: draft.couponCode || undefined,
    points: draft.points || undefined,
    wallet: draft.wallet || undefined,
    ...dealChoices(draft),
    shop_id: shopId,
    // Where it goes prices 離島 and refuses what a method cannot reach (decision 89).
    destination: (isCvs(draft.ship) ? draft.cvs?.address : `${draft.address.county}${draft.address.district}`) || undefined,
    delivery_time: draft.ship === "tcat" ? draft.deliveryTime : undefined,
  });

/** The form: delivery, payment, discounts and invoice beside the amounts and 確認下單. */
function CheckoutForm({ start, source }: { start: CheckoutStart; source: OrderSource }) {
  const shop = useShop();
  const token = useToken();
  const alerts = useAlerts();
  const card = useRef<CardFieldsHandle>(null);
  const { fast } = start;

  // The form's checks read the context when they run: the amounts are filled in below, once quoted.
  const orderContext: OrderContext = { source, shopId: shop.shopId, expectedPayable: undefined, lang: useLang() };
  const { form, draft, errors, set, update, validate, showServerErrors } = useCheckoutForm(orderContext, fast, start.draft);
  const { info, quoteError, quoting, requote } = useQuote(fast, quoteBody(source, shop.shopId, draft));
  orderContext.expectedPayable = info?.quote.payable;
  orderContext.einvoice = info?.einvoice;
  orderContext.instalments = info?.instalments.map((p) => p.count);
  if (info?.member) orderContext.points = { owned: info.points.owned, cap: info.points.cap_per_order };

  const { focusErrors } = useCheckoutFollowUps({
    start,
    info,
    signedIn: !!token,
    payment: draft.payment,
    quoting,
    set,
    update,
  });
  const { submit, pending } = usePlaceOrder({
    fast,
    draft,
    context: orderContext,
    info,
    card,
    validate,
    showServerErrors,
    focusErrors,
    requote,
  });

  async function chooseStore(type: CvsStore["type"]) {
    const returnPath = `${shop.path("/cart")}${"variant_id" in source ? `?variant_id=${source.variant_id}&qty=${source.qty}` : ""}`;
    // The form as it is now (a keystroke since this render included) comes back after the map.
    const message = await openStoreMap(type, returnPath, form.getValues());
    if (message !== undefined) void alerts.error(message);
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
        {info && <DealsPanel draft={draft} set={set} quote={info.quote} />}
        {info?.member && <DiscountFieldset draft={draft} set={set} info={info} errors={errors} />}
        {info?.einvoice !== false && <InvoiceFieldset draft={draft} set={set} errors={errors} />}
      </div>

      <OrderSummary
        info={info}
        invalidCount={Object.keys(errors).length}
        disabled={pending || !info || quoting}
        pending={pending}
        quoting={quoting}
        signedIn={!!token}
        // A method that cannot carry this cart here has no fee yet (its reason shows beside it).
        shipChosen={draft.ship !== "" && !info?.ship_methods.find((m) => m.code === draft.ship)?.reason}
      />
    </form>
  );
}
