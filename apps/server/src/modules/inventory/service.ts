import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { shopStock, shopStockMovements, stockMovements, stockWriteOffs, variants } from "../../db/schema/index.js";
import { conflict } from "../../lib/errors.js";
import { dropWaiting, heldBy, lockVariant, releaseWaiting, reserveWithPreorder } from "./preorder-stock.js";
import { moveShopStock, recordMove, release, reserve, type StockRequest } from "./stock-moves.js";

export type { TakenUnits } from "./preorder-stock.js";
export type { StockRequest };

/**
 * Stock as a ledger. Reservations take stock with a conditional update (`stock >= qty`), which
 * PostgreSQL serialises per row: under any concurrency a variant never goes below zero, and an
 * order either gets all its lines or none (the caller's transaction rolls back). Reservations,
 * releases and a seller's own stock move through the functions of stock-moves.ts.
 */
export function createInventoryService(db: Db) {
  // Told when units are added to a variant on this instance (the checkout's sold-out memory, decision 100).
  const stockAdded: Array<(variantId: number) => void> = [];
  const added = (variantId: number, delta: number) => {
    if (delta > 0) for (const listener of stockAdded) listener(variantId);
  };
  return {
    /** Listens for units added to a variant here (a restock, a staff adjustment, a return). */
    onStockAdded: (listener: (variantId: number) => void) => void stockAdded.push(listener),
    reserve: (tx: Tx, lines: StockRequest[], ref: string) => reserve(tx, lines, ref),
    release,
    /** Pre-order (decision 96): stock first, then pre-order units within the cap; see preorder-stock.ts. */
    preorder: { reserve: reserveWithPreorder, lockVariant, heldBy, releaseWaiting, dropWaiting },

    /** Goods coming back (a return), inside the caller's transaction. */
    async restock(tx: Tx, variantId: number, qty: number, ref: string) {
      await tx
        .update(variants)
        .set({ stock: sql`${variants.stock} + ${qty}` })
        .where(eq(variants.id, variantId));
      await recordMove(tx, variantId, qty, "restock", ref);
      added(variantId, qty);
    },

    /**
     * Returned units written off as faulty (瑕疵品), inside the caller's transaction: recorded per
     * variant and cause, never put back into sellable stock (the warehouse's or the seller's).
     */
    async writeOff(tx: Tx, shopId: number | null, units: Array<{ variantId: number; qty: number }>, ref: string, note = "") {
      const rows = units.filter((u) => u.qty > 0).map((u) => ({ variantId: u.variantId, shopId, qty: u.qty, ref, note }));
      if (rows.length > 0) await tx.insert(stockWriteOffs).values(rows);
    },

    /**
     * Staff's stock change with its reason, inside the caller's transaction: never below zero
     * (409), recorded as a movement. Returns the new level.
     */
    async adjustByStaff(tx: Tx, variantId: number, delta: number, reason: "restock" | "adjust", ref: string) {
      const [row] = await tx
        .update(variants)
        .set({ stock: sql`${variants.stock} + ${delta}` })
        .where(and(eq(variants.id, variantId), sql`${variants.stock} + ${delta} >= 0`))
        .returning({ stock: variants.stock });
      if (!row) throw conflict("STOCK_BELOW_ZERO", "庫存不足，無法減少這麼多");
      await recordMove(tx, variantId, delta, reason, ref);
      added(variantId, delta);
      return row.stock;
    },

    /** Sets a starting or corrected level, recorded as a movement. */
    async adjust(variantId: number, delta: number, reason: "initial" | "restock" | "adjust", ref = "") {
      await db.transaction(async (tx) => {
        await tx
          .update(variants)
          .set({ stock: sql`${variants.stock} + ${delta}` })
          .where(eq(variants.id, variantId));
        await recordMove(tx, variantId, delta, reason, ref);
      });
      added(variantId, delta);
    },

    moveShopStock,

    /** What a shop holds, per variant (zero rows left out). */
    async shopStock(shopId: number): Promise<Array<{ variantId: number; qty: number }>> {
      const rows = await db
        .select({ variantId: shopStock.variantId, qty: shopStock.qty })
        .from(shopStock)
        .where(eq(shopStock.shopId, shopId))
        .orderBy(shopStock.variantId);
      return rows.filter((r) => r.qty > 0);
    },

    async shopStockOf(tx: Tx, shopId: number, variantIds: number[]): Promise<Map<number, number>> {
      const rows = await tx.select().from(shopStock).where(eq(shopStock.shopId, shopId));
      return new Map(rows.filter((r) => variantIds.includes(r.variantId)).map((r) => [r.variantId, r.qty]));
    },

    /** A shop's stock movements, newest first. */
    shopStockLog(shopId: number, limit = 200) {
      return db
        .select()
        .from(shopStockMovements)
        .where(eq(shopStockMovements.shopId, shopId))
        .orderBy(desc(shopStockMovements.id))
        .limit(limit);
    },

    /** Shops whose held quantity differs from the sum of their movements (should always be none). */
    async shopStockUnbalanced(): Promise<Array<{ shopId: number; variantId: number }>> {
      const rows = await db.execute(sql`
        select s.shop_id as "shopId", s.variant_id as "variantId" from ${shopStock} s
        where s.qty <> coalesce((select sum(m.delta) from ${shopStockMovements} m
                                 where m.shop_id = s.shop_id and m.variant_id = s.variant_id), 0)`);
      return (rows as unknown as { rows: Array<{ shopId: number; variantId: number }> }).rows;
    },

    /** References (`order:…`) that still hold stock: the net of their movements is below zero. */
    async heldRefs(prefix: string): Promise<string[]> {
      const rows = await db.execute(sql`
        select ref from ${stockMovements} where ref like ${`${prefix}%`}
        group by ref having sum(delta) < 0`);
      return (rows as unknown as { rows: Array<{ ref: string }> }).rows.map((r) => r.ref);
    },

    /** Variants whose balance differs from the sum of their movements (should always be none). */
    async unbalanced(): Promise<Array<{ variantId: number; stock: number; ledger: number }>> {
      const rows = await db.execute(sql`
        select v.id as "variantId", v.stock, coalesce(sum(m.delta), 0)::int as ledger
        from ${variants} v left join ${stockMovements} m on m.variant_id = v.id
        group by v.id, v.stock having v.stock <> coalesce(sum(m.delta), 0)`);
      return (rows as unknown as { rows: Array<{ variantId: number; stock: number; ledger: number }> }).rows;
    },
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
