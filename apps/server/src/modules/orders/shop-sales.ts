import { and, count, countDistinct, desc, eq, gte, lt, sql, sum } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { orderLines, orders } from "../../db/schema/index.js";

/**
 * A shop's sales for a period of Taipei days (decision 47): orders that count are paid or on
 * their way as cash on delivery — not unpaid transfers or card attempts, not cancelled or refunded.
 * Revenue is the goods amount (what the seller's commission is a share of).
 */
export function createShopSales(db: Db) {
  const dayOf = sql<string>`to_char(${orders.createdAt} at time zone 'Asia/Taipei', 'YYYY-MM-DD')`;
  const counted = sql`${orders.status} not in ('cancelled', 'refunded') and (${orders.status} <> 'pending_payment' or ${orders.paymentMethod} = 'cod')`;
  const within = (shopId: number, from: string, to: string) => {
    const start = new Date(`${from}T00:00:00+08:00`);
    const end = new Date(new Date(`${to}T00:00:00+08:00`).getTime() + 86_400_000);
    return and(eq(orders.shopId, shopId), gte(orders.createdAt, start), lt(orders.createdAt, end), counted);
  };

  return {
    /** Per day: orders, goods revenue and the commission at `commissionBp` (⌊goods × rate⌋ per order). */
    async byDay(shopId: number, from: string, to: string, commissionBp: number) {
      const rows = await db
        .select({
          day: dayOf,
          orders: count(),
          revenue: sum(orders.goodsAmount),
          commission: sql<string>`sum(floor(${orders.goodsAmount}::bigint * ${commissionBp} / 10000))`,
        })
        .from(orders)
        .where(within(shopId, from, to))
        .groupBy(dayOf);
      return rows.map((r) => ({
        day: r.day,
        orders: r.orders,
        revenue: Number(r.revenue ?? 0),
        commission: Number(r.commission ?? 0),
      }));
    },
    /** Per product: orders it was in, units and revenue at the prices paid (the 500 selling most). */
    async byProduct(shopId: number, from: string, to: string) {
      const revenue = sql<string>`sum(${orderLines.price}::bigint * ${orderLines.qty})`;
      const rows = await db
        .select({
          productId: orderLines.productId,
          name: sql<string>`max(${orderLines.name})`,
          orders: countDistinct(orderLines.orderId),
          units: sum(orderLines.qty),
          revenue,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(within(shopId, from, to))
        .groupBy(orderLines.productId)
        .orderBy(desc(revenue), orderLines.productId)
        .limit(500);
      return rows.map((r) => ({
        productId: r.productId,
        name: r.name,
        orders: r.orders,
        units: Number(r.units ?? 0),
        revenue: Number(r.revenue ?? 0),
      }));
    },
  };
}
export type ShopSales = ReturnType<typeof createShopSales>;
