import { CVS_METHODS, ORDER_STATUS_CODES, PAYMENT_METHOD_CODES, SHIP_METHOD_CODES } from "../codes.js";
import { PAYABLE_METHODS, REDIRECT_WALLETS } from "../payment-methods.js";
import { z } from "../zod.js";
import { eInvoiceView } from "./invoice.js";

/** Shapes of checkout (pay info, placing an order, paying) and of the buyer's orders and tracking. */
const int = z.number().int();

export const shipMethodCode = z.enum(SHIP_METHOD_CODES);
export const paymentMethodCode = z.enum(PAYMENT_METHOD_CODES);
export const orderStatus = z.enum(ORDER_STATUS_CODES);

/** A postal address as an order or the address book keeps it. */
export const addressView = z.object({ zip: z.string(), county: z.string(), district: z.string(), line: z.string() });

/** A convenience store chosen on the carrier's map. */
export const cvsStoreView = z.object({
  type: z.enum(CVS_METHODS),
  id: z.string(),
  name: z.string(),
  address: z.string(),
});

export const quoteLine = z.object({
  variant_id: int,
  product_id: int,
  name: z.string(),
  variant_name: z.string(),
  image: z.string(),
  price: int,
  qty: int,
  subtotal: int,
  /** An order's line: bought goods, a 加價購 item at its deal price, or a 滿額贈 gift at NT$0 (decision 93). */
  kind: z.enum(["goods", "addon", "gift"]).optional(),
  /** Sold (or to be sold) on pre-order (decision 96): the expected ship date, YYYY-MM-DD. */
  preorder_ship_on: z.string().optional(),
});

export const orderDiscount = z.object({
  source: z.enum(["promotion", "tier", "coupon"]),
  id: int,
  label: z.string(),
  amount: int,
});

export const quoteView = z.object({
  lines: z.array(quoteLine),
  goods_amount: int,
  discounts: z.array(orderDiscount),
  discount_total: int,
  shipping_fee: int,
  order_amount: int,
  points_used: int,
  wallet_used: int,
  payable: int,
  coupon_rejected: z.string().nullable(),
  /** 加價購 lines taken, at their deal price, and 滿額贈 gifts at NT$0 (decision 93). */
  addon_lines: z.array(z.object({ deal_id: int, variant_id: int, title: z.string(), name: z.string(), price: int, qty: int })),
  gift_lines: z.array(z.object({ rule_id: int, variant_id: int, title: z.string(), name: z.string(), qty: int })),
  /** The add-on deals running, and whether this cart may take each (with why not). */
  addon_offers: z.array(
    z.object({
      deal_id: int,
      title: z.string(),
      price: int,
      per_order_cap: int,
      eligible: z.boolean(),
      reason: z.string().nullable(),
    }),
  ),
  /** The gift rules running: reached or how far, the options and the one given. */
  gift_offers: z.array(
    z.object({
      rule_id: int,
      title: z.string(),
      threshold: int,
      reached: z.boolean(),
      short_by: int,
      options: z.array(z.object({ variant_id: int, name: z.string(), available: z.boolean() })),
      chosen: int.nullable(),
    }),
  ),
  /** What stops this cart being ordered as asked (限購, add-ons, gifts), in the shopper's words. */
  refusals: z.array(z.object({ code: z.string(), message: z.string() })),
  /** The member's level and its percent off (null: a guest, or no tiers). */
  tier: z.object({ name: z.string(), discount_percent: int }).nullable(),
});

/** How the storefront takes a card (TapPay's public keys, or the 測試模式 simulator). */
export const cardSetup = z.object({
  simulated: z.boolean(),
  app_id: z.string().nullable(),
  app_key: z.string().nullable(),
  server_type: z.enum(["sandbox", "production"]),
});

