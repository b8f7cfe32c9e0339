import type { InvoiceLine } from "../../integrations/ecpay/einvoice.js";
import { apportion } from "../../lib/apportion.js";

/**
 * Invoice arithmetic (pure: no database, no provider). Amounts are whole NT$ with tax included
 * (ECPay's vat = "1"): the provider works out the 5% business tax of a B2C invoice itself, and a
 * company's 證明聯 shows it as `taxOf` does (decision 57).
 */

export type { InvoiceLine };

export interface InvoicedOrder {
  goodsAmount: number;
  discounts: Array<{ label: string; amount: number }>;
  discountTotal: number;
  shippingFee: number;
  /** Points are the shop's own discount: the invoice is for what is left (decision 57). */
  pointsUsed: number;
}

const sum = (lines: Array<{ amount: number }>) => lines.reduce((s, l) => s + l.amount, 0);
/** ECPay keeps 100 characters of an item's name. */
const named = (name: string) => name.replace(/\s+/g, " ").trim().slice(0, 100) || "商品";

/**
 * An order's invoice lines: each item at the price it was bought for, the shipping fee, then each
 * discount and the points as a negative line — they add up to goods − discounts + shipping − points,
 * what the buyer paid in money and wallet.
 */
export function issueLines(
  order: InvoicedOrder,
  items: Array<{ name: string; variantName: string; price: number; qty: number; kind?: "goods" | "addon" | "gift" }>,
) {
  // 加價購 items at their deal price and 滿額贈 gifts at NT$0 are named so (decision 93).
  const tag = (k: string | undefined) => (k === "addon" ? "加價購 " : k === "gift" ? "贈品 " : "");
  const lines: InvoiceLine[] = items.map((i) => ({
    name: named(tag(i.kind) + (i.variantName && i.variantName !== i.name ? `${i.name} ${i.variantName}` : i.name)),
    count: i.qty,
    word: "件",
    price: i.price,
    amount: i.price * i.qty,
  }));
  if (order.shippingFee > 0)
    lines.push({ name: "運費", count: 1, word: "筆", price: order.shippingFee, amount: order.shippingFee });
  for (const d of order.discounts)
    if (d.amount > 0) lines.push({ name: named(`折扣 ${d.label}`), count: 1, word: "筆", price: -d.amount, amount: -d.amount });
  // The order's discount total is what was charged; any part the list does not name is still off.
  const unnamed = order.discountTotal - order.discounts.reduce((s, d) => s + Math.max(0, d.amount), 0);
  if (unnamed !== 0) lines.push({ name: "其他折扣", count: 1, word: "筆", price: -unnamed, amount: -unnamed });
  if (order.pointsUsed > 0)
    lines.push({ name: "點數折抵", count: 1, word: "筆", price: -order.pointsUsed, amount: -order.pointsUsed });
  return { lines, amount: sum(lines) };
}

/**
 * An allowance's lines: `amount` spread over the returned items by their list value (largest
 * remainder, so the lines add up to it exactly). A line whose share does not divide by its units
 * is written as one line of "name × qty" (ECPay checks count × price = amount).
 */
export function allowanceLines(items: Array<{ name: string; qty: number; price: number }>, amount: number): InvoiceLine[] {
  if (amount <= 0) return [];
  const kept = items.filter((i) => i.qty > 0);
  if (kept.length === 0) return [{ name: "退貨折讓", count: 1, word: "式", price: amount, amount }];
  const weights = kept.map((i) => Math.max(0, i.price) * i.qty);
  // No value to weigh by (free items): shared evenly.
  const shares = apportion(weights.some((w) => w > 0) ? weights : kept.map(() => 1), amount);
  return kept.flatMap((item, i) => {
    const share = shares[i] ?? 0;
    if (share === 0) return [];
    return share % item.qty === 0
      ? [{ name: named(item.name), count: item.qty, word: "件", price: share / item.qty, amount: share }]
      : [{ name: named(`${item.name} × ${item.qty}`), count: 1, word: "式", price: share, amount: share }];
  });
}

/** Asia/Taipei wall-clock parts of an instant. */
function taipei(at: Date) {
  const t = new Date(at.getTime() + 8 * 3_600_000);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1 };
}

/** The invoice period (期別) an instant falls in, as its first (odd) month: "2026-11". */
export function periodOf(at: Date): string {
  const { y, m } = taipei(at);
  return `${y}-${String(m - ((m - 1) % 2)).padStart(2, "0")}`;
}

/** The instants a period covers: from its first month's first day to two months on (Asia/Taipei). */
export function periodRange(period: string): { from: Date; to: Date } {
  const [y, m] = period.split("-").map(Number) as [number, number];
  const next = m + 2 > 12 ? { y: y + 1, m: m - 10 } : { y, m: m + 2 };
  const at = (yy: number, mm: number) => new Date(`${yy}-${String(mm).padStart(2, "0")}-01T00:00:00+08:00`);
  return { from: at(y, m), to: at(next.y, next.m) };
}

/** The provider's "yyyy-MM-dd HH:mm:ss" (Asia/Taipei), or "yyyy/MM/dd …", as an instant. */
export function taipeiInstant(date: string): Date {
  const m = /^(\d{4})[-/](\d{2})[-/](\d{2})[ T+]?(\d{2})?:?(\d{2})?:?(\d{2})?/.exec(date);
  if (!m) throw new RangeError(`not a provider date: ${date}`);
  const [, y, mo, d, h = "00", mi = "00", s = "00"] = m;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}+08:00`);
}

/** Whether an invoice dated `invoiceDate` may still be voided at `now`: the same two-month period. */
export const samePeriod = (invoiceDate: string, now: Date) => periodOf(taipeiInstant(invoiceDate)) === periodOf(now);

/** A tax-included total split into sales and 5% business tax, as a B2B 證明聯 prints it. */
export function taxOf(total: number): { sales: number; tax: number } {
  const sales = Math.round(total / 1.05);
  return { sales, tax: total - sales };
}
