/**
 * The checkout quote's arithmetic, kept pure so it can be property-tested: given what is bought,
 * the running promotions, a coupon, the ship method and how many points and how much wallet money
 * the buyer wants to use, it returns every amount. All amounts are whole NT$; nothing is negative.
 *
 * Order of application (docs/decisions/0015-quote-rules.md, 0093-stacking-order-add-ons-and-gifts.md):
 *   0. per-member purchase limits (限購 N 件/人) refuse the cart before anything is priced;
 *   1. bundle promotions ("any N of these for NT$X") on their products, best savings first;
 *   2. the single best spend-threshold promotion (amount off or percent off) on what remains;
 *   3. the member tier's percent off on what remains;
 *   4. the coupon (issued, or a typed code) on the goods in its scope, after 1–3;
 *   5. 加價購 lines at their deal price and 滿額贈 gifts at NT$0, triggered by the goods after 1–4;
 *      neither is discounted further nor counts towards a threshold;
 *   6. shipping: free when the goods after discounts (with add-ons) reach the method's threshold,
 *      or the tier's where the method allows free shipping;
 *   7. points (1 point = NT$1, capped) then wallet money, each at most what is still payable.
 */

import {
  type AddOnDeal,
  type AddOnLine,
  type AddOnOffer,
  addOns,
  type GiftLine,
  type GiftOffer,
  type GiftRule,
  gifts,
  limitRefusals,
  type Refusal,
} from "./extras.js";

interface QuoteLine {
  variantId: number;
  productId: number;
  categoryId: number;
  /** The parent of the product's category (null or absent: a top-level category). */
  parentCategoryId?: number | null;
  /** Unit price in NT$ (today's variant price, read by the server). */
  price: number;
  qty: number;
  /** For per-member limits: the product's name, its 限購 N 件/人 and what the member bought before. */
  name?: string;
  perMemberLimit?: number | null;
  boughtBefore?: number;
}

export type PromotionRule =
  | { id: number; title: string; kind: "amount_off"; threshold: number; value: number }
  | { id: number; title: string; kind: "percent_off"; threshold: number; value: number }
  | { id: number; title: string; kind: "bundle_price"; productIds: number[]; bundleQty: number; bundlePrice: number };

interface Coupon {
  id: number;
  title: string;
  kind: "amount" | "percent";
  /** NT$ off, or percent off (1–99). */
  value: number;
  minSpend: number;
  /** Empty = every product. */
  productIds: number[];
  categoryIds: number[];
  /** Orders it may still be used by (the smaller of its total and this member's limit); absent: no limit. */
  usesLeft?: number | null;
}

interface ShipMethodFee {
  code: string;
  fee: number;
  freeThreshold: number | null;
  /** Whether a tier's free-shipping threshold may apply (false for 離島 and flat-fee methods). */
  tierFreeShipping?: boolean;
}

/** The member's level and what it gives at checkout (decision 94). */
export interface TierPerk {
  tierId: number;
  name: string;
  /** Percent off goods, 0–100. */
  discountPercent: number;
  freeShippingThreshold: number | null;
  /** Points earned × this / 100 at completion (not part of the price; carried to the order). */
  pointsMultiplier: number;
}

export interface QuoteInput {
  lines: QuoteLine[];
  promotions: PromotionRule[];
  coupon?: Coupon;
  shipMethod?: ShipMethodFee;
  /** Points the buyer asks to use, what they own, and the shop's cap per order. */
  points?: { requested: number; owned: number; capPerOrder: number };
  /** Wallet money the buyer asks to use and their balance. */
  wallet?: { requested: number; balance: number };
  tier?: TierPerk;
  addOnDeals?: AddOnDeal[];
  addOnsWanted?: Array<{ dealId: number; qty: number }>;
  giftRules?: GiftRule[];
  /** Gift rule id → the variant the shopper chose. */
  giftChoices?: Record<number, number>;
}