export const payInfo = z.object({
  quote: quoteView,
  ship_methods: z.array(
    z.object({
      code: shipMethodCode,
      name: z.string(),
      /** This cart's fee to this destination before free shipping (本島 until an address is given). */
      fee: int,
      /** null: no free shipping here (none, or 離島 excluded). */
      free_threshold: int.nullable(),
      fee_now: int,
      /** Why this method cannot carry this cart to this destination (shown disabled); null: it can. */
      reason: z.string().nullable(),
    }),
  ),
  payment_methods: z.array(
    z.object({ code: paymentMethodCode, name: z.string(), available: z.boolean(), reason: z.string().nullable() }),
  ),
  coupons: z.array(z.object({ id: int, title: z.string(), min_spend: int, expires_at: z.string() })),
  /** cap_per_order null: no cap. */
  points: z.object({ owned: int, cap_per_order: int.nullable() }),
  wallet: z.object({ balance: int }),
  member: z.boolean(),
  /** Addresses from the member's earlier orders, newest first. */
  recent_addresses: z.array(z.object({ receiver: z.object({ name: z.string(), phone: z.string() }), address: addressView })),
  card: cardSetup,
  /** Card instalments the shop offers on this amount, with what each month costs (empty: none). */
  instalments: z.array(z.object({ count: int, first: int, monthly: int })),
  /** Apple Pay / Google Pay through TapPay's Payment Request API (null: not offered). */
  device_wallets: z.object({ apple_merchant_id: z.string().nullable(), google_merchant_id: z.string().nullable() }).nullable(),
  /** Whether checkout asks for the buyer's invoice choice: false when the shop issues its invoices elsewhere. */
  einvoice: z.boolean(),
});

/** The account a transfer pays into. */
export const transferBank = z.object({ code: z.string(), name: z.string(), account: z.string(), holder: z.string() });

/** An order's own ATM account (TapPay virtual account, decision 88): paid into, it matches itself. */
export const virtualAccountView = z.object({
  bank_code: z.string(),
  account: z.string(),
  amount: int,
  deadline: z.string(),
});

/** What the buyer does after placing (or repaying) an order. */
export const nextStep = z.discriminatedUnion("type", [
  z.object({ type: z.literal("done") }),
  z.object({ type: z.literal("transfer"), bank: transferBank, amount: int, deadline: z.string() }),
  z.object({ type: z.literal("redirect_3ds"), url: z.string() }),
  /** A wallet's own page (LINE Pay, 街口, 悠遊付, Atome): the app opens on a phone, a QR code on a desktop. */
  z.object({ type: z.literal("redirect_wallet"), url: z.string(), method: z.enum(REDIRECT_WALLETS) }),
  z.object({ type: z.literal("virtual_account"), virtual_account: virtualAccountView }),
  z.object({ type: z.literal("card_failed"), message: z.string() }),
]);

export const storeResult = z.object({
  order_no: z.string(),
  next: nextStep,
  /** Guests: proof of the phone for this browser (full details and cancelling without an SMS code). */
  access_token: z.string().optional(),
});

/** order/repayTappays: the order and what the card charge needs next. */
export const repayResult = z.object({ order_no: z.string(), next: nextStep });

/** order/verifyGuestCode: proof of the phone for one order. */
export const orderAccess = z.object({ access_token: z.string() });

export const orderEventView = z.object({
  from_status: orderStatus.nullable(),
  to_status: orderStatus,
  label: z.string(),
  reason: z.string(),
  at: z.string(),
});

export const orderSummary = z.object({
  order_no: z.string(),
  status: orderStatus,
  status_label: z.string(),
  created_at: z.string(),
  order_amount: int,
  payable: int,
  payment_method: paymentMethodCode,
  ship_method: shipMethodCode,
  /** Units bought (2 for one line of two). */
  item_count: int,
  /** Lines (products) in the order. */
  line_count: int,
  first_item: z.object({ name: z.string(), image: z.string() }).nullable(),
  /** A pre-order (decision 96): waiting for stock or released (it ships), and its expected ship date (YYYY-MM-DD). */
  preorder: z.object({ state: z.enum(["waiting", "released"]), ship_on: z.string().nullable() }).nullable(),
});

