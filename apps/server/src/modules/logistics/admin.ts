import type { shipMethodInput } from "@shop/contract/admin";
import { asc, eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { shipMethods } from "../../db/schema/index.js";
import { adminTable } from "../../lib/admin-table.js";

const view = (m: typeof shipMethods.$inferSelect) => ({
  id: m.id,
  shop_id: m.shopId,
  code: m.code,
  name: m.name,
  fee: m.fee,
  free_threshold: m.freeThreshold,
  enabled: m.enabled,
  sort: m.sort,
  rates: m.rates ?? null,
});

/** Ship methods' fees and free-shipping thresholds per shop; the set of carriers itself is fixed. */
export function createLogisticsAdmin(db: Db) {
  const table = adminTable(db, {
    table: shipMethods,
    missing: "找不到此配送方式",
    view,
    columns: (m: z.infer<typeof shipMethodInput>) => ({
      name: m.name,
      fee: m.fee,
      freeThreshold: m.free_threshold,
      enabled: m.enabled,
      sort: m.sort,
      // Absent: the table stays as it is; null: back to one flat fee.
      ...(m.rates !== undefined ? { rates: m.rates } : {}),
    }),
    orderBy: [asc(shipMethods.shopId), asc(shipMethods.sort), asc(shipMethods.id)] as SQL[],
  });
  return {
    list: (shopId: number | undefined, page: number, perPage: number) =>
      table.list(shopId ? eq(shipMethods.shopId, shopId) : undefined, page, perPage),
    get: table.get,
    update: table.update,
  };
}
export type LogisticsAdmin = ReturnType<typeof createLogisticsAdmin>;
