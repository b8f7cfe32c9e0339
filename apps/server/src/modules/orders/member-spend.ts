import { and, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { orderLines, orders } from "../../db/schema/index.js";

/** The states of an order that was paid and is still the buyer's (not cancelled, not refunded). */
const KEPT = ["paid", "processing", "shipped", "delivered", "completed"] as const;

/**
 * What a member spent in [from, to) for member tiers (decision 94): orders paid in the window
 * (by `paid_at`; cash on delivery counts when collected) and not cancelled or refunded, each at
 * its goods after discounts (shipping excluded; points and wallet count as paid), less the share
 * of units refunded so far. Read on `q` so a payment's own transaction sees its order.
 */
export async function memberSpend(q: Db | Tx, memberId: number, from: Date, to: Date): Promise<number> {
  const refunded = sql<number>`coalesce((select sum(${orderLines.price} * ${orderLines.refundedQty}) from ${orderLines} where ${orderLines.orderId} = ${orders.id}), 0)`;
  const net = sql`greatest(0, ${orders.goodsAmount} - ${orders.discountTotal})`;
  const [row] = await q
    .select({
      n: sql<number>`coalesce(sum(case when ${orders.goodsAmount} = 0 then 0 else floor(${net} * greatest(0, ${orders.goodsAmount} - ${refunded})::numeric / ${orders.goodsAmount}) end), 0)::int`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.memberId, memberId),
        inArray(orders.status, [...KEPT]),
        isNotNull(orders.paidAt),
        gte(orders.paidAt, from),
        lt(orders.paidAt, to),
      ),
    );
  return Number(row?.n ?? 0);
}
