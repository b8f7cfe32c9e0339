import type { ExchangeItemView, ExchangeSelfView, ExchangeView } from "@shop/contract";
import type { SettingKey } from "@shop/contract/admin";
import { formatMoney } from "@shop/contract/format";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { exchangeItems, exchanges } from "../../db/schema/index.js";
import { badRequest, notFound } from "../../lib/errors.js";
import type { DepotService } from "../depot/service.js";
import type { InventoryService } from "../inventory/service.js";
import type { LoyaltyService } from "../loyalty/service.js";
import type { ShopsService } from "../shops/service.js";

/**
 * Exchange (rechange): points into wallet money at the configured rate, or points into goods from
 * the exchange catalogue (taken from stock into the member's depot). One transaction each.
 */
export function createExchangeService(
  db: Db,
  loyalty: LoyaltyService,
  inventory: InventoryService,
  shops: ShopsService,
  depot: Pick<DepotService, "deposit">,
  now: () => Date = () => new Date(),
) {
  const setting = (key: SettingKey) => shops.numberSetting(key);
  const view = (e: typeof exchanges.$inferSelect): ExchangeView => ({
    id: e.id,
    kind: e.kind,
    title: e.title,
    points: e.points,
    wallet_amount: e.walletAmount,
    qty: e.qty,
    status: e.status,
    status_label: "已完成",
    created_at: e.createdAt.toISOString(),
  });

  return {
    async selfOptions(memberId: number): Promise<ExchangeSelfView> {
      return {
        points_per_dollar: await setting("exchange_points_per_dollar"),
        minimum_points: await setting("exchange_minimum_points"),
        points: (await loyalty.balances(memberId)).points,
      };
    },

    async catalogue(): Promise<ExchangeItemView[]> {
      const rows = await db.select().from(exchangeItems).where(eq(exchangeItems.active, true)).orderBy(exchangeItems.points);
      return rows.map((r) => ({ id: r.id, title: r.title, image: r.image, points: r.points }));
    },

    async toWallet(memberId: number, points: number): Promise<ExchangeView> {
      const rate = await setting("exchange_points_per_dollar");
      const minimum = await setting("exchange_minimum_points");
      if (points < minimum)
        throw badRequest("POINTS_BELOW_MINIMUM", `最少兌換 ${minimum} 點`, [
          { field: "points", message: `最少兌換 ${minimum} 點` },
        ]);
      if (points % rate !== 0)
        throw badRequest("POINTS_NOT_MULTIPLE_OF_RATE", `點數需為 ${rate} 的倍數`, [
          { field: "points", message: `點數需為 ${rate} 的倍數` },
        ]);
      const amount = points / rate;
      const row = await db.transaction(async (tx) => {
        const [e] = await tx
          .insert(exchanges)
          .values({
            memberId,
            kind: "self",
            points,
            walletAmount: amount,
            status: "completed",
            title: `點數兌換錢包 ${formatMoney(amount)}`,
            createdAt: now(),
          })
          .returning();
        if (!e) throw new Error("exchange insert returned nothing");
        await loyalty.changePoints(tx, memberId, -points, `兌換錢包 #${e.id}`, `exchange:${e.id}`);
        await loyalty.changeWallet(tx, memberId, amount, `點數兌換 #${e.id}`, `exchange:${e.id}`);
        return e;
      });
      return view(row);
    },

    async toGoods(memberId: number, itemId: number, qty: number): Promise<ExchangeView> {
      const [item] = await db
        .select()
        .from(exchangeItems)
        .where(and(eq(exchangeItems.id, itemId), eq(exchangeItems.active, true)));
      if (!item) throw notFound("EXCHANGE_ITEM_NOT_FOUND", "找不到此兌換商品");
      const row = await db.transaction(async (tx) => {
        const [e] = await tx
          .insert(exchanges)
          .values({
            memberId,
            kind: "company",
            points: item.points * qty,
            itemId,
            qty,
            status: "completed",
            title: `${item.title} × ${qty}`,
            createdAt: now(),
          })
          .returning();
        if (!e) throw new Error("exchange insert returned nothing");
        const ref = `exchange:${e.id}`;
        await loyalty.changePoints(tx, memberId, -item.points * qty, `兌換商品 ${item.title} × ${qty}`, ref);
        await inventory.reserve(tx, [{ variantId: item.variantId, qty }], ref);
        await depot.deposit(tx, memberId, [{ variantId: item.variantId, qty }], ref);
        return e;
      });
      return view(row);
    },

    async list(memberId: number): Promise<ExchangeView[]> {
      const rows = await db
        .select()
        .from(exchanges)
        .where(eq(exchanges.memberId, memberId))
        .orderBy(desc(exchanges.id))
        .limit(100);
      return rows.map(view);
    },
  };
}

export type ExchangeService = ReturnType<typeof createExchangeService>;
