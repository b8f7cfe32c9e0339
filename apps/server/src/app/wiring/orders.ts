import { createOrderInvoices } from "../../flows/e-invoicing/order-invoices.js";
import { wireOrderEffects } from "../../flows/order-effects/order-effects.js";
import { createOrderMessages } from "../../flows/order-effects/order-messages.js";
import { wireTierUpgrade } from "../../flows/order-effects/tier-upgrade.js";
import { createPreorderRelease } from "../../flows/preorders/release.js";
import { createCartService } from "../../modules/cart/service.js";
import { createAdmission, createSoldOutMemory, throughSoldOut } from "../../modules/checkout/admission.js";
import { createIdempotency } from "../../modules/checkout/idempotency.js";
import { createPlaceOrder } from "../../modules/checkout/place-order.js";
import { createQuotes } from "../../modules/checkout/quote.js";
import { createDepotService } from "../../modules/depot/service.js";
import { createExchangeService } from "../../modules/exchange/service.js";
import { createLogisticsService } from "../../modules/logistics/service.js";
import { createCardCharge } from "../../modules/orders/card-charge.js";
import { createCardRefunds } from "../../modules/orders/card-refund.js";
import { createOrderConsistency } from "../../modules/orders/consistency.js";
import { createGuestAccess } from "../../modules/orders/guest-access.js";
import { memberSpend } from "../../modules/orders/member-spend.js";
import { createPayments } from "../../modules/orders/payments.js";
import { preorderQueue } from "../../modules/orders/preorders.js";
import { createOrderQueries } from "../../modules/orders/queries.js";
import { registerOrderJobs } from "../../modules/orders/reconcile.js";
import { createReturns } from "../../modules/orders/returns.js";
import { createOrderLifecycle } from "../../modules/orders/service.js";
import { createOrderViews } from "../../modules/orders/views.js";
import { createPromotionsService } from "../../modules/promotions/service.js";
import { createRafflesService } from "../../modules/raffles/service.js";
import { registerTierJobs } from "../../modules/tiers/jobs.js";
import { createTiersService } from "../../modules/tiers/service.js";
import { BRAND_NAME } from "../shop-essentials.js";
import type { Accounts } from "./accounts.js";
import type { Foundation } from "./foundation.js";

/** What an order is made of besides the order itself: the cart, promotions, shipping, the depot, raffles. */
export function wireCommerce(base: Foundation) {
  const { db, providers, now } = base.deps;
  const { catalogue, loyalty, inventory, addresses, notifications, shops } = base;
  const logistics = createLogisticsService(db, providers.ecpay, now, base.channels.store_pickup !== "off", {
    ecpayB2c: providers.ecpayB2c,
    contractOf: shops.storeContract,
  });
  const depot = createDepotService({ db, catalogue, loyalty, inventory, logistics, addresses, now });
  return {
    cart: createCartService(db, catalogue),
    promotions: createPromotionsService(db, catalogue, now),
    logistics,
    depot,
    raffles: createRafflesService({ db, loyalty, depot, notifications, now }),
    exchange: createExchangeService(db, loyalty, inventory, shops, depot, now),
  };
}

export type Commerce = ReturnType<typeof wireCommerce>;

/**
 * Orders (decision 30): the lifecycle knows no other module; order-effects wires them to it. Then
 * payments, e-invoices, returns and the views of an order.
 */
export function wireOrders(base: Foundation, commerce: Commerce) {
  const { db, config, providers, now } = base.deps;
  const { clock, shops, jobs, inventory, loyalty, notifications, staff } = base;
  const orderQueries = createOrderQueries(db);
  const appraisalDays = () => shops.numberSetting("order_complete_days");
  const lifecycle = createOrderLifecycle({ db, completeAfterDays: appraisalDays, now });
  const orders = { ...orderQueries, ...lifecycle };
  const cardRefunds = createCardRefunds({ db, card: providers.card, now });
  const payments = createPayments({
    db,
    lifecycle,
    card: providers.card,
    runCardRefund: cardRefunds.runCardRefund,
    cardPublic: providers.cardPublic,
    transferAccount: (shopId) => shops.transferAccount(shopId),
    paySetup: (shopId) => shops.paymentSetup(shopId),
    holdMinutes: (productIds) => base.catalogue.holdMinutes(productIds),
    merchants: providers.tapPayMethods.merchants,
    creditWallet: (tx, memberId, amount, reason, ref) => loyalty.changeWallet(tx, memberId, amount, reason, ref),
    // Retried by the queue if the attempt right after the commit did not get through.
    enqueue: (tx, kind, payload, dedupeKey) =>
      jobs.enqueue(kind, payload, { dedupeKey, runAt: new Date(clock().getTime() + 30_000) }, tx),
    now,
  });
  const charge = createCardCharge({
    db,
    lifecycle,
    card: providers.card,
    payments,
    merchants: providers.tapPayMethods.merchants,
    now,
  });
  registerOrderJobs(jobs, { orders, charge, refunds: cardRefunds });
  const orderMessages = createOrderMessages(notifications, base.messageTemplates);
  const { depot, raffles, logistics } = commerce;
  const effects = { inventory, loyalty, depot, raffles, shops, notifications, messages: orderMessages, logistics, payments };
  wireOrderEffects(lifecycle, { ...effects, now: clock });
  // Member tiers (decision 94): spend read through the orders module, raised on payment, evaluated at period end.
  const tiers = createTiersService({
    db,
    spendOf: memberSpend,
    notify: (tx, memberId, n) => notifications.notify(tx, memberId, { kind: "system", ...n, link: "/member/level" }),
    now: clock,
  });
  wireTierUpgrade(lifecycle, tiers);
  registerTierJobs(jobs, tiers);
  // Pre-orders (decision 96): released by stock received, given back when cancelled.
  const preorderRelease = createPreorderRelease({ inventory, queue: preorderQueue, messages: orderMessages, now: clock });
  preorderRelease.wire(lifecycle);
  // Every sale's e-invoice (decision 57), opened and given back with the order, sent by the job queue.
  const orderInvoices = createOrderInvoices({
    db,
    lifecycle,
    orderQueries,
    messages: orderMessages,
    shops,
    jobs,
    staff,
    providers,
    enabled: base.channels.einvoice !== "off",
    leaseSeconds: config.EINVOICE_LEASE_SECONDS,
    now: clock,
  });
  const returns = createReturns({
    db,
    lifecycle,
    notifications,
    appraisalDays,
    returnAddress: async (shopId) => (await shops.settings(shopId, ["return_address"])).return_address ?? "",
    now,
    // The returned units come back first, so the replacement is never short of the very units received.
    exchangeStock: async (tx, items, ref, writeOff) => {
      if (writeOff) await inventory.writeOff(tx, null, items, ref, "換貨瑕疵品");
      else for (const i of items) await inventory.restock(tx, i.variantId, i.qty, ref);
      await inventory.reserve(tx, items, `${ref}:replacement`);
    },
  });
  const orderViews = createOrderViews(db, orderQueries, payments, logistics, {
    latestFor: returns.latestFor,
    appraisalDays,
    refundable: lifecycle.refundable,
    invoiceOf: orderInvoices.viewFor,
    now: clock,
  });
  return {
    orderQueries,
    lifecycle,
    orders,
    cardRefunds,
    payments,
    charge,
    orderMessages,
    orderInvoices,
    preorderRelease,
    returns,
    orderViews,
    orderConsistency: createOrderConsistency(db, inventory),
    tiers,
  };
}

