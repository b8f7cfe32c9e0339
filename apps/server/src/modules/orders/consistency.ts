import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { orders } from "../../db/schema/index.js";
import type { InventoryService } from "../inventory/service.js";

interface MoneyRow {
  order_no: string;
  status: string;
  payable: number;
  held: number;
  partial: number;
  /** Money staff kept back on refunds (a refund of less than the units were worth; decision 83). */
  kept: number;
}

/**
 * Checks that should always find nothing (the race suite, the reliability suite and the test-mode
 * consistency endpoint run them): money held against what each order's state says is owed, card
 * refunds never confirmed, payment attempts left open, stock reservations nothing will release.
 */
export function createOrderConsistency(db: Db, inventory: InventoryService) {
  const rows = async <T>(q: ReturnType<typeof sql>) => (await db.execute(q)) as unknown as { rows: T[] };

  return {
    /**
     * Orders whose captured − refunded money differs from what their state holds: nothing while
     * unpaid or cancelled; what staff kept back once refunded; the payable less partial refunds otherwise.
     */
    async moneyMismatches(): Promise<Array<MoneyRow & { expected: number }>> {
      const { rows: all } = await rows<MoneyRow>(sql`
        select o.order_no, o.status, o.payable,
          coalesce((select sum(p.amount - p.refunded) from payments p where p.order_id = o.id and p.status in ('paid', 'refunded')), 0)::int as held,
          coalesce((select sum(r.money) from order_refunds r where r.order_id = o.id and r.kind = 'partial'), 0)::int as partial,
          coalesce((select sum(r.kept_money) from order_refunds r where r.order_id = o.id), 0)::int as kept
        from orders o`);
      return all
        .map((r) => ({
          ...r,
          expected: ["pending_payment", "cancelled"].includes(r.status)
            ? 0
            : r.status === "refunded"
              ? Number(r.kept)
              : Number(r.payable) - Number(r.partial),
        }))
        .filter((r) => Number(r.held) !== r.expected);
    },

    /** Card refunds decided but not (yet) confirmed by the provider. */
    async refundsOutstanding(): Promise<Array<{ payment_id: number; due: number }>> {
      const { rows: due } = await rows<{ payment_id: number; due: number }>(
        sql`select id as payment_id, (refunded - refund_settled)::int as due from payments where refunded > refund_settled`,
      );
      return due;
    },

    /**
     * Payment attempts left open: waiting on an order that no longer waits for payment, or charging
     * for longer than any provider call plus a reconciliation round.
     */
    async openAttempts(): Promise<Array<{ payment_id: number; status: string; order_status: string }>> {
      const { rows: open } = await rows<{ payment_id: number; status: string; order_status: string }>(sql`
        select p.id as payment_id, p.status, o.status as order_status from payments p join orders o on o.id = p.order_id
        where (p.status in ('pending', 'awaiting_3ds') and o.status <> 'pending_payment')
           or (p.status = 'charging' and p.updated_at < now() - interval '15 minutes')`);
      return open;
    },

    /**
     * Stock reservations nothing will ever release: held by an order that is cancelled, or by an
     * order number that does not exist (its transaction died half-way). Should always be none.
     */
    async stuckReservations(): Promise<string[]> {
      const refs = (await inventory.heldRefs("order:")).filter((r) => /^order:\d+$/.test(r));
      if (refs.length === 0) return [];
      const nos = refs.map((r) => r.slice("order:".length));
      const found = await db
        .select({ no: orders.orderNo, status: orders.status })
        .from(orders)
        .where(inArray(orders.orderNo, nos));
      const status = new Map(found.map((r) => [r.no, r.status]));
      return refs.filter((r) => {
        const s = status.get(r.slice("order:".length));
        return s === undefined || s === "cancelled";
      });
    },
  };
}
