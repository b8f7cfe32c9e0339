import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { orderLines, orders } from "../../db/schema/index.js";
import type { Order } from "./types.js";

/** Written as a literal so the planner may use the pre-order queue's partial index. */
export const PREORDER_WAITING = sql`${orders.preorderState} = 'waiting'`;

/** A waiting pre-order that may be released: paid, or cash on delivery (decision 96). */
const RELEASABLE = sql`(${orders.status} = 'paid' or (${orders.status} = 'pending_payment' and ${orders.paymentMethod} = 'cod'))`;

/**
 * The pre-order side of orders (decision 96): which orders wait for a variant's stock, their
 * pre-order units, and marking one released. Every read here runs in the caller's transaction.
 */
export const preorderQueue = {
  /**
   * Releasable waiting pre-orders holding a variant's units, oldest first, each locked; an order
   * another transaction holds (being cancelled, paid, edited) is skipped: no lock-order deadlock
   * with a cancellation (order, then variant) while a release holds the variant first.
   */
  async waitingFor(tx: Tx, variantId: number): Promise<Order[]> {
    return tx
      .select()
      .from(orders)
      .where(
        and(
          PREORDER_WAITING,
          RELEASABLE,
          sql`exists (select 1 from ${orderLines} l where l.order_id = ${orders.id} and l.variant_id = ${variantId} and l.preorder)`,
        ),
      )
      .orderBy(asc(orders.id))
      .for("update", { skipLocked: true });
  },

  /** Whether a locked order may be released now (paid, or cash on delivery). */
  releasable: (o: Order) =>
    o.preorderState === "waiting" && (o.status === "paid" || (o.status === "pending_payment" && o.paymentMethod === "cod")),

  /** An order's pre-order units per variant (every line of a variant sold on pre-order). */
  async unitsOf(tx: Tx, orderId: number): Promise<Map<number, number>> {
    const rows = await tx
      .select({ variantId: orderLines.variantId, qty: sql<number>`sum(${orderLines.qty})::int` })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.preorder, true)))
      .groupBy(orderLines.variantId);
    return new Map(rows.map((r) => [r.variantId, Number(r.qty)]));
  },

  /** All its pre-order units are covered: it joins the shipping queue. */
  async markReleased(tx: Tx, orderId: number, at: Date): Promise<Order> {
    const [o] = await tx
      .update(orders)
      .set({ preorderState: "released", updatedAt: at })
      .where(eq(orders.id, orderId))
      .returning();
    return o as Order;
  },

  /** How many pre-orders are waiting (not cancelled), for the back office's counters. */
  async waitingCount(db: Db | Tx): Promise<number> {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(PREORDER_WAITING, inArray(orders.status, ["pending_payment", "paid"])));
    return Number(r?.n ?? 0);
  },
};

export type PreorderQueue = typeof preorderQueue;
