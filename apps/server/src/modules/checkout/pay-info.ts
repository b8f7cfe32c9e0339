import type { PayInfo, ShipMethodCode } from "@shop/contract";
import { instalmentChoices } from "../orders/pay-methods.js";
import type { Buyer } from "../orders/types.js";
import { type Charge, feeFor, fullFee } from "../pricing/shipping-fees.js";
import {
  type BuiltQuote,
  buildQuote,
  paymentOptions,
  type QuoteContext,
  type QuoteDeps,
  type QuoteInputs,
  type Source,
} from "./quote-steps.js";

/** The checkout page's view of a quote: the lines and amounts, and every choice it offers. */
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
      ...(l.qty > l.v.stock && l.v.preorderCap !== null && l.v.preorderShipOn ? { preorder_ship_on: l.v.preorderShipOn } : {}),
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
    addon_lines: q.addOnLines.map((l) => ({
      deal_id: l.dealId,
      variant_id: l.variantId,
      title: l.title,
      name: l.name,
      price: l.price,
      qty: l.qty,
    })),
    gift_lines: q.giftLines.map((l) => ({
      rule_id: l.ruleId,
      variant_id: l.variantId,
      title: l.title,
      name: l.name,
      qty: l.qty,
    })),
    addon_offers: q.addOnOffers.map((o) => ({
      deal_id: o.dealId,
      title: o.title,
      price: o.price,
      per_order_cap: o.perOrderCap,
      eligible: o.eligible,
      reason: o.reason,
    })),
    gift_offers: q.giftOffers.map((o) => ({
      rule_id: o.ruleId,
      title: o.title,
      threshold: o.threshold,
      reached: o.reached,
      short_by: o.shortBy,
      options: o.options.map((x) => ({ variant_id: x.variantId, name: x.name, available: x.available })),
      chosen: o.chosen,
    })),
    refusals: q.refusals,
    tier: b.tier ? { name: b.tier.name, discount_percent: b.tier.discountPercent } : null,
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
      const charge = b.charges.get(m.code) as Charge;
      // The member tier's free shipping where the method allows it (not 離島), as the quote prices it (decision 94).
      const tierFree =
        charge.ok && charge.region !== "outlying" && m.free_threshold !== null ? b.tier?.freeShippingThreshold : null;
      const c: Charge =
        charge.ok && tierFree != null
          ? { ...charge, freeThreshold: Math.min(tierFree, charge.freeThreshold ?? tierFree) }
          : charge;
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
