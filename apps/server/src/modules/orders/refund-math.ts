import { apportion } from "../../lib/apportion.js";

/**
 * What a cancellation or refund gives back, as whole NT$ and points (pure: no database).
 *
 * The goods after discounts (goods − discounts) are spread over the lines by list value with the
 * largest-remainder rule, and a line's value over its units by cumulative floors, so any sequence
 * of partial refunds adds up exactly to the whole. A partial refund returns its units' value from
 * money (card, transfer, cash on delivery) first, then wallet, then points, each capped by what is
 * left of it; the refund that returns the last unit returns everything left (shipping included).
 */

export interface RefundLine {
  id: number;
  variantId: number;
  price: number;
  qty: number;
  /** Units already given back. */
  refundedQty: number;
}

export interface RefundOrder {
  goodsAmount: number;
  discountTotal: number;
}

/** What is left to give back of each source (captured money, wallet used, points used). */
export interface Left {
  money: number;
  wallet: number;
  points: number;
}

export interface RefundPlan {
  items: Array<{ lineId: number; variantId: number; qty: number }>;
  /** The units' share of the goods after discounts. */
  goodsValue: number;
  money: number;
  wallet: number;
  points: number;
  /** No unit is left with the buyer after this. */
  final: boolean;
}

/** Each line's share of goods − discounts, summing exactly to it. */
export function lineNetValues(lines: Array<{ price: number; qty: number }>, order: RefundOrder): number[] {
  const net = Math.max(0, order.goodsAmount - order.discountTotal);
  return apportion(
    lines.map((l) => l.price * l.qty),
    net,
  );
}

/** The value of units [from, to) of a line worth `net` for `qty` units. */
const unitsValue = (net: number, qty: number, from: number, to: number) =>
  Math.floor((net * to) / qty) - Math.floor((net * from) / qty);

/** The goods value already given back by partial refunds (the lines' refunded units). */
export function refundedValue(lines: Array<{ price: number; qty: number; refundedQty: number }>, order: RefundOrder): number {
  const nets = lineNetValues(lines, order);
  return lines.reduce((sum, l, i) => sum + unitsValue(nets[i] ?? 0, l.qty, 0, l.refundedQty), 0);
}

/**
 * The plan for giving back `wanted` units per line (every remaining unit when omitted). Throws
 * RangeError when a line has fewer units left than asked, or nothing is asked.
 */
export function planRefund(lines: RefundLine[], order: RefundOrder, left: Left, wanted?: Map<number, number>): RefundPlan {
  const nets = lineNetValues(lines, order);
  const items: RefundPlan["items"] = [];
  let goodsValue = 0;
  let remainingAfter = 0;
  lines.forEach((l, i) => {
    const open = l.qty - l.refundedQty;
    const take = wanted ? (wanted.get(l.id) ?? 0) : open;
    if (!Number.isInteger(take) || take < 0 || take > open) throw new RangeError(`line ${l.id}: ${take} of ${open} left`);
    remainingAfter += open - take;
    if (take === 0) return;
    items.push({ lineId: l.id, variantId: l.variantId, qty: take });
    goodsValue += unitsValue(nets[i] ?? 0, l.qty, l.refundedQty, l.refundedQty + take);
  });
  if (items.length === 0) throw new RangeError("nothing to refund");
  const final = remainingAfter === 0;
  if (final) return { items, goodsValue, ...left, final };
  const money = Math.min(goodsValue, left.money);
  const wallet = Math.min(goodsValue - money, left.wallet);
  const points = Math.min(goodsValue - money - wallet, left.points);
  return { items, goodsValue, money, wallet, points, final };
}

/** What a plan gives back in NT$ (points count one for one). */
export const planTotal = (p: Pick<RefundPlan, "money" | "wallet" | "points">) => p.money + p.wallet + p.points;

/**
 * The plan giving back only `amount` (staff kept part, e.g. for a damaged box): the cut comes off
 * the points first, then the wallet, then the money, so the buyer's cash is the last to shrink.
 * Throws RangeError when `amount` is more than the plan gives or not a whole NT$.
 */
export function capPlan<P extends RefundPlan>(plan: P, amount: number): P {
  if (!Number.isInteger(amount) || amount < 0 || amount > planTotal(plan))
    throw new RangeError(`${amount} of ${planTotal(plan)}`);
  let cut = planTotal(plan) - amount;
  const points = Math.min(cut, plan.points);
  cut -= points;
  const wallet = Math.min(cut, plan.wallet);
  cut -= wallet;
  return { ...plan, points: plan.points - points, wallet: plan.wallet - wallet, money: plan.money - cut };
}
