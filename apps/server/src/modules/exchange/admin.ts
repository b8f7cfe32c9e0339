import type { exchangeItemInput } from "@shop/contract/admin";
import { asc, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { exchangeItems } from "../../db/schema/index.js";
import { adminTable } from "../../lib/admin-table.js";

/** The points exchange catalogue (goods members redeem with points); the caller checks the variant. */
export function createExchangeAdmin(db: Db) {
  const table = adminTable(db, {
    table: exchangeItems,
    missing: "找不到此兌換商品",
    view: (e: typeof exchangeItems.$inferSelect) => ({
      id: e.id,
      variant_id: e.variantId,
      title: e.title,
      image: e.image,
      points: e.points,
      active: e.active,
    }),
    columns: (e: z.infer<typeof exchangeItemInput>) => ({
      variantId: e.variant_id,
      title: e.title,
      image: e.image,
      points: e.points,
      active: e.active,
    }),
    orderBy: [asc(exchangeItems.id)] as SQL[],
  });
  return {
    list: (page: number, perPage: number) => table.list(undefined, page, perPage),
    get: table.get,
    create: table.create,
    update: table.update,
  };
}
export type ExchangeAdmin = ReturnType<typeof createExchangeAdmin>;