/** A buyer's return request on their order (退貨), as the buyer and staff see it. */
export const returnRequestView = z.object({
  id: int,
  /** 退貨 (refund) or 換貨 (the same items sent again). */
  kind: z.enum(["return", "exchange"]),
  kind_label: z.string(),
  status: z.enum(["requested", "approved", "rejected", "received", "refunded", "reshipped"]),
  status_label: z.string(),
  reason: z.string(),
  reason_label: z.string(),
  note: z.string(),
  /** Why staff rejected it, or their note on the goods received. */
  staff_note: z.string(),
  items: z.array(z.object({ variant_id: int, qty: int, name: z.string() })),
  /** The replacement parcel's tracking number once an exchange is sent ("" before). */
  reship_tracking_no: z.string(),
  /** Staff's choice on receipt: back into stock, or written off as faulty (null before). */
  disposition: z.enum(["restock", "write_off"]).nullable(),
  /**
   * Where and how to send the goods back, once approved: the store-return code when staff gave
   * one, else the shop's return address (the sub-mall's own for its orders); null before.
   */
  send_back: z
    .object({
      store_code: z.string(),
      address: z.string(),
      /** How the parcel comes back through ECPay (逆物流, decision 91); null when the buyer arranges it. */
      carrier: z.enum(["cvs_711", "cvs_family", "cvs_hilife", "tcat"]).nullable(),
      /** What the buyer does, in words (「請於 7 天內至任一 7-ELEVEN 門市…」), "" when the buyer arranges it. */
      how: z.string(),
      /** The return parcel's progress: "" (none booked), booked, in_transit, back — and in words. */
      parcel_status: z.enum(["", "booked", "in_transit", "back"]),
      parcel_label: z.string(),
    })
    .nullable(),
  /** What was refunded (NT$), once refunded. */
  refund_amount: int.nullable(),
  created_at: z.string(),
});

export const orderView = orderSummary.extend({
  shop_id: int,
  lines: z.array(quoteLine),
  goods_amount: int,
  discounts: z.array(orderDiscount),
  discount_total: int,
  shipping_fee: int,
  points_used: int,
  wallet_used: int,
  ship_method_name: z.string(),
  payment_method_name: z.string(),
  receiver: z.object({ name: z.string(), phone: z.string() }),
  address: addressView.nullable(),
  cvs_store: cvsStoreView.nullable(),
  invoice: z.record(z.string(), z.string()),
  /** The e-invoice once the order is due one (decision 57); null before and when nothing is invoiced. */
  e_invoice: eInvoiceView.nullable(),
  note: z.string(),
  pay_by: z.string().nullable(),
  paid_at: z.string().nullable(),
  tracking_no: z.string().nullable(),
  payment: z
    .object({
      status: z.string(),
      message: z.string(),
      card_last4: z.string().nullable(),
      transfer_reported: z.boolean(),
      /** Card instalments (0: paid at once). */
      instalment: int,
    })
    .nullable(),
  /** The order's own ATM account while it waits for payment by one (decision 88). */
  virtual_account: virtualAccountView.nullable(),
  transfer: transferBank.nullable(),
  history: z.array(orderEventView),
  can_cancel: z.boolean(),
  /** A 待付款 order the buyer may pay again: with one of `pay_options` (decision 82). */
  can_repay: z.boolean(),
  /** The ways this order may still be paid (card again, transfer, cash on delivery where its delivery allows), each with why not. */
  pay_options: z.array(
    z.object({
      code: z.enum(PAYABLE_METHODS),
      name: z.string(),
      available: z.boolean(),
      reason: z.string().nullable(),
    }),
  ),
  /** Card instalments this 待付款 order's amount reaches in its shop, for paying again by card (decision 88). */
  instalments: z.array(z.object({ count: int, first: int, monthly: int })),
  can_report_transfer: z.boolean(),
  /** A member's delivered order still inside the appraisal period, with no return in progress. */
  can_request_return: z.boolean(),
  /** The latest return request, if any. */
  return_request: returnRequestView.nullable(),
  /** A return's refund goes to the buyer's own bank account (paid by transfer or cash on delivery): the form asks for it. */
  return_needs_account: z.boolean(),
  /**
   * A guest who has not proven the phone (SMS code, or the browser that ordered) sees the receiver,
   * phone and address masked, and must verify before cancelling.
   */
  masked: z.boolean(),
  /** How to take a card for repayTappays. */
  card: cardSetup,
});

export const trackingView = z.object({
  order_no: z.string(),
  tracking_no: z.string().nullable(),
  carrier: z.string(),
  status: orderStatus,
  status_label: z.string(),
  events: z.array(z.object({ at: z.string(), status: z.string(), location: z.string() })),
});

export const notificationView = z.object({
  id: int,
  kind: z.enum(["order", "system", "prize"]),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});

/** ecpay/mapCreateToken: the form the browser posts to ECPay's store map (or our simulator). */
export const cvsMapForm = z.object({
  action: z.string(),
  fields: z.record(z.string(), z.string()),
  /** True when the map is our 測試模式 stand-in. */
  simulated: z.boolean(),
});

/** payments/simulator/prime: a test prime for the card number (測試模式). */
export const simulatedPrime = z.object({ prime: z.string() });
