/**
 * The checkout quote's arithmetic, kept pure so it can be property-tested: given what is bought,
 * the running promotions, a coupon, the ship method and how many points and how much wallet money
 * the buyer wants to use, it returns every amount. All amounts are whole NT$; nothing is negative.
 *
 * Order of application (docs/decisions/0015-quote-rules.md):
 *   1. bundle promotions ("any N of these for NT$X") on their products, best savings first;
 *   2. the single best spend-threshold promotion (amount off or percent off) on what remains;
 *   3. the coupon on the goods in its scope;
 *   4. shipping: free when the discounted goods amount reaches the method's threshold;
 *   5. points (1 point = NT$1, capped) then wallet money, each at most what is still payable.
 */

interface QuoteLine {
  variantId: number;
  productId: number;
  categoryId: number;
  /** The parent of the product's category (null or absent: a top-level category). */
  parentCategoryId?: number | null;
  /** Unit price in NT$ (today's variant price, read by the server). */
  price: number;
  qty: number;
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
}

interface ShipMethodFee {
  code: string;
  fee: number;
  freeThreshold: number | null;
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
}

interface DiscountLine {
  source: "promotion" | "coupon";
  id: number;
  label: string;
  amount: number;
}

export interface Quote {
  goodsAmount: number;
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

export function quote(input: QuoteInput): Quote {
  const goodsAmount = sum(input.lines.map((l) => l.price * l.qty));
  const discounts: DiscountLine[] = [];

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
  const afterBundles = goodsAmount - sum(discounts.map((d) => d.amount));

  // 2. The best single threshold promotion on what remains.
  let best: DiscountLine | undefined;
  for (const p of input.promotions) {
    if (p.kind === "bundle_price" || afterBundles < p.threshold) continue;
    const amount =
      p.kind === "amount_off"
        ? Math.min(p.value, afterBundles)
        : Math.floor((afterBundles * Math.min(Math.max(p.value, 0), 100)) / 100);
    if (amount > 0 && (!best || amount > best.amount)) best = { source: "promotion", id: p.id, label: p.title, amount };
  }
  if (best) discounts.push(best);
  const afterPromotions = goodsAmount - sum(discounts.map((d) => d.amount));

  // 3. The coupon, on the goods in its scope (their share of the promotions taken off first).
  let couponRejected: string | undefined;
  if (input.coupon) {
    const c = input.coupon;
    const inScope = (l: QuoteLine) =>
      (c.productIds.length === 0 && c.categoryIds.length === 0) ||
      c.productIds.includes(l.productId) ||
      c.categoryIds.includes(l.categoryId) ||
      // A top-level category covers the products of its sub-categories.
      (l.parentCategoryId != null && c.categoryIds.includes(l.parentCategoryId));
    const scopeGoods = sum(input.lines.filter(inScope).map((l) => l.price * l.qty));
    const scopeAmount = goodsAmount === 0 ? 0 : Math.floor((scopeGoods * afterPromotions) / goodsAmount);
    if (scopeGoods === 0) couponRejected = "購物車中沒有適用此優惠券的商品";
    else if (afterPromotions < c.minSpend) couponRejected = `消費未達優惠券門檻 NT$${c.minSpend.toLocaleString("en-US")}`;
    else {
      const amount =
        c.kind === "amount"
          ? Math.min(c.value, scopeAmount)
          : Math.floor((scopeAmount * Math.min(Math.max(c.value, 0), 100)) / 100);
      if (amount > 0) discounts.push({ source: "coupon", id: c.id, label: c.title, amount });
    }
  }
  const discountTotal = sum(discounts.map((d) => d.amount));
  const discountedGoods = goodsAmount - discountTotal;

  // 4. Shipping.
  const m = input.shipMethod;
  const shippingFee = !m || (m.freeThreshold !== null && discountedGoods >= m.freeThreshold) ? 0 : m.fee;
  const orderAmount = discountedGoods + shippingFee;

  // 5. Points, then wallet.
  const p = input.points;
  const pointsUsed = p ? Math.max(0, Math.min(p.requested, p.owned, p.capPerOrder, orderAmount)) : 0;
  const w = input.wallet;
  const walletUsed = w ? Math.max(0, Math.min(w.requested, w.balance, orderAmount - pointsUsed)) : 0;

  return {
    goodsAmount,
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
