import { randomUUID } from "node:crypto";
import { type DepotLogView, type DepotStockView, MAIN_SHOP_ID, type TakeoutView } from "@shop/contract";
import { desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { depotEntries, depotTakeouts } from "../../db/schema/index.js";
import { conflict } from "../../lib/errors.js";
import type { CatalogueService } from "../catalogue/service.js";
import type { InventoryService } from "../inventory/service.js";
import type { LogisticsService } from "../logistics/service.js";
import type { LoyaltyService } from "../loyalty/service.js";
import type { AddressBookService } from "../members/addresses.js";

/** What the depot's functions use, as createDepotService takes it. */
export interface DepotDeps {
  db: Db;
  catalogue: CatalogueService;
  loyalty: LoyaltyService;
  inventory: InventoryService;
  logistics: LogisticsService;
  addresses: AddressBookService;
  now?: () => Date;
}

/** The dependencies with the clock filled in, as the depot functions take them. */
export type DepotContext = DepotDeps & { now: () => Date };

async function balances(q: Db, memberId: number) {
  const rows = await q
    .select({ variantId: depotEntries.variantId, qty: sql<number>`sum(${depotEntries.qty})::int` })
    .from(depotEntries)
    .where(eq(depotEntries.memberId, memberId))
    .groupBy(depotEntries.variantId);
  return new Map(rows.filter((r) => Number(r.qty) > 0).map((r) => [r.variantId, Number(r.qty)]));
}

/** Puts goods into a member's cloud depot (a paid depot order, an exchange, a prize), inside the caller's transaction. */
export async function deposit(
  tx: Tx,
  memberId: number,
  lines: Array<{ variantId: number; qty: number }>,
  ref: string,
  reason = "訂單入庫",
) {
  if (lines.length === 0) return;
  await tx.insert(depotEntries).values(lines.map((l) => ({ memberId, variantId: l.variantId, qty: l.qty, reason, ref })));
}

export async function depotStock(deps: DepotContext, memberId: number): Promise<DepotStockView[]> {
  const held = await balances(deps.db, memberId);
  const info = await deps.catalogue.variantsForCart([...held.keys()], MAIN_SHOP_ID);
  return info.map((v) => ({
    variant_id: v.id,
    product_id: v.productId,
    name: v.name,
    variant_name: v.variantName,
    image: v.image,
    qty: held.get(v.id) ?? 0,
  }));
}

export async function depotLog(deps: DepotContext, memberId: number): Promise<DepotLogView[]> {
  const rows = await deps.db
    .select()
    .from(depotEntries)
    .where(eq(depotEntries.memberId, memberId))
    .orderBy(desc(depotEntries.id))
    .limit(200);
  const names = new Map(
    (await deps.catalogue.variantsForCart([...new Set(rows.map((r) => r.variantId))], MAIN_SHOP_ID)).map((v) => [
      v.id,
      `${v.name}（${v.variantName}）`,
    ]),
  );
  return rows.map((r) => ({
    id: r.id,
    variant_id: r.variantId,
    name: names.get(r.variantId) ?? "",
    qty: r.qty,
    reason: r.reason,
    created_at: r.createdAt.toISOString(),
  }));
}

export async function requestTakeout(
  deps: DepotContext,
  memberId: number,
  items: Array<{ variant_id: number; qty: number }>,
  addressId: number,
): Promise<TakeoutView> {
  const address = await deps.addresses.get(memberId, addressId);
  const wanted = new Map<number, number>();
  for (const i of items) wanted.set(i.variant_id, (wanted.get(i.variant_id) ?? 0) + i.qty);
  const info = new Map((await deps.catalogue.variantsForCart([...wanted.keys()], MAIN_SHOP_ID)).map((v) => [v.id, v]));
  const value = [...wanted].reduce((sum, [id, qty]) => sum + (info.get(id)?.price ?? 0) * qty, 0);
  const hct = (await deps.logistics.shipMethods(MAIN_SHOP_ID)).find((m) => m.code === "hct");
  const fee = !hct || (hct.free_threshold !== null && value >= hct.free_threshold) ? 0 : hct.fee;

  const row = await deps.db.transaction(async (tx) => {
    // One pick-up at a time per member: the member's loyalty row is the lock.
    await deps.loyalty.lockMember(tx, memberId);
    const held = await balances(tx as unknown as Db, memberId);
    for (const [id, qty] of wanted) {
      if ((held.get(id) ?? 0) < qty)
        throw conflict(
          "INSUFFICIENT_DEPOT_STOCK",
          `雲端庫存不足：${info.get(id)?.name ?? "商品"} 目前剩 ${held.get(id) ?? 0} 件`,
        );
    }
    const [t] = await tx
      .insert(depotTakeouts)
      .values({
        memberId,
        items: [...wanted].map(([id, qty]) => ({ variant_id: id, qty, name: info.get(id)?.name ?? "" })),
        address: {
          name: address.name,
          phone: address.phone,
          zip: address.zip,
          county: address.county,
          district: address.district,
          line: address.line,
        },
        fee,
        status: "requested",
        createdAt: deps.now(),
      })
      .returning();
    if (!t) throw new Error("takeout insert returned nothing");
    await tx.insert(depotEntries).values(
      [...wanted].map(([variantId, qty]) => ({
        memberId,
        variantId,
        qty: -qty,
        reason: `提貨申請 #${t.id}`,
        ref: `takeout:${t.id}`,
      })),
    );
    if (fee > 0) await deps.loyalty.changeWallet(tx, memberId, -fee, `提貨運費 #${t.id}`, `takeout:${t.id}`);
    return t;
  });
  return view(row);
}

/**
 * A seller moves goods from their own cloud depot into their shop's stock for self-delivery,
 * in one transaction: both sides or neither.
 */
export async function moveToShop(
  deps: DepotContext,
  memberId: number,
  shopId: number,
  items: Array<{ variant_id: number; qty: number }>,
) {
  const wanted = new Map<number, number>();
  for (const i of items) wanted.set(i.variant_id, (wanted.get(i.variant_id) ?? 0) + i.qty);
  const names = new Map((await deps.catalogue.variantsForCart([...wanted.keys()], MAIN_SHOP_ID)).map((v) => [v.id, v.name]));
  const ref = `depot-to-shop:${randomUUID()}`;
  await deps.db.transaction(async (tx) => {
    await deps.loyalty.lockMember(tx, memberId);
    const held = await balances(tx as unknown as Db, memberId);
    for (const [id, qty] of wanted) {
      if ((held.get(id) ?? 0) < qty)
        throw conflict("INSUFFICIENT_DEPOT_STOCK", `雲端庫存不足：${names.get(id) ?? "商品"} 目前剩 ${held.get(id) ?? 0} 件`);
    }
    await tx
      .insert(depotEntries)
      .values([...wanted].map(([variantId, qty]) => ({ memberId, variantId, qty: -qty, reason: "轉入賣家庫存", ref })));
    const lines = [...wanted].map(([variantId, qty]) => ({ variantId, qty }));
    await deps.inventory.moveShopStock(tx, shopId, lines, "depot", ref, "由雲端庫存轉入");
  });
}

/**
 * A refunded order's goods come back out of the member's depot, inside the refund's
 * transaction, under the same per-member lock as pick-ups. What was already picked up cannot
 * come back: 409, naming the product and what is left (a partial refund can return that).
 */
export async function takeBack(
  deps: DepotContext,
  tx: Tx,
  memberId: number,
  items: Array<{ variantId: number; qty: number; name: string }>,
  ref: string,
) {
  await deps.loyalty.lockMember(tx, memberId);
  const held = await balances(tx as unknown as Db, memberId);
  for (const i of items) {
    const left = held.get(i.variantId) ?? 0;
    if (left < i.qty) {
      throw conflict(
        "DEPOT_GOODS_TAKEN_OUT",
        left > 0
          ? `「${i.name}」雲端庫存僅剩 ${left} 件（其餘已提貨），無法全數退款；請改為部分退款，退回仍在雲端庫存的數量`
          : `「${i.name}」已從雲端庫存提貨，無法退款；請改為部分退款，只退回仍在雲端庫存的商品`,
        { variant_id: i.variantId, in_depot: left },
      );
    }
  }
  await tx
    .insert(depotEntries)
    .values(items.map((i) => ({ memberId, variantId: i.variantId, qty: -i.qty, reason: "訂單退款出庫", ref })));
}

export async function listTakeouts(deps: DepotContext, memberId: number): Promise<TakeoutView[]> {
  const rows = await deps.db
    .select()
    .from(depotTakeouts)
    .where(eq(depotTakeouts.memberId, memberId))
    .orderBy(desc(depotTakeouts.id))
    .limit(50);
  return rows.map(view);
}

const TAKEOUT_LABELS = { requested: "待出貨", shipped: "已出貨", delivered: "已送達" } as const;

export function view(t: typeof depotTakeouts.$inferSelect): TakeoutView {
  const a = t.address;
  return {
    id: t.id,
    items: t.items,
    address: `${a.name}｜${a.zip} ${a.county}${a.district}${a.line}`,
    fee: t.fee,
    status: t.status,
    status_label: TAKEOUT_LABELS[t.status],
    tracking_no: t.trackingNo,
    created_at: t.createdAt.toISOString(),
  };
}
