/**
 * The parts of the quote that add lines or refuse a cart (decision 93): 加價購 (add-on deals),
 * 滿額贈 (gifts over an amount) and per-member purchase limits. Pure, like pricing.ts, which calls
 * them at the step the stacking order gives (docs/decisions/0093-stacking-order-add-ons-and-gifts.md).
 */

export interface LimitedLine {
  productId: number;
  name: string;
  qty: number;
  /** 限購 N 件/人 (null or absent: no limit). */
  perMemberLimit?: number | null;
  /** Units of this product the member bought before, in orders not cancelled. */
  boughtBefore?: number;
}

export interface AddOnDeal {
  id: number;
  title: string;
  variantId: number;
  productId: number;
  name: string;
  /** The deal price per unit, NT$. */
  price: number;
  perOrderCap: number;
  /** Any of these products among the goods triggers the deal. */
  triggerProductIds: number[];
  /** Goods after discounts reaching this triggers it (0: only the products). */
  triggerAmount: number;
  /** Sellable units of the variant now. */
  stock: number;
}

export interface GiftRule {
  id: number;
  title: string;
  threshold: number;
  qty: number;
  options: Array<{ variantId: number; productId: number; name: string; stock: number }>;
}

export interface Refusal {
  /** An upper-case error code, e.g. PER_MEMBER_LIMIT_EXCEEDED (the API's `code`). */
  code: `${Uppercase<string>}`;
  message: string;
}

export interface AddOnLine {
  dealId: number;
  variantId: number;
  productId: number;
  title: string;
  name: string;
  price: number;
  qty: number;
}

export interface GiftLine {
  ruleId: number;
  variantId: number;
  productId: number;
  title: string;
  name: string;
  qty: number;
}

export interface AddOnOffer {
  dealId: number;
  title: string;
  price: number;
  perOrderCap: number;
  eligible: boolean;
  /** Why it cannot be added now, in the shopper's words (null when it can). */
  reason: string | null;
}

export interface GiftOffer {
  ruleId: number;
  title: string;
  threshold: number;
  reached: boolean;
  /** NT$ still to spend to reach it (0 when reached). */
  shortBy: number;
  options: Array<{ variantId: number; name: string; available: boolean }>;
  /** The option given (null: not reached, or every option is gone). */
  chosen: number | null;
}

const money = (n: number) => `NT$${n.toLocaleString("en-US")}`;

/** Every product over its per-member limit, counting this cart's units of it with what was bought before. */
export function limitRefusals(lines: LimitedLine[]): Refusal[] {
  const byProduct = new Map<number, { name: string; qty: number; limit: number; before: number }>();
  for (const l of lines) {
    if (l.perMemberLimit == null) continue;
    const seen = byProduct.get(l.productId);
    if (seen) seen.qty += l.qty;
    else byProduct.set(l.productId, { name: l.name, qty: l.qty, limit: l.perMemberLimit, before: l.boughtBefore ?? 0 });
  }
  const out: Refusal[] = [];
  for (const p of byProduct.values()) {
    if (p.before + p.qty <= p.limit) continue;
    out.push({
      code: "PER_MEMBER_LIMIT_EXCEEDED",
      message:
        p.before > 0 ? `「${p.name}」每人限購 ${p.limit} 件，您已購買 ${p.before} 件` : `「${p.name}」每人限購 ${p.limit} 件`,
    });
  }
  return out;
}

function triggered(deal: AddOnDeal, productIds: Set<number>, qualifying: number) {
  const byProduct = deal.triggerProductIds.some((id) => productIds.has(id));
  const byAmount = deal.triggerAmount > 0 && qualifying >= deal.triggerAmount;
  if (deal.triggerProductIds.length === 0 && deal.triggerAmount <= 0) return true;
  return byProduct || byAmount;
}

function dealReason(deal: AddOnDeal, ok: boolean, qualifying: number) {
  if (ok) return deal.stock > 0 ? null : "加價購商品已售完";
  if (deal.triggerAmount > 0 && qualifying < deal.triggerAmount)
    return `再買 ${money(deal.triggerAmount - qualifying)} 即可加價購`;
  return "購買指定商品即可加價購";
}

/**
 * The add-ons asked for, each checked: the deal is triggered by the goods, the quantity within
 * its per-order cap and its stock (less what the goods already take of the same variant).
 */
