import type { PayInfo, ShipMethodCode } from "@shop/contract";
import { CVS_METHODS, deliversToAddress, MAIN_SHOP_ID, PAYMENT_METHOD_LABELS } from "@shop/contract";
import { formatMoney } from "@shop/contract/format";
import type { DeliveryTime, OrderParcel } from "@shop/contract/shipping";
import { conflict, notFound, unprocessable } from "../../lib/errors.js";
import type { CartOwner, CartService } from "../cart/service.js";
import type { CatalogueService } from "../catalogue/service.js";
import { type Destination, destinationOfText } from "../logistics/regions.js";
import type { LogisticsService } from "../logistics/service.js";
import type { LoyaltyService } from "../loyalty/service.js";
import type { AddressBookService } from "../members/addresses.js";
import { instalmentChoices, payChoices } from "../orders/pay-methods.js";
import type { Buyer } from "../orders/types.js";
import { quote } from "../pricing/pricing.js";
import { type Charge, chargeFor, feeFor, fullFee, parcelOf } from "../pricing/shipping-fees.js";
import type { PromotionsService } from "../promotions/service.js";
import type { ShopsService } from "../shops/service.js";
import type { QuoteReference } from "./reference.js";

/** What is being bought: chosen cart lines, or one variant straight from its page (quick order). */
export type Source = { lineIds: number[] } | { variantId: number; qty: number };
export interface QuoteInputs {
  ship_method?: ShipMethodCode;
  coupon_id?: number;
  points?: number;
  wallet?: number;
  shop_id?: number;
  destination?: string;
  delivery_time?: DeliveryTime;
  /** Placing an order: where it goes (the quote's `destination` is then not read). */
  address?: { county: string; district: string };
  cvs_store?: { address: string };
}

export const isCvs = (m: string): m is (typeof CVS_METHODS)[number] => (CVS_METHODS as readonly string[]).includes(m);

export interface QuoteDeps {
  catalogue: CatalogueService;
  cart: CartService;
  promotions: PromotionsService;
  logistics: LogisticsService;
  loyalty: LoyaltyService;
  shops: ShopsService;
  addresses: AddressBookService;
  /** Addresses of the member's earlier orders, newest first (the orders module reads them). */
  pastAddresses: (memberId: number) => Promise<Array<{ name: string; phone: string; address: Record<string, string> }>>;
  cardConfig: () => PayInfo["card"];
  /** Apple Pay / Google Pay merchant ids for the Payment Request sheet (null: not provided here). */
  deviceWallets: PayInfo["device_wallets"];
  /** Whether the shop issues e-invoices here (decision 74): checkout then asks for the buyer's choice. */
  einvoice: boolean;
}

/** The dependencies as the quote's steps use them, with the kept reference reads (quote.ts builds it once). */
export interface QuoteContext extends QuoteDeps {
  reference: QuoteReference;
}

/** Where the parcel goes: the order's address or store, else the quote's destination text (null: not known yet). */
function destinationOf(input: QuoteInputs): Destination | null {
  const m = input.ship_method ?? "";
  if (deliversToAddress(m) && input.address) return { county: input.address.county, district: input.address.district };
  if (isCvs(m) && input.cvs_store) return destinationOfText(input.cvs_store.address);
  return input.destination ? destinationOfText(input.destination) : null;
}

/**
 * Each method's charge for these lines to this destination (decision 89), and the chosen one's:
 * an unreachable choice is refused (422, nothing changes) unless `lenient` (the checkout page's
 * quote, which shows the reason beside the method instead).
 */
function shipping(lines: BuiltLine[], methods: Method[], chosen: Method | undefined, input: QuoteInputs, lenient: boolean) {
  const parcel = parcelOf(
    lines.map((l) => ({ qty: l.qty, sizeCm: l.v.sizeCm, weightG: l.v.weightG, temperature: l.v.temperature })),
  );
  const to = destinationOf(input);
  const charges = new Map<string, Charge>(
    methods.map((m) => [
      m.code,
      chargeFor({ name: m.name, fee: m.fee, freeThreshold: m.free_threshold, rates: m.rates }, parcel, to),
    ]),
  );
  const charge = chosen ? charges.get(chosen.code) : undefined;
  if (charge && !charge.ok && !lenient) throw unprocessable("SHIP_METHOD_UNREACHABLE", charge.reason);
  const ok = charge?.ok ? charge : undefined;
  const orderParcel: OrderParcel | null =
    ok && parcel.size !== null
      ? {
          size: parcel.size,
          weight_g: parcel.weightG,
          temperature: parcel.temperature,
          region: ok.region,
          delivery_time: chosen?.code === "tcat" ? (input.delivery_time ?? "any") : "any",
        }
      : null;
  return { charges, ok, parcel: orderParcel };
}
type Method = Awaited<ReturnType<LogisticsService["shipMethods"]>>[number];
type BuiltLine = { qty: number; v: { sizeCm: number; weightG: number; temperature: OrderParcel["temperature"] } };

