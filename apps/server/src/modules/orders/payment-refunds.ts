import type { NextStep } from "@shop/contract";
import { formatMoney } from "@shop/contract/format";
import { type PayableMethod, refundsThroughTapPay, type TapPayMethod } from "@shop/contract/order";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { payments } from "../../db/schema/index.js";
import type { CardGateway } from "../../integrations/tappay/client.js";
import { conflict } from "../../lib/errors.js";
import { CARD_REFUND_JOB } from "./card-refund.js";
import type { Commit, GivenBack, Order, OrderLifecycle } from "./types.js";

export type PaymentRow = typeof payments.$inferSelect;

export interface PaymentsDeps {
  db: Db;
  lifecycle: OrderLifecycle;
  card: CardGateway;
  /** Runs a payment's outstanding card refunds with the provider (card-refund.ts). */
  runCardRefund: (paymentId: number) => Promise<void>;
  cardPublic: { offered: boolean; appId: string | null; appKey: string | null; serverType: "sandbox" | "production" };
  transferAccount: (
    shopId: number,
  ) => Promise<{ bank: Extract<NextStep, { type: "transfer" }>["bank"]; payee: "company" | "shop" }>;
  /** The methods a shop offers, in its order, and its card instalments (decision 88). */
  paySetup: (shopId: number) => Promise<{ offered: PayableMethod[]; instalments: Array<{ count: number; min: number }> }>;
  /** Each TapPay method's merchant (decision 88): the one Pay by Prime charges to. */
  merchants: Partial<Record<TapPayMethod, string>>;
  /** Money into a member's wallet ledger (refunds of transfer and cash-on-delivery payments). */
  creditWallet: (tx: Tx, memberId: number, amount: number, reason: string, ref: string) => Promise<void>;
  enqueue: (tx: Tx, kind: string, payload: Record<string, unknown>, dedupeKey: string) => Promise<unknown>;
  /** 限時搶購 (decision 100): the shortest hold of these products in minutes, null when none holds (the catalogue's). */
  holdMinutes?: (productIds: number[]) => Promise<number | null>;
  now?: () => Date;
}

/** The dependencies as the payment steps use them: the clock settled (payments.ts builds it once). */
export type PaymentsContext = PaymentsDeps & { now: () => Date };

/**
 * Who received a payment's money (decision 30): a transfer into the account the buyer was shown;
 * cash on delivery collected by whoever delivered — the seller for their own delivery, the
 * company's carrier otherwise; cards and the rest, the company.
 */
export function payeeOf(order: Order, p: PaymentRow): "company" | "shop" {
  if (p.method === "cod") return order.carrier !== null || order.shipMethod === "self" ? "shop" : "company";
  return p.method === "transfer" ? p.payee : "company";
}

/** Decides `amount` of payment `p` goes back: to its card (a queued refund), or to the member's wallet. */
async function refundFrom(
  deps: PaymentsContext,
  tx: Tx,
  order: Order,
  p: PaymentRow,
  amount: number,
  commit: Commit,
  ref: string,
  toAccount?: string,
) {
  const { now } = deps;
  if (amount <= 0) return;
  const whole = p.refunded + amount === p.amount;
  if (refundsThroughTapPay(p.method)) {
    // Taiwan's acquirers take an instalment charge back only whole (decision 88).
    if (p.instalment > 0 && !whole)
      throw conflict("INSTALMENT_REFUND_WHOLE_ONLY", "分期付款僅能全額退款：請全部退貨退款，或由客服以其他方式退還差額");
    await tx
      .update(payments)
      .set({ refunded: sql`${payments.refunded} + ${amount}`, updatedAt: now() })
      .where(eq(payments.id, p.id));
    await deps.enqueue(tx, CARD_REFUND_JOB, { payment_id: p.id }, `card-refund:${p.id}:${ref}`);
    // Tried at once; if the provider does not answer, the queued job tries again.
    commit.after(() => deps.runCardRefund(p.id).catch(() => undefined));
    return;
  }
  // Transfer and cash on delivery: a member's money goes to the wallet at once (decision 17);
  // a guest's is returned by customer service; money the seller received, the seller returns.
  const bySeller = payeeOf(order, p) === "shop";
  // A return's refund goes to the account the buyer gave on the form (decision 83): staff (or the
  // seller who received it) transfer it; the wallet, whose withdrawal costs a fee, is not used.
  if (order.memberId !== null && !bySeller && !toAccount) {
    await deps.creditWallet(
      tx,
      order.memberId,
      amount,
      `訂單 ${order.orderNo} 退款（${formatMoney(amount)}）`,
      `order:${order.orderNo}:${ref}`,
    );
  }
  await tx
    .update(payments)
    .set({
      refunded: sql`${payments.refunded} + ${amount}`,
      refundSettled: sql`${payments.refundSettled} + ${amount}`,
      ...(whole ? { status: "refunded" as const } : {}),
      message: toAccount
        ? `${bySeller ? "由賣家退款至買家帳戶" : "已退款至買家帳戶"} ${toAccount}`
        : bySeller
          ? "由賣家退還款項"
          : order.memberId !== null
            ? "已退款至錢包"
            : "已由客服另行退款",
      updatedAt: now(),
    })
    .where(eq(payments.id, p.id));
}

/**
 * A captured payment the order no longer wants (cancelled, or paid twice): all of it goes back
 * at once, and the order's history says so.
 */
export async function returnWhole(deps: PaymentsContext, tx: Tx, order: Order, p: PaymentRow, commit: Commit, why: string) {
  await refundFrom(deps, tx, order, p, p.amount - p.refunded, commit, `payment:${p.id}:returned`);
  await deps.lifecycle.event(tx, order.id, order.status, order.status, "system", why);
}

/** Effect of every cancellation and refund: its money share goes back, payment by payment. */
export async function giveBackPayments(deps: PaymentsContext, tx: Tx, order: Order, back: GivenBack, commit: Commit) {
  const { now } = deps;
  let money = back.money;
  const paid = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, "paid")))
    .orderBy(asc(payments.id));
  // Before shipping, confirmed cash on delivery was never collected: it is voided, not refunded.
  const uncollected = back.kind === "cancel" ? paid.filter((p) => p.method === "cod") : [];
  for (const p of uncollected) {
    await tx
      .update(payments)
      .set({ status: "failed", message: "訂單已取消，貨到付款尚未收款", updatedAt: now() })
      .where(eq(payments.id, p.id));
  }
  for (const p of paid.filter((x) => !uncollected.includes(x))) {
    const take = Math.min(money, p.amount - p.refunded);
    await refundFrom(deps, tx, order, p, take, commit, `refund:${back.seq}:payment:${p.id}`, back.toAccount);
    money -= take;
  }
  if (money !== 0) throw new Error(`order ${order.orderNo}: ${money} of the refund has no payment`);
  if (back.kind === "cancel") {
    // Attempts still open will not be settled now; a late success is refunded by settleCard.
    // A charge in flight is left to finish (or to reconciliation): its outcome decides it.
    await tx
      .update(payments)
      .set({ status: "failed", message: "訂單已取消", updatedAt: now() })
      .where(and(eq(payments.orderId, order.id), inArray(payments.status, ["pending", "awaiting_3ds"])));
  }
}