export function addOns(
  deals: AddOnDeal[],
  wanted: Array<{ dealId: number; qty: number }>,
  goods: Array<{ productId: number; variantId: number; qty: number }>,
  qualifying: number,
) {
  const productIds = new Set(goods.map((g) => g.productId));
  const offers: AddOnOffer[] = deals.map((d) => {
    const ok = triggered(d, productIds, qualifying);
    return {
      dealId: d.id,
      title: d.title,
      price: d.price,
      perOrderCap: d.perOrderCap,
      eligible: ok && d.stock > 0,
      reason: dealReason(d, ok, qualifying),
    };
  });
  const lines: AddOnLine[] = [];
  const refusals: Refusal[] = [];
  const taken = new Map<number, number>();
  for (const g of goods) taken.set(g.variantId, (taken.get(g.variantId) ?? 0) + g.qty);
  const asked = new Map<number, number>();
  for (const w of wanted) if (w.qty > 0) asked.set(w.dealId, (asked.get(w.dealId) ?? 0) + w.qty);
  for (const [dealId, qty] of [...asked].sort((a, b) => a[0] - b[0])) {
    const deal = deals.find((d) => d.id === dealId);
    const offer = offers.find((o) => o.dealId === dealId);
    if (!deal || !offer) {
      refusals.push({ code: "ADDON_UNAVAILABLE", message: "此加價購活動已結束" });
      continue;
    }
    if (!triggered(deal, productIds, qualifying)) {
      refusals.push({ code: "ADDON_NOT_ELIGIBLE", message: `「${deal.title}」：${offer.reason}` });
      continue;
    }
    if (qty > deal.perOrderCap) {
      refusals.push({ code: "ADDON_CAP_EXCEEDED", message: `「${deal.title}」每筆訂單限加購 ${deal.perOrderCap} 件` });
      continue;
    }
    const left = deal.stock - (taken.get(deal.variantId) ?? 0);
    if (qty > left) {
      refusals.push({
        code: "ADDON_SOLD_OUT",
        message: left > 0 ? `「${deal.title}」庫存不足，目前剩 ${left} 件` : `「${deal.title}」已售完`,
      });
      continue;
    }
    taken.set(deal.variantId, (taken.get(deal.variantId) ?? 0) + qty);
    lines.push({
      dealId,
      variantId: deal.variantId,
      productId: deal.productId,
      title: deal.title,
      name: deal.name,
      price: deal.price,
      qty,
    });
  }
  return { lines, offers, refusals, taken };
}

/**
 * Each gift rule reached by the qualifying amount gives its gift: the shopper's choice when it is
 * in stock, else the first option in stock. A choice that ran out is refused (the shopper picks
 * again); a rule whose every option is gone gives nothing and says so in its offer.
 */
export function gifts(rules: GiftRule[], choices: Record<number, number>, qualifying: number, taken: Map<number, number>) {
  const offers: GiftOffer[] = [];
  const lines: GiftLine[] = [];
  const refusals: Refusal[] = [];
  const used = new Map(taken);
  for (const r of [...rules].sort((a, b) => a.threshold - b.threshold || a.id - b.id)) {
    const reached = qualifying >= r.threshold;
    const options = r.options.map((o) => ({
      variantId: o.variantId,
      name: o.name,
      available: o.stock - (used.get(o.variantId) ?? 0) >= r.qty,
    }));
    let chosen: number | null = null;
    if (reached) {
      const want = choices[r.id];
      const asked = want !== undefined ? options.find((o) => o.variantId === want) : undefined;
      if (want !== undefined && !asked?.available) {
        refusals.push({
          code: "GIFT_UNAVAILABLE",
          message: asked ? `贈品「${asked.name}」已送完，請改選其他贈品` : `「${r.title}」沒有此贈品`,
        });
      } else chosen = asked?.variantId ?? options.find((o) => o.available)?.variantId ?? null;
    }
    const option = r.options.find((o) => o.variantId === chosen);
    if (option) {
      used.set(option.variantId, (used.get(option.variantId) ?? 0) + r.qty);
      lines.push({
        ruleId: r.id,
        variantId: option.variantId,
        productId: option.productId,
        title: r.title,
        name: option.name,
        qty: r.qty,
      });
    }
    offers.push({
      ruleId: r.id,
      title: r.title,
      threshold: r.threshold,
      reached,
      shortBy: Math.max(0, r.threshold - qualifying),
      options,
      chosen,
    });
  }
  return { lines, offers, refusals };
}
