import type { prizeInput, raffleInput } from "@shop/contract/admin";
import { asc, desc, eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { rafflePrizes, raffles } from "../../db/schema/index.js";
import { adminTable } from "../../lib/admin-table.js";
import { fieldError } from "../../lib/errors.js";
import type { InventoryService } from "../inventory/service.js";

type Input = z.infer<typeof raffleInput>;
type PrizeInput = z.infer<typeof prizeInput>;
type PrizeRow = typeof rafflePrizes.$inferSelect;

const prizeRef = (id: number) => `raffle-prize:${id}`;

/**
 * Raffle campaigns with their prizes. A goods prize's units are set aside from shop stock
 * (decision 20): raising its count reserves more, lowering it or removing the prize gives the
 * units still unwon back. A prize's kind and what it gives cannot change once created.
 */
export function createRafflesAdmin(db: Db, inventory: InventoryService) {
  async function setAside(tx: Tx, prize: PrizeRow, from: number, to: number) {
    if (prize.kind !== "goods" || !prize.variantId || from === to) return;
    if (to > from) await inventory.reserve(tx, [{ variantId: prize.variantId, qty: to - from }], prizeRef(prize.id));
    else await inventory.restock(tx, prize.variantId, from - to, prizeRef(prize.id));
  }
  const prizeColumns = (p: PrizeInput, sort: number) => ({
    title: p.title,
    weight: p.weight,
    stock: p.stock,
    couponDays: p.coupon_days,
    sort,
  });

  const table = adminTable(db, {
    table: raffles,
    missing: "找不到此抽獎活動",
    view: async (r: typeof raffles.$inferSelect, q: Db | Tx) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      min_order_amount: r.minOrderAmount,
      cards_per_order: r.cardsPerOrder,
      starts_at: r.startsAt.toISOString(),
      ends_at: r.endsAt.toISOString(),
      active: r.active,
      prizes: (
        await q
          .select()
          .from(rafflePrizes)
          .where(eq(rafflePrizes.raffleId, r.id))
          .orderBy(asc(rafflePrizes.sort), asc(rafflePrizes.id))
      ).map((p) => ({
        id: p.id,
        title: p.title,
        kind: p.kind,
        amount: p.amount,
        coupon_id: p.couponId,
        coupon_days: p.couponDays,
        variant_id: p.variantId,
        weight: p.weight,
        stock: p.stock,
      })),
    }),
    columns: (r: Input) => ({
      title: r.title,
      description: r.description,
      minOrderAmount: r.min_order_amount,
      cardsPerOrder: r.cards_per_order,
      startsAt: new Date(r.starts_at),
      endsAt: new Date(r.ends_at),
      active: r.active,
    }),
    orderBy: [desc(raffles.startsAt), desc(raffles.id)] as SQL[],
    async afterWrite(tx, raffleId, r) {
      // Locked like a draw locks them, so a scratch cannot take a unit being given back.
      const existing = await tx.select().from(rafflePrizes).where(eq(rafflePrizes.raffleId, raffleId)).for("update");
      const byId = new Map(existing.map((p) => [p.id, p]));
      const kept = new Set<number>();
      for (const [i, p] of r.prizes.entries()) {
        if (p.id === undefined) {
          const [created] = await tx
            .insert(rafflePrizes)
            .values({
              raffleId,
              kind: p.kind,
              amount: p.amount,
              couponId: p.kind === "coupon" ? p.coupon_id : null,
              variantId: p.kind === "goods" ? p.variant_id : null,
              ...prizeColumns(p, i),
            })
            .returning();
          if (!created) throw new Error("prize insert returned nothing");
          await setAside(tx, created, 0, created.stock ?? 0);
          continue;
        }
        const old = byId.get(p.id);
        if (!old) throw fieldError(`prizes.${i}.id`, "找不到此獎項");
        const same =
          old.kind === p.kind &&
          old.amount === p.amount &&
          (old.kind !== "coupon" || old.couponId === p.coupon_id) &&
          (old.kind !== "goods" || old.variantId === p.variant_id);
        if (!same) throw fieldError(`prizes.${i}.kind`, "獎項建立後不可變更內容，請新增一個獎項");
        kept.add(p.id);
        await tx.update(rafflePrizes).set(prizeColumns(p, i)).where(eq(rafflePrizes.id, p.id));
        await setAside(tx, old, old.stock ?? 0, p.stock ?? 0);
      }
      for (const old of existing.filter((p) => !kept.has(p.id))) {
        await setAside(tx, old, old.stock ?? 0, 0);
        await tx.delete(rafflePrizes).where(eq(rafflePrizes.id, old.id));
      }
    },
  });
  return {
    list: (page: number, perPage: number) => table.list(undefined, page, perPage),
    get: table.get,
    create: table.create,
    update: table.update,
  };
}
export type RafflesAdmin = ReturnType<typeof createRafflesAdmin>;
