import { and, asc, eq, exists, lte, not, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { cartLines, cartReminders, carts } from "../../db/schema/index.js";

/**
 * Abandoned-cart reminders (decision 97), the cart's part: members' carts with lines whose content
 * has not changed since `idleSince`, not yet reminded of in this state. A claim inserts the
 * (cart, changed-at) row, so one cart state is reminded of once, whichever instance runs the job.
 */
export function createCartReminders(db: Db) {
  return {
    async due(idleSince: Date, limit: number) {
      return db
        .select({ cartId: carts.id, memberId: sql<number>`${carts.memberId}`, shopId: carts.shopId, changedAt: carts.updatedAt })
        .from(carts)
        .where(
          and(
            sql`${carts.memberId} is not null`,
            lte(carts.updatedAt, idleSince),
            exists(db.select({ one: sql`1` }).from(cartLines).where(eq(cartLines.cartId, carts.id))),
            not(
              exists(
                db
                  .select({ one: sql`1` })
                  .from(cartReminders)
                  .where(and(eq(cartReminders.cartId, carts.id), eq(cartReminders.cartChangedAt, carts.updatedAt))),
              ),
            ),
          ),
        )
        .orderBy(asc(carts.updatedAt), asc(carts.id))
        .limit(limit);
    },

    /** True when this call claimed the reminder of the cart in this state (the caller sends it in the same transaction). */
    async claim(tx: Tx, cart: { cartId: number; memberId: number; changedAt: Date }, at: Date) {
      // The cart must still be as it was found: a change since then starts its idle hours again.
      const [still] = await tx.select({ at: carts.updatedAt }).from(carts).where(eq(carts.id, cart.cartId)).for("update");
      if (!still || still.at.getTime() !== cart.changedAt.getTime()) return false;
      const rows = await tx
        .insert(cartReminders)
        .values({ cartId: cart.cartId, memberId: cart.memberId, cartChangedAt: cart.changedAt, sentAt: at })
        .onConflictDoNothing()
        .returning({ id: cartReminders.id });
      return rows.length > 0;
    },

    /** How many lines and units the cart holds (the message says so). */
    async size(tx: Tx, cartId: number) {
      const [row] = await tx
        .select({ lines: sql<number>`count(*)::int`, units: sql<number>`coalesce(sum(${cartLines.qty}), 0)::int` })
        .from(cartLines)
        .where(eq(cartLines.cartId, cartId));
      return { lines: row?.lines ?? 0, units: row?.units ?? 0 };
    },
  };
}
