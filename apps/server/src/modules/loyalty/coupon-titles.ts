import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { coupons } from "../../db/schema/index.js";

/** Coupons by name, for rewards that give one (decision 95). Part of the loyalty service. */
export function createCouponTitles(db: Db) {
  return {
    async couponTitles(ids: number[]) {
      if (ids.length === 0) return new Map<number, string>();
      const rows = await db.select({ id: coupons.id, title: coupons.title }).from(coupons).where(inArray(coupons.id, ids));
      return new Map(rows.map((r) => [r.id, r.title]));
    },
    /** Coupons staff may give as a reward: issued to members (not typed codes), switched on; newest first. */
    async rewardCoupons() {
      return db
        .select({ id: coupons.id, title: coupons.title })
        .from(coupons)
        .where(and(eq(coupons.issue, "issued"), eq(coupons.active, true)))
        .orderBy(desc(coupons.id))
        .limit(200);
    },
  };
}
