import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { shopStock, shopStockMovements, stockMovements, variants } from "../../db/schema/index.js";
import { conflict } from "../../lib/errors.js";

export interface StockRequest {
  variantId: number;
  qty: number;
}

/**
 * Stock as a ledger. Reservations take stock with a conditional update (`stock >= qty`), which
 * PostgreSQL serialises per row: under any concurrency a variant never goes below zero, and an
 * order either gets all its lines or none (the caller's transaction rolls back).
 */
type ShopStockReason = typeof shopStockMovements.$inferInsert.reason;

export function createInventoryService(db: Db) {
  async function move(tx: Tx, variantId: number, delta: number, reason: typeof stockMovements.$inferInsert.reason, ref: string) {
    await tx.insert(stockMovements).values({ variantId, delta, reason, ref });
  }

  return {
    /** Takes stock for every line inside the caller's transaction, or throws 409 (nothing taken). */
    async reserve(tx: Tx, lines: StockRequest[], ref: string) {
      // A fixed order of row locks: two orders with the same variants cannot deadlock.
      const sorted = [...lines].sort((a, b) => a.variantId - b.variantId);
      for (const l of sorted) {
        if (!Number.isInteger(l.qty) || l.qty <= 0) throw new Error(`bad reservation qty ${l.qty}`);
        const taken = await tx
          .update(variants)
          .set({ stock: sql`${variants.stock} - ${l.qty}` })
          .where(and(eq(variants.id, l.variantId), gte(variants.stock, l.qty)))
          .returning({ id: variants.id });
        if (taken.length === 0) throw conflict("INSUFFICIENT_STOCK", "庫存不足，部分商品已售完", { variant_id: l.variantId });
        await move(tx, l.variantId, -l.qty, "reserve", ref);
      }
    },

    /** Gives back what a reference reserved and has not released yet (idempotent). */
    async release(tx: Tx, ref: string) {
      const rows = await tx
        .select({ variantId: stockMovements.variantId, net: sql<number>`sum(${stockMovements.delta})::int` })
        .from(stockMovements)
        .where(eq(stockMovements.ref, ref))
        .groupBy(stockMovements.variantId);
      for (const r of rows) {
        const outstanding = -Number(r.net);
        if (outstanding <= 0) continue;
        await tx
          .update(variants)
          .set({ stock: sql`${variants.stock} + ${outstanding}` })
          .where(eq(variants.id, r.variantId));
        await move(tx, r.variantId, outstanding, "release", ref);
      }
    },

    /** Goods coming back (a return), inside the caller's transaction. */
    async restock(tx: Tx, variantId: number, qty: number, ref: string) {
      await tx
        .update(variants)
        .set({ stock: sql`${variants.stock} + ${qty}` })
        .where(eq(variants.id, variantId));
      await move(tx, variantId, qty, "restock", ref);
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
      await move(tx, variantId, delta, reason, ref);
      return row.stock;
    },

    /** Sets a starting or corrected level, recorded as a movement. */
    async adjust(variantId: number, delta: number, reason: "initial" | "restock" | "adjust", ref = "") {
      await db.transaction(async (tx) => {
        await tx
          .update(variants)
          .set({ stock: sql`${variants.stock} + ${delta}` })
          .where(eq(variants.id, variantId));
        await move(tx, variantId, delta, reason, ref);
      });
    },

    /**
     * Moves a seller's own stock (positive in, negative out) inside the caller's transaction.
     * Taking more than the shop holds throws 409 and takes nothing; a cause already recorded for a
     * variant is not applied twice.
     */
    async moveShopStock(tx: Tx, shopId: number, lines: StockRequest[], reason: ShopStockReason, ref: string, note = "") {
      const byVariant = new Map<number, number>();
      for (const l of lines) byVariant.set(l.variantId, (byVariant.get(l.variantId) ?? 0) + l.qty);
      for (const [variantId, delta] of [...byVariant].sort(([a], [b]) => a - b)) {
        if (!Number.isInteger(delta) || delta === 0) throw new Error(`bad shop stock delta ${delta}`);
        const recorded = await tx
          .insert(shopStockMovements)
          .values({ shopId, variantId, delta, reason, ref, note })
          .onConflictDoNothing()
          .returning({ id: shopStockMovements.id });
        if (recorded.length === 0) continue;
        await tx.insert(shopStock).values({ shopId, variantId, qty: 0 }).onConflictDoNothing();
        const moved = await tx
          .update(shopStock)
          .set({ qty: sql`${shopStock.qty} + ${delta}` })
          .where(and(eq(shopStock.shopId, shopId), eq(shopStock.variantId, variantId), gte(shopStock.qty, -delta)))
          .returning({ qty: shopStock.qty });
        if (moved.length === 0)
          throw conflict("INSUFFICIENT_SHOP_STOCK", "賣家庫存不足", { variant_id: variantId, needed: -delta });
      }
    },

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
