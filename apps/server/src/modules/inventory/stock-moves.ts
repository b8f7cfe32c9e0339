import { and, eq, gte, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { shopStock, shopStockMovements, stockMovements, variants } from "../../db/schema/index.js";
import { conflict } from "../../lib/errors.js";

export interface StockRequest {
  variantId: number;
  qty: number;
}

type ShopStockReason = typeof shopStockMovements.$inferInsert.reason;

/** One row of the stock ledger, in the caller's transaction. */
export async function recordMove(
  tx: Tx,
  variantId: number,
  delta: number,
  reason: typeof stockMovements.$inferInsert.reason,
  ref: string,
) {
  await tx.insert(stockMovements).values({ variantId, delta, reason, ref });
}

/**
 * Takes `qty` of a variant off the shelf with its ledger row, if the shelf holds that many: one
 * statement (the row's lock, the check, the take and the movement), so an order's transaction
 * waits for one answer instead of two (issue 51: on PGlite a transaction runs alone). False, and
 * nothing changed, when the shelf is short.
 */
export async function takeFromShelf(tx: Tx, variantId: number, qty: number, ref: string): Promise<boolean> {
  const result = await tx.execute(sql`
    with taken as (
      update ${variants} set stock = stock - ${qty}
      where id = ${variantId} and stock >= ${qty}
      returning id
    )
    insert into ${stockMovements} (variant_id, delta, reason, ref)
    select id, ${-qty}::int, 'reserve', ${ref}::text from taken
    returning variant_id`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Takes stock for every line inside the caller's transaction, or throws 409 (nothing taken). */
export async function reserve(tx: Tx, lines: StockRequest[], ref: string) {
  // A fixed order of row locks: two orders with the same variants cannot deadlock.
  const sorted = [...lines].sort((a, b) => a.variantId - b.variantId);
  for (const l of sorted) {
    if (!Number.isInteger(l.qty) || l.qty <= 0) throw new Error(`bad reservation qty ${l.qty}`);
    if (!(await takeFromShelf(tx, l.variantId, l.qty, ref)))
      throw conflict("INSUFFICIENT_STOCK", "庫存不足，部分商品已售完", { variant_id: l.variantId });
  }
}

/** Gives back what a reference reserved and has not released yet (idempotent). */
export async function release(tx: Tx, ref: string) {
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
    await recordMove(tx, r.variantId, outstanding, "release", ref);
  }
}

/**
 * Moves a seller's own stock (positive in, negative out) inside the caller's transaction.
 * Taking more than the shop holds throws 409 and takes nothing; a cause already recorded for a
 * variant is not applied twice.
 */
export async function moveShopStock(
  tx: Tx,
  shopId: number,
  lines: StockRequest[],
  reason: ShopStockReason,
  ref: string,
  note = "",
) {
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
    if (moved.length === 0) throw conflict("INSUFFICIENT_SHOP_STOCK", "賣家庫存不足", { variant_id: variantId, needed: -delta });
  }
}