interface DiscountLine {
  source: "promotion" | "tier" | "coupon";
  id: number;
  label: string;
  amount: number;
}

export interface Quote {
  /** The goods and add-ons at their prices (gifts are NT$0). */
  goodsAmount: number;
  addOnLines: AddOnLine[];
  giftLines: GiftLine[];
  addOnOffers: AddOnOffer[];
  giftOffers: GiftOffer[];
  /** What stops this cart being ordered as asked (limits, add-ons, gifts); empty when it can be. */
  refusals: Refusal[];
  discounts: DiscountLine[];
  discountTotal: number;
  shippingFee: number;
  /** Goods after discounts plus shipping: what the order is worth. */
  orderAmount: number;
  pointsUsed: number;
  walletUsed: number;
  /** What is left to pay by card, transfer or on delivery. */
  payable: number;
  /** Why a coupon was not applied, when one was given. */
  couponRejected?: string;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Greedy bundle pricing: the dearest eligible units grouped first, so the saving is largest. */
function bundleDiscount(lines: QuoteLine[], rule: Extract<PromotionRule, { kind: "bundle_price" }>, used: Map<number, number>) {
  const eligible = new Set(rule.productIds);
  const units: Array<{ variantId: number; price: number }> = [];
  for (const l of lines) {
    if (!eligible.has(l.productId)) continue;
    const free = l.qty - (used.get(l.variantId) ?? 0);
    for (let i = 0; i < free; i++) units.push({ variantId: l.variantId, price: l.price });
  }
  units.sort((a, b) => b.price - a.price);
  let saving = 0;
  for (let start = 0; start + rule.bundleQty <= units.length; start += rule.bundleQty) {
    const set = units.slice(start, start + rule.bundleQty);
    const setSaving = sum(set.map((u) => u.price)) - rule.bundlePrice;
    if (setSaving <= 0) break; // cheaper units only make the saving smaller
    saving += setSaving;
    for (const u of set) used.set(u.variantId, (used.get(u.variantId) ?? 0) + 1);
  }
  return saving;
}

function bestThreshold(promotions: PromotionRule[], base: number): DiscountLine | undefined {
  let best: DiscountLine | undefined;
  for (const p of promotions) {
    if (p.kind === "bundle_price" || base < p.threshold) continue;
    const amount =
      p.kind === "amount_off" ? Math.min(p.value, base) : Math.floor((base * Math.min(Math.max(p.value, 0), 100)) / 100);
    if (amount > 0 && (!best || amount > best.amount)) best = { source: "promotion", id: p.id, label: p.title, amount };
  }
  return best;
}

/** The coupon on the goods in its scope (their share of the earlier discounts taken off first). */
function couponStep(c: Coupon, lines: QuoteLine[], goods: number, remaining: number) {
  const inScope = (l: QuoteLine) =>
    (c.productIds.length === 0 && c.categoryIds.length === 0) ||
    c.productIds.includes(l.productId) ||
    c.categoryIds.includes(l.categoryId) ||
    // A top-level category covers the products of its sub-categories.
    (l.parentCategoryId != null && c.categoryIds.includes(l.parentCategoryId));
  const scopeGoods = sum(lines.filter(inScope).map((l) => l.price * l.qty));
  const scopeAmount = goods === 0 ? 0 : Math.floor((scopeGoods * remaining) / goods);
  if (c.usesLeft != null && c.usesLeft <= 0) return { rejected: "此優惠碼已達使用上限" };
  if (scopeGoods === 0) return { rejected: "購物車中沒有適用此優惠券的商品" };
  if (remaining < c.minSpend) return { rejected: `消費未達優惠券門檻 NT$${c.minSpend.toLocaleString("en-US")}` };
  const amount =
    c.kind === "amount" ? Math.min(c.value, scopeAmount) : Math.floor((scopeAmount * Math.min(Math.max(c.value, 0), 100)) / 100);
  return amount > 0 ? { line: { source: "coupon" as const, id: c.id, label: c.title, amount } } : {};
}

export function quote(input: QuoteInput): Quote {
  const refusals: Refusal[] = limitRefusals(input.lines.map((l) => ({ ...l, name: l.name ?? "" })));
  const goods = sum(input.lines.map((l) => l.price * l.qty));
  const discounts: DiscountLine[] = [];
  const taken = () => sum(discounts.map((d) => d.amount));

  // 1. Bundles, the largest saving first; a unit counts towards one bundle only.
  const used = new Map<number, number>();
  const bundles = input.promotions.filter(
    (p): p is Extract<PromotionRule, { kind: "bundle_price" }> => p.kind === "bundle_price" && p.bundleQty > 0,
  );
  const ranked = bundles
    .map((b) => ({ b, saving: bundleDiscount(input.lines, b, new Map(used)) }))
    .sort((x, y) => y.saving - x.saving);
  for (const { b } of ranked) {
    const saving = bundleDiscount(input.lines, b, used);
    if (saving > 0) discounts.push({ source: "promotion", id: b.id, label: b.title, amount: saving });
  }

  // 2. The best single threshold promotion on what remains.
  const best = bestThreshold(input.promotions, goods - taken());
  if (best) discounts.push(best);

  // 3. The tier's percent off on what remains.
  const tier = input.tier;
  if (tier && tier.discountPercent > 0) {
    const amount = Math.floor(((goods - taken()) * Math.min(tier.discountPercent, 100)) / 100);
    if (amount > 0)
      discounts.push({ source: "tier", id: tier.tierId, label: `${tier.name}會員 ${tier.discountPercent}% 折扣`, amount });
  }

  // 4. The coupon.
  let couponRejected: string | undefined;
  if (input.coupon) {
    const c = couponStep(input.coupon, input.lines, goods, goods - taken());
    if (c.line) discounts.push(c.line);
    couponRejected = c.rejected;
  }
  const discountTotal = taken();
  const qualifying = goods - discountTotal;

  // 5. Add-ons at their deal price, gifts at NT$0, triggered by the goods after discounts.
  const goodsUnits = input.lines.map((l) => ({ productId: l.productId, variantId: l.variantId, qty: l.qty }));
  const extra = addOns(input.addOnDeals ?? [], input.addOnsWanted ?? [], goodsUnits, qualifying);
  const gift = gifts(input.giftRules ?? [], input.giftChoices ?? {}, qualifying, extra.taken);
  refusals.push(...extra.refusals, ...gift.refusals);
  const goodsAmount = goods + sum(extra.lines.map((l) => l.price * l.qty));
  const discountedGoods = goodsAmount - discountTotal;

  // 6. Shipping.
  const m = input.shipMethod;
  const thresholds = [m?.freeThreshold ?? null, m?.tierFreeShipping !== false ? (tier?.freeShippingThreshold ?? null) : null];
  const free = thresholds.some((t) => t !== null && discountedGoods >= t);
  const shippingFee = !m || free ? 0 : m.fee;
  const orderAmount = discountedGoods + shippingFee;

  // 7. Points, then wallet.
  const p = input.points;
  const pointsUsed = p ? Math.max(0, Math.min(p.requested, p.owned, p.capPerOrder, orderAmount)) : 0;
  const w = input.wallet;
  const walletUsed = w ? Math.max(0, Math.min(w.requested, w.balance, orderAmount - pointsUsed)) : 0;

  return {
    goodsAmount,
    addOnLines: extra.lines,
    giftLines: gift.lines,
    addOnOffers: extra.offers,
    giftOffers: gift.offers,
    refusals,
    discounts,
    discountTotal,
    shippingFee,
    orderAmount,
    pointsUsed,
    walletUsed,
    payable: orderAmount - pointsUsed - walletUsed,
    ...(couponRejected ? { couponRejected } : {}),
  };
}
