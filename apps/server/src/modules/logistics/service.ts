import type { ShipMethodView } from "@shop/contract";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { shipMethods } from "../../db/schema/index.js";
import { MAIN_SHOP_ID } from "../shops/service.js";

export function createLogisticsService(db: Db) {
  return {
    /** Enabled ship methods of a shop (a sub-mall without its own uses the main mall's). */
    async shipMethods(shopId: number): Promise<ShipMethodView[]> {
      const load = (id: number) =>
        db
          .select({
            code: shipMethods.code,
            name: shipMethods.name,
            fee: shipMethods.fee,
            free_threshold: shipMethods.freeThreshold,
          })
          .from(shipMethods)
          .where(and(eq(shipMethods.shopId, id), eq(shipMethods.enabled, true)))
          .orderBy(asc(shipMethods.sort), asc(shipMethods.id));
      const own = await load(shopId);
      return own.length > 0 || shopId === MAIN_SHOP_ID ? own : load(MAIN_SHOP_ID);
    },
  };
}

export type LogisticsService = ReturnType<typeof createLogisticsService>;
