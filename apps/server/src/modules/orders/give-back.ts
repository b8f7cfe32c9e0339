import { formatMoney } from "@shop/contract/format";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { orderLines, orderRefunds, payments } from "../../db/schema/index.js";
import { unprocessable } from "../../lib/errors.js";
import { payeeOf } from "./payment-refunds.js";
import { capPlan, planRefund, planTotal } from "./refund-math.js";
import type { Commit, GivenBack, Order, OrderEffects, RefundTerms } from "./types.js";

/**
 * Giving back to the buyer (a cancellation, a refund, part of one), inside the transition's
 * transaction: the plan from refund-math, recorded as one order_refunds row and the lines'
 * refunded quantities, then carried out by the effects (stock, depot, points, wallet, money).
 */
export function createGiveBack(deps: { effects: OrderEffects; now: () => Date }) {
  const { effects, now } = deps;

  /**
   * Money held for the order — captured payments less what was decided to go back — and how much
   * of it the seller received. Before shipping, a confirmed cash-on-delivery payment is no money
   * yet (the carrier collects it on delivery), so a cancellation has none of it to give back.
   */
  async function moneyHeld(q: Db | Tx, order: Order, cashCollected: boolean) {
    const paid = await q
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, "paid")));
    const held = paid.filter((p) => cashCollected || p.method !== "cod");
    const sum = (list: typeof held) => list.reduce((a, p) => a + p.amount - p.refunded, 0);
    return { total: sum(held), toSeller: sum(held.filter((p) => payeeOf(order, p) === "shop")) };
  }

  /** The plan for giving back `wanted` units (every one left when omitted), with the refunds before it. */
  async function planFor(q: Db | Tx, order: Order, kind: GivenBack["kind"], wanted?: Map<number, number>) {
    const lines = await q.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
    const before = await q
      .select({
        n: count(),
        goods: sql<number>`coalesce(sum(${orderRefunds.goodsValue}), 0)::int`,
        wallet: sql<number>`coalesce(sum(${orderRefunds.wallet}), 0)::int`,
        points: sql<number>`coalesce(sum(${orderRefunds.points}), 0)::int`,
        keptMoney: sql<number>`coalesce(sum(${orderRefunds.keptMoney}), 0)::int`,
        keptWallet: sql<number>`coalesce(sum(${orderRefunds.keptWallet}), 0)::int`,
        keptPoints: sql<number>`coalesce(sum(${orderRefunds.keptPoints}), 0)::int`,
      })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id));
    const prior = before[0] ?? { n: 0, goods: 0, wallet: 0, points: 0, keptMoney: 0, keptWallet: 0, keptPoints: 0 };
    // What staff kept back earlier stays kept: even the last refund does not give it back.
    const left = {
      money: (await moneyHeld(q, order, kind !== "cancel")).total - Number(prior.keptMoney),
      wallet: order.walletUsed - Number(prior.wallet) - Number(prior.keptWallet),
      points: order.pointsUsed - Number(prior.points) - Number(prior.keptPoints),
    };
    return { lines, prior, plan: planRefund(lines, order, left, wanted) };
  }

  /** What giving back `wanted` units would return now, in NT$ (the back office shows it before refunding). */
  async function refundable(q: Db | Tx, order: Order, wanted: Map<number, number>) {
    try {
      return planTotal((await planFor(q, order, "partial", wanted)).plan);
    } catch (error) {
      if (error instanceof RangeError) return null;
      throw error;
    }
  }

  /** Gives back units (every unit left when `wanted` is omitted) and their value, recorded as one refund. */
  async function giveBack(
    tx: Tx,
    order: Order,
    kind: GivenBack["kind"],
    actor: string,
    reason: string,
    commit: Commit,
    wanted?: Map<number, number>,
    terms: RefundTerms = {},
  ) {
    const { lines, prior, plan: whole } = await planFor(tx, order, kind, wanted);
    if (terms.amount !== undefined && terms.amount > planTotal(whole))
      throw unprocessable("REFUND_AMOUNT_EXCEEDED", `退款金額不可超過可退金額 ${formatMoney(planTotal(whole))}`);
    const plan = terms.amount === undefined ? whole : capPlan(whole, terms.amount);
    const seq = Number(prior.n) + 1;
    await tx.insert(orderRefunds).values({
      orderId: order.id,
      seq,
      kind,
      items: plan.items.map((i) => ({ line_id: i.lineId, variant_id: i.variantId, qty: i.qty })),
      goodsValue: plan.goodsValue,
      money: plan.money,
      wallet: plan.wallet,
      points: plan.points,
      keptMoney: whole.money - plan.money,
      keptWallet: whole.wallet - plan.wallet,
      keptPoints: whole.points - plan.points,
      actor,
      reason,
      createdAt: now(),
    });
    for (const i of plan.items) {
      await tx
        .update(orderLines)
        .set({ refundedQty: sql`${orderLines.refundedQty} + ${i.qty}` })
        .where(eq(orderLines.id, i.lineId));
    }
    const back: GivenBack = {
      ...plan,
      kind,
      seq,
      goodsValueSoFar: Number(prior.goods) + plan.goodsValue,
      netGoods: Math.max(0, order.goodsAmount - order.discountTotal),
      lines,
      writeOff: terms.writeOff ?? false,
      ...(terms.toAccount ? { toAccount: terms.toAccount } : {}),
    };
    for (const run of effects.givenBack) await run(tx, order, back, commit);
    return back;
  }

  return { giveBack, moneyHeld, refundable };
}

export type GiveBack = ReturnType<typeof createGiveBack>;
