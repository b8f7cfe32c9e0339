import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { shopSettings } from "../../db/schema/index.js";
import { MAIN_SHOP_ID } from "../shops/service.js";

/** Loyalty settings (team point percentages…) live in the main mall's settings. */
export function createLoyaltyService(db: Db) {
  return {
    async teamPointPercent(): Promise<{ level1: number; level2: number }> {
      const rows = await db
        .select()
        .from(shopSettings)
        .where(and(eq(shopSettings.shopId, MAIN_SHOP_ID), inArray(shopSettings.key, ["team_point_level1", "team_point_level2"])));
      const get = (k: string) => Number(rows.find((r) => r.key === k)?.value ?? 0);
      return { level1: get("team_point_level1"), level2: get("team_point_level2") };
    },
  };
}

export type LoyaltyService = ReturnType<typeof createLoyaltyService>;