/**
 * Prices the chosen lines from the catalogue, the running promotions, the member's coupon, points
 * and wallet; checks what the buyer asked for against what they own.
 */
export async function buildQuote(deps: QuoteContext, buyer: Buyer, source: Source, input: QuoteInputs, lenient = false) {
  const { catalogue, cart, promotions, loyalty, reference } = deps;
  const shopId = input.shop_id ?? MAIN_SHOP_ID;
  const ref = await reference.of(shopId);
  if (!ref.open) throw notFound("SHOP_NOT_FOUND", "此商城不存在或已暫停營業");
  const owner: CartOwner = buyer.memberId !== undefined ? { memberId: buyer.memberId } : { token: buyer.cartToken };
  const wanted =
    "lineIds" in source
      ? await cart.linesFor(owner, source.lineIds)
      : [{ lineId: 0, variantId: source.variantId, qty: source.qty }];
  const live = new Map(
    (
      await catalogue.variantsForCart(
        wanted.map((w) => w.variantId),
        shopId,
      )
    ).map((v) => [v.id, v]),
  );
  const lines = wanted.map((w) => {
    const v = live.get(w.variantId);
    if (!v?.sellable)
      throw conflict("PRODUCT_UNAVAILABLE", v ? `「${v.name}」已下架或不在此商城販售` : "商品已下架", {
        variant_id: w.variantId,
      });
    if (v.perOrderLimit !== null && w.qty > v.perOrderLimit)
      throw unprocessable("PER_ORDER_LIMIT_EXCEEDED", `「${v.name}」每筆訂單限購 ${v.perOrderLimit} 件`, {
        variant_id: w.variantId,
      });
    if (w.qty > v.stock)
      throw v.stock > 0
        ? conflict("INSUFFICIENT_STOCK", `「${v.name}」庫存不足，目前剩 ${v.stock} 件`, { variant_id: w.variantId })
        : conflict("VARIANT_SOLD_OUT", `「${v.name}」已售完`, { variant_id: w.variantId });
    return { ...w, v };
  });

  const member = buyer.memberId !== undefined;
  const methods = ref.shipMethods.filter((m) => member || m.code !== "depot");
  const chosen = input.ship_method ? methods.find((m) => m.code === input.ship_method) : undefined;
  if (input.ship_method && !chosen) {
    throw input.ship_method === "depot" && !member
      ? unprocessable("DEPOT_MEMBERS_ONLY", "雲端庫存僅限會員使用，請先登入")
      : unprocessable("SHIP_METHOD_UNAVAILABLE", "此配送方式目前無法使用");
  }

  const ship = shipping(lines, methods, chosen, input, lenient);

  if (!member && (input.coupon_id || input.points || input.wallet)) {
    throw unprocessable("DISCOUNTS_MEMBERS_ONLY", "優惠券、點數與錢包僅限會員使用，請先登入");
  }
  const coupons = member ? await loyalty.usableCoupons(buyer.memberId as number) : [];
  const coupon = input.coupon_id ? coupons.find((c) => c.id === input.coupon_id) : undefined;
  if (input.coupon_id && !coupon) throw unprocessable("COUPON_UNAVAILABLE", "找不到此優惠券，可能已使用或已過期");
  const balances = member ? await loyalty.balances(buyer.memberId as number) : { points: 0, wallet: 0 };
  // A cap of 0 means no cap (the setting's label says so).
  const cap = ref.cap || null;
  if ((input.points ?? 0) > balances.points)
    throw unprocessable("INSUFFICIENT_POINTS", `點數不足，目前可用 ${balances.points} 點`);
  if (cap !== null && (input.points ?? 0) > cap) throw unprocessable("POINTS_CAP_EXCEEDED", `每筆訂單最多可折抵 ${cap} 點`);
  if ((input.wallet ?? 0) > balances.wallet)
    throw unprocessable("INSUFFICIENT_WALLET_BALANCE", `錢包餘額不足，目前餘額 ${formatMoney(balances.wallet)}`);

  const q = quote({
    lines: lines.map((l) => ({
      variantId: l.variantId,
      productId: l.v.productId,
      categoryId: l.v.categoryId,
      parentCategoryId: l.v.parentCategoryId,
      price: l.v.price,
      qty: l.qty,
    })),
    promotions: promotions.runningRules(ref.own, ref.main),
    coupon,
    shipMethod:
      chosen && ship.ok ? { code: chosen.code, fee: fullFee(ship.ok), freeThreshold: ship.ok.freeThreshold } : undefined,
    points: { requested: input.points ?? 0, owned: balances.points, capPerOrder: cap ?? Number.MAX_SAFE_INTEGER },
    wallet: { requested: input.wallet ?? 0, balance: balances.wallet },
  });
  // Payment methods the back office switched off, and who a transfer would pay.
  const setup = ref.payment;
  return {
    shopId,
    lines,
    q,
    methods,
    chosen,
    charges: ship.charges,
    parcel: ship.parcel,
    coupons,
    balances,
    cap,
    member,
    payment: setup,
    transferPayee: setup.transfer.payee,
  };
}