export type Orders = ReturnType<typeof wireOrders>;

/** The checkout: a quote, then the order placed once per Idempotency-Key. */
export function wireCheckout(base: Foundation, accounts: Accounts, commerce: Commerce, o: Orders) {
  const { db, config, now } = base.deps;
  const { catalogue, loyalty, shops, addresses, inventory } = base;
  const { cart, promotions, logistics } = commerce;
  const guestAccess = createGuestAccess({ db, codes: accounts.auth.codes, brandName: BRAND_NAME, now });
  const wallets = base.deps.providers.tapPayMethods;
  const quotes = createQuotes({
    deviceWallets:
      wallets.merchants.apple_pay || wallets.merchants.google_pay
        ? {
            apple_merchant_id: wallets.merchants.apple_pay ? wallets.appleMerchantId : null,
            google_merchant_id: wallets.merchants.google_pay ? wallets.googleMerchantId : null,
          }
        : null,
    catalogue,
    cart,
    promotions,
    logistics,
    loyalty,
    shops,
    addresses,
    pastAddresses: o.orderQueries.pastAddresses,
    // The quote's providers (issue 50): 加價購/滿額贈, typed codes, tiers (decision 94), 限購 N 件/人.
    deals: (shopId) => promotions.runningDeals(shopId),
    codeCoupon: loyalty.codeCoupon,
    tierPerk: (memberId) => o.tiers.tierPerk(memberId),
    boughtBefore: (memberId, productIds) => o.orderQueries.boughtBefore(memberId, productIds),
    cardConfig: o.payments.cardConfig,
    einvoice: o.orderInvoices.enabled,
  });
  const idempotency = createIdempotency(
    db,
    async (orderNo) => {
      const order = await o.orderQueries.byNo(orderNo);
      return order ? { order_no: order.orderNo, next: await o.payments.nextFor(order) } : undefined;
    },
    now,
  );
  // 限時搶購 admission (decision 100): per instance, a bounded line and a moment's memory of sold-out variants.
  const admission = createAdmission({
    maxInFlight: config.CHECKOUT_MAX_IN_FLIGHT,
    queueMax: config.CHECKOUT_QUEUE_MAX,
    waitMs: config.CHECKOUT_QUEUE_WAIT_MS,
  });
  const soldOut = createSoldOutMemory();
  // Stock this instance gives back (an order cancelled or refunded) may be sold again at once.
  o.lifecycle.effects.givenBack.push(async (_tx, _order, _back, commit) => commit.after(async () => soldOut.forgetAll()));
  inventory.onStockAdded((variantId) => soldOut.forget(variantId));
  const placeOrder = createPlaceOrder({
    db,
    quotes,
    cart,
    inventory,
    loyalty,
    addresses,
    lifecycle: o.lifecycle,
    payments: o.payments,
    charge: o.charge,
    idempotency,
    guestAccess,
    findOrder: o.orderQueries.byNo,
    checkInvoice: o.orderInvoices.checks.check,
    holdMember: base.personalDataParts.members.holdActive,
    boughtBefore: o.orderQueries.boughtBefore,
    now,
    soldOut,
  });
  // A 立即購買 quote of a variant just found sold out is refused at once too, and a sold-out quote remembered (decision 100).
  const payInfo: typeof quotes.payInfo = (buyer, source, input) =>
    throughSoldOut(soldOut, "variantId" in source ? source.variantId : undefined, () => quotes.payInfo(buyer, source, input));
  // The checkout routes enter the admission line before anything else (routes.ts).
  return { guestAccess, quotes: { ...quotes, payInfo }, placeOrder, checkoutAdmission: admission, checkoutSoldOut: soldOut };
}
