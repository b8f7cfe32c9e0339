import type { PayInfo, ShipMethodCode } from "@shop/contract";
import { CVS_METHODS, deliversToAddress, MAIN_SHOP_ID, PAYMENT_METHOD_LABELS } from "@shop/contract";
import { formatMoney } from "@shop/contract/format";
import type { DeliveryTime, OrderParcel } from "@shop/contract/shipping";
import { conflict, type ErrorCode, notFound, unprocessable } from "../../lib/errors.js";
import type { CartOwner, CartService } from "../cart/service.js";
import type { CatalogueService } from "../catalogue/service.js";
import { type Destination, destinationOfText } from "../logistics/regions.js";
import type { LogisticsService } from "../logistics/service.js";
import type { UsableCoupon } from "../loyalty/coupons.js";
import type { LoyaltyService } from "../loyalty/service.js";
import type { AddressBookService } from "../members/addresses.js";
import { payChoices } from "../orders/pay-methods.js";
import type { Buyer } from "../orders/types.js";
import type { AddOnDeal, GiftRule } from "../pricing/extras.js";
import { quote, type TierPerk } from "../pricing/pricing.js";
import { type Charge, chargeFor, fullFee, parcelOf } from "../pricing/shipping-fees.js";
import type { PromotionsService } from "../promotions/service.js";
import type { ShopsService } from "../shops/service.js";
import type { QuoteReference } from "./reference.js";

/** What is being bought: chosen cart lines, or one variant straight from its page (quick order). */
export type Source = { lineIds: number[] } | { variantId: number; qty: number };
export interface QuoteInputs {
  ship_method?: ShipMethodCode;
  coupon_id?: number;
  coupon_code?: string;
  addons?: Array<{ deal_id: number; qty: number }>;
  gifts?: Array<{ rule_id: number; variant_id: number }>;
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
  /** The 加價購 deals and 滿額贈 rules running in a shop now (decision 93); stock comes from the catalogue. */
  deals: (shopId: number) => Promise<{ addOns: RunningAddOn[]; gifts: RunningGift[] }>;
  /**
   * A typed coupon code's coupon for this member, with the uses it has left (decision 92); refuses
   * (422) a code that does not exist, has not started, has ended or was switched off, each in its words.
   */
  codeCoupon: (memberId: number, code: string) => Promise<CodeCoupon>;
  /** The member's level and its perks (decision 94); undefined: no tiers. */
  tierPerk: (memberId: number) => Promise<TierPerk | undefined>;
  /** Units of these products the member bought in orders not cancelled (限購 N 件/人). */
  boughtBefore: (memberId: number, productIds: number[]) => Promise<Map<number, number>>;
}

type RunningAddOn = Omit<AddOnDeal, "productId" | "name" | "stock">;
type RunningGift = Omit<GiftRule, "options"> & { variantIds: number[] };
type CodeCoupon = UsableCoupon & { couponId: number; codeId: number | null; usesLeft: number | null };

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

type Live = Awaited<ReturnType<CatalogueService["variantsForCart"]>>[number];

/** The lines asked for, each sellable in this shop, within its per-order limit and its stock. */
function checkedLines(wanted: Array<{ lineId: number; variantId: number; qty: number }>, live: Map<number, Live>) {
  return wanted.map((w) => {
    const v = live.get(w.variantId);
    if (!v?.sellable)
      throw conflict("PRODUCT_UNAVAILABLE", v ? `「${v.name}」已下架或不在此商城販售` : "商品已下架", {
        variant_id: w.variantId,
      });
    if (v.perOrderLimit !== null && w.qty > v.perOrderLimit)
      throw unprocessable("PER_ORDER_LIMIT_EXCEEDED", `「${v.name}」每筆訂單限購 ${v.perOrderLimit} 件`, {
        variant_id: w.variantId,
      });
    // On pre-order (decision 96): beyond stock up to the cap's room; placing re-checks under the row lock.
    const room = v.preorderCap === null ? 0 : Math.max(0, v.preorderCap - v.preorderWaiting);
    if (v.preorderCap !== null && w.qty > Math.max(v.stock, 0) + room)
      throw conflict("PREORDER_CAP_REACHED", "預購數量已達上限", { variant_id: w.variantId });
    if (w.qty > v.stock && v.preorderCap === null)
      throw v.stock > 0
        ? conflict("INSUFFICIENT_STOCK", `「${v.name}」庫存不足，目前剩 ${v.stock} 件`, { variant_id: w.variantId })
        : conflict("VARIANT_SOLD_OUT", `「${v.name}」已售完`, { variant_id: w.variantId });
    return { ...w, v };
  });
}

