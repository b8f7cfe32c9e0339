import { asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { cartLines, carts } from "../../db/schema/index.js";

/** The cart's part of a member's personal data (decision 78): what is in the member's cart, and emptying it when the account closes. */
export function createCartPersonalData(db: Db) {
  const cartOf = async (q: Db | Tx, memberId: number) => (await q.select().from(carts).where(eq(carts.memberId, memberId)))[0];
  return {
    async exportOf(memberId: number) {
      const cart = await cartOf(db, memberId);
      if (!cart) return [];
      const lines = await db.select().from(cartLines).where(eq(cartLines.cartId, cart.id)).orderBy(asc(cartLines.id));
      return lines.map((l) => ({ variant_id: l.variantId, qty: l.qty, added_at: l.createdAt.toISOString() }));
    },
    async erase(tx: Tx, memberId: number) {
      const ids = (await tx.select({ id: carts.id }).from(carts).where(eq(carts.memberId, memberId))).map((c) => c.id);
      if (ids.length === 0) return;
      await tx.delete(cartLines).where(inArray(cartLines.cartId, ids));
      await tx.delete(carts).where(inArray(carts.id, ids));
    },
  };
}
