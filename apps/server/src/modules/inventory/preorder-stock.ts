import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { stockMovements, variants } from "../../db/schema/index.js";
import { conflict } from "../../lib/errors.js";
import { recordMove, type StockRequest, takeFromShelf } from "./stock-moves.js";

/** Units of one variant taken for an order: from stock, and beyond it on pre-order (decision 96). */
export interface TakenUnits {
  variantId: number;
  fromStock: number;
  preorder: number;
  /** The variant's expected ship date when pre-order units were taken (YYYY-MM-DD). */
  shipOn: string | null;
}

/**
 * Takes every line inside the caller's transaction, stock first and, for a variant on pre-order,
 * the rest as pre-order units up to its cap − waiting (decision 96); otherwise 409, nothing taken.
 * Each variant row is locked (id order) before it is read: concurrent orders never exceed the cap.
 * Where stock covers the line, the take is one statement (the lock, the check, the take and its ledger row).
 */
export async function reserveWithPreorder(
  tx: Tx,
  lines: Array<StockRequest & { maxPreorder?: number }>,
  ref: string,
): Promise<TakenUnits[]> {
  const taken: TakenUnits[] = [];
  for (const l of [...lines].sort((a, b) => a.variantId - b.variantId)) {
    if (!Number.isInteger(l.qty) || l.qty <= 0) throw new Error(`bad reservation qty ${l.qty}`);
    // Enough on the shelf, the usual case: one statement that locks, checks, takes and records (the
    // row's stock is re-checked under its lock, as the locked read below would see it).
    if (await takeFromShelf(tx, l.variantId, l.qty, ref)) {
      taken.push({ variantId: l.variantId, fromStock: l.qty, preorder: 0, shipOn: null });
      continue;
    }
    const [v] = await tx
      .select({
        stock: variants.stock,
        cap: variants.preorderCap,
        waiting: variants.preorderWaiting,
        shipOn: variants.preorderShipOn,
      })
      .from(variants)
      .where(eq(variants.id, l.variantId))
      .for("update");
    if (!v) throw conflict("VARIANT_SOLD_OUT", "商品已售完", { variant_id: l.variantId });
    const fromStock = Math.min(Math.max(v.stock, 0), l.qty);
    const preorder = l.qty - fromStock;
    // Units that may not wait (a gift, an add-on, goods kept in the 雲端庫存): from stock or not at all.
    if (preorder > 0 && v.cap !== null && l.maxPreorder !== undefined && preorder > l.maxPreorder)
      throw conflict("PREORDER_NOT_ALLOWED", "贈品、加價購商品與雲端庫存僅能以現貨提供，此商品目前缺貨", {
        variant_id: l.variantId,
      });
    if (preorder > 0 && v.cap === null)
      throw conflict("INSUFFICIENT_STOCK", "庫存不足，部分商品已售完", { variant_id: l.variantId });
    if (preorder > 0 && v.cap !== null && v.waiting + preorder > v.cap)
      throw conflict("PREORDER_CAP_REACHED", "預購數量已達上限", { variant_id: l.variantId });
    await tx
      .update(variants)
      .set({ stock: sql`${variants.stock} - ${fromStock}`, preorderWaiting: sql`${variants.preorderWaiting} + ${preorder}` })
      .where(eq(variants.id, l.variantId));
    if (fromStock > 0) await recordMove(tx, l.variantId, -fromStock, "reserve", ref);
    taken.push({ variantId: l.variantId, fromStock, preorder, shipOn: preorder > 0 ? v.shipOn : null });
  }
  return taken;
}

/** Locks a variant row and reads its stock and waiting pre-order units (the release's first lock). */
export async function lockVariant(tx: Tx, variantId: number) {
  const [v] = await tx
    .select({ stock: variants.stock, waiting: variants.preorderWaiting })
    .from(variants)
    .where(eq(variants.id, variantId))
    .for("update");
  return v;
}

/** Units a reference holds per variant now (the net of its movements, taken as positive). */
export async function heldBy(tx: Tx, ref: string): Promise<Map<number, number>> {
  const rows = await tx
    .select({ variantId: stockMovements.variantId, net: sql<number>`sum(${stockMovements.delta})::int` })
    .from(stockMovements)
    .where(eq(stockMovements.ref, ref))
    .groupBy(stockMovements.variantId);
  return new Map(rows.map((r) => [r.variantId, -Number(r.net)]));
}

/**
 * Waiting pre-order units become reserved stock for `ref` (the variant locked by the caller):
 * stock − units, waiting − units, one `reserve` movement. False (nothing changed) if stock is short.
 */
export async function releaseWaiting(tx: Tx, variantId: number, units: number, ref: string): Promise<boolean> {
  const moved = await tx
    .update(variants)
    .set({ stock: sql`${variants.stock} - ${units}`, preorderWaiting: sql`${variants.preorderWaiting} - ${units}` })
    .where(and(eq(variants.id, variantId), sql`${variants.stock} >= ${units}`, sql`${variants.preorderWaiting} >= ${units}`))
    .returning({ id: variants.id });
  if (moved.length === 0) return false;
  await recordMove(tx, variantId, -units, "reserve", ref);
  return true;
}

/** A cancelled pre-order's waiting units are given back (waiting −; never below zero). */
export async function dropWaiting(tx: Tx, variantId: number, units: number) {
  if (units <= 0) return;
  await tx
    .update(variants)
    .set({ preorderWaiting: sql`greatest(${variants.preorderWaiting} - ${units}, 0)` })
    .where(eq(variants.id, variantId));
}