/** The running add-on deals and gift rules with their variants' names and stock (unsellable ones left out). */
async function dealsWithStock(deps: QuoteContext, shopId: number) {
  const running = await deps.deals(shopId);
  const ids = [...running.addOns.map((d) => d.variantId), ...running.gifts.flatMap((g) => g.variantIds)];
  const live = new Map((await deps.catalogue.variantsForCart(ids, shopId)).map((v) => [v.id, v]));
  const label = (v: Live) => (v.variantName ? `${v.name}（${v.variantName}）` : v.name);
  const addOnDeals: AddOnDeal[] = running.addOns.flatMap((d) => {
    const v = live.get(d.variantId);
    // A product with 限購 N 件/人 is never an add-on: add-on units would escape the limit.
    return v?.sellable && v.perMemberLimit === null ? [{ ...d, productId: v.productId, name: label(v), stock: v.stock }] : [];
  });
  const giftRules: GiftRule[] = running.gifts.map(({ variantIds, ...g }) => ({
    ...g,
    options: variantIds.flatMap((id) => {
      const v = live.get(id);
      return v ? [{ variantId: id, productId: v.productId, name: label(v), stock: v.stock }] : [];
    }),
  }));
  return { addOnDeals, giftRules, live };
}

/** The member's coupon (issued, or a typed code), level and earlier purchases of limited products. */
async function memberTerms(deps: QuoteContext, memberId: number | undefined, input: QuoteInputs, limited: number[]) {
  if (memberId === undefined) {
    if (input.coupon_id || input.coupon_code || input.points || input.wallet)
      throw unprocessable("DISCOUNTS_MEMBERS_ONLY", "優惠券、點數與錢包僅限會員使用，請先登入");
    if (limited.length > 0) throw unprocessable("PER_MEMBER_LIMIT_MEMBERS_ONLY", "此商品每人限購，請先登入會員再購買");
    return { coupons: [], coupon: undefined, codeCoupon: null, tier: undefined, bought: new Map<number, number>() };
  }
  if (input.coupon_id && input.coupon_code) throw unprocessable("ONE_COUPON_ONLY", "每筆訂單只能使用一張優惠券");
  const coupons = await deps.loyalty.usableCoupons(memberId);
  const issued = input.coupon_id ? coupons.find((c) => c.id === input.coupon_id) : undefined;
  if (input.coupon_id && !issued) throw unprocessable("COUPON_UNAVAILABLE", "找不到此優惠券，可能已使用或已過期");
  const codeCoupon = input.coupon_code ? await deps.codeCoupon(memberId, input.coupon_code) : null;
  return {
    coupons,
    coupon: issued ?? codeCoupon ?? undefined,
    codeCoupon,
    tier: await deps.tierPerk(memberId),
    bought: limited.length > 0 ? await deps.boughtBefore(memberId, limited) : new Map<number, number>(),
  };
}