export type BuiltQuote = Awaited<ReturnType<typeof buildQuote>>;

/** The payment methods for a quote, each with the reason when it cannot be used. */
export function paymentOptions(b: BuiltQuote, ship?: ShipMethodCode) {
  const opts: PayInfo["payment_methods"] = payChoices(b.payment.offered, b.q.payable, ship);
  opts.push({
    code: "points_wallet",
    name: PAYMENT_METHOD_LABELS.points_wallet,
    available: !!b.member && b.q.payable === 0,
    reason: !b.member ? "僅限會員使用" : b.q.payable > 0 ? "點數與錢包需足以支付全額" : null,
  });
  return opts;
}

function quoteView(b: BuiltQuote): PayInfo["quote"] {
  const q = b.q;
  return {
    lines: b.lines.map((l) => ({
      variant_id: l.variantId,
      product_id: l.v.productId,
      name: l.v.name,
      variant_name: l.v.variantName,
      image: l.v.image,
      price: l.v.price,
      qty: l.qty,
      subtotal: l.v.price * l.qty,
    })),
    goods_amount: q.goodsAmount,
    discounts: q.discounts,
    discount_total: q.discountTotal,
    shipping_fee: q.shippingFee,
    order_amount: q.orderAmount,
    points_used: q.pointsUsed,
    wallet_used: q.walletUsed,
    payable: q.payable,
    coupon_rejected: q.couponRejected ?? null,
  };
}

/** The address book first; then addresses from earlier orders not in it (at most five). */
async function recentAddresses(deps: QuoteDeps, memberId: number | undefined): Promise<PayInfo["recent_addresses"]> {
  if (memberId === undefined) return [];
  const book = (await deps.addresses.list(memberId)).map((a) => ({
    receiver: { name: a.name, phone: a.phone },
    address: { zip: a.zip, county: a.county, district: a.district, line: a.line },
  }));
  // jsonb does not keep key order: compare addresses field by field.
  const keyOf = (name: string, phone: string, a: Record<string, string>) =>
    [name, phone, a.zip, a.county, a.district, a.line].join("|");
  const seen = new Set<string>(book.map((b) => keyOf(b.receiver.name, b.receiver.phone, b.address)));
  const out: PayInfo["recent_addresses"] = [...book];
  for (const r of await deps.pastAddresses(memberId)) {
    const key = keyOf(r.name, r.phone, r.address);
    if (seen.has(key)) continue;
    seen.add(key);
    const a = r.address;
    out.push({
      receiver: { name: r.name, phone: r.phone },
      address: { zip: a.zip ?? "", county: a.county ?? "", district: a.district ?? "", line: a.line ?? "" },
    });
  }
  return out.slice(0, book.length + 5);
}

/** The quote with everything the checkout page offers: ship and payment methods, coupons, points, wallet, addresses. */
export async function payInfo(deps: QuoteContext, buyer: Buyer, source: Source, input: QuoteInputs): Promise<PayInfo> {
  const b = await buildQuote(deps, buyer, source, input, true);
  const discounted = b.q.goodsAmount - b.q.discountTotal;
  return {
    quote: quoteView(b),
    ship_methods: b.methods.map((m) => {
      const c = b.charges.get(m.code) as Charge;
      return {
        code: m.code as ShipMethodCode,
        name: m.name,
        fee: c.ok ? fullFee(c) : m.fee,
        free_threshold: c.ok ? c.freeThreshold : m.free_threshold,
        fee_now: c.ok ? feeFor(c, discounted) : m.fee,
        reason: c.ok ? null : c.reason,
      };
    }),
    payment_methods: paymentOptions(b, input.ship_method),
    coupons: b.coupons.map((c) => ({
      id: c.id,
      title: c.title,
      min_spend: c.minSpend,
      expires_at: c.expiresAt.toISOString(),
    })),
    points: { owned: b.balances.points, cap_per_order: b.cap },
    wallet: { balance: b.balances.wallet },
    member: b.member,
    recent_addresses: await recentAddresses(deps, buyer.memberId),
    card: deps.cardConfig(),
    instalments: b.payment.offered.includes("card") ? instalmentChoices(b.payment.instalments, b.q.payable) : [],
    device_wallets: deps.deviceWallets,
    einvoice: deps.einvoice,
  };
}