/**
 * Prices the chosen lines from the catalogue, the running promotions, the member's tier, coupon,
 * points and wallet, 加價購 and 滿額贈; checks what the buyer asked for against what they own.
 * `lenient` (the checkout page) reports refusals in the quote instead of refusing.
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
  const lines = checkedLines(wanted, live);

  const member = buyer.memberId !== undefined;
  const methods = ref.shipMethods.filter((m) => member || m.code !== "depot");
  const chosen = input.ship_method ? methods.find((m) => m.code === input.ship_method) : undefined;
  if (input.ship_method && !chosen) {
    throw input.ship_method === "depot" && !member
      ? unprocessable("DEPOT_MEMBERS_ONLY", "雲端庫存僅限會員使用，請先登入")
      : unprocessable("SHIP_METHOD_UNAVAILABLE", "此配送方式目前無法使用");
  }
  // Goods kept in the 雲端庫存 must exist: pre-order units cannot go there (decision 96).
  if (chosen?.code === "depot" && lines.some((l) => l.qty > l.v.stock))
    throw unprocessable("PREORDER_NOT_FOR_DEPOT", "預購商品無法寄存於雲端庫存，請選擇其他配送方式");

  const limited = [...new Set(lines.filter((l) => l.v.perMemberLimit !== null).map((l) => l.v.productId))];
  const terms = await memberTerms(deps, buyer.memberId, input, limited);
  const deals = await dealsWithStock(deps, shopId);
  const extras = [
    ...(input.addons ?? []).flatMap((a) => deals.addOnDeals.filter((d) => d.id === a.deal_id).map((d) => ({ d, qty: a.qty }))),
  ];
  const ship = shipping(
    [...lines, ...extras.map((e) => ({ qty: e.qty, v: deals.live.get(e.d.variantId) as Live }))],
    methods,
    chosen,
    input,
    lenient,
  );
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
      name: l.v.name,
      perMemberLimit: l.v.perMemberLimit,
      boughtBefore: terms.bought.get(l.v.productId) ?? 0,
    })),
    promotions: promotions.runningRules(ref.own, ref.main),
    coupon: terms.coupon,
    tier: terms.tier,
    addOnDeals: deals.addOnDeals,
    addOnsWanted: (input.addons ?? []).map((a) => ({ dealId: a.deal_id, qty: a.qty })),
    giftRules: deals.giftRules,
    giftChoices: Object.fromEntries((input.gifts ?? []).map((g) => [g.rule_id, g.variant_id])),
    shipMethod:
      chosen && ship.ok
        ? {
            code: chosen.code,
            fee: fullFee(ship.ok),
            freeThreshold: ship.ok.freeThreshold,
            tierFreeShipping: ship.ok.region !== "outlying" && chosen.free_threshold !== null,
          }
        : undefined,
    points: { requested: input.points ?? 0, owned: balances.points, capPerOrder: cap ?? Number.MAX_SAFE_INTEGER },
    wallet: { requested: input.wallet ?? 0, balance: balances.wallet },
  });
  const refusal = q.refusals[0];
  if (refusal && !lenient) throw unprocessable(refusal.code as ErrorCode, refusal.message);
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
    coupons: terms.coupons,
    codeCoupon: terms.codeCoupon,
    tier: terms.tier,
    extraLive: deals.live,
    balances,
    cap,
    member,
    payment: setup,
    transferPayee: setup.transfer.payee,
  };
}

export type BuiltQuote = Awaited<ReturnType<typeof buildQuote>>;

/** The quote has 限時搶購 goods (decision 100): its order will be held, and only paid online. */
const holdsStock = (b: Pick<BuiltQuote, "lines">) => b.lines.some((l) => l.v.holdMinutes !== null);

/** The payment methods for a quote, each with the reason when it cannot be used. */
export function paymentOptions(b: BuiltQuote, ship?: ShipMethodCode) {
  const opts: PayInfo["payment_methods"] = payChoices(b.payment.offered, b.q.payable, ship, holdsStock(b));
  opts.push({
    code: "points_wallet",
    name: PAYMENT_METHOD_LABELS.points_wallet,
    available: !!b.member && b.q.payable === 0,
    reason: !b.member ? "僅限會員使用" : b.q.payable > 0 ? "點數與錢包需足以支付全額" : null,
  });
  return opts;
}
