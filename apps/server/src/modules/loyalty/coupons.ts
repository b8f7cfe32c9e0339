import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { coupons, memberCoupons } from "../../db/schema/index.js";
import { conflict } from "../../lib/errors.js";

export interface UsableCoupon {
  /** The member coupon's id (what checkout sends as coupon_id). */
  id: number;
  title: string;
  kind: "amount" | "percent";
  value: number;
  minSpend: number;
  productIds: number[];
  categoryIds: number[];
  expiresAt: Date;
}

/** A member's coupons: listed by state, offered at checkout, used by an order and given back. Part of the loyalty service. */
export function createMemberCoupons(db: Db, now: () => Date) {
  return {
    /** The member's coupons in one state: available (unused, valid), used, or expired unused. */
    async couponsIn(memberId: number, state: "available" | "used" | "expired") {
      const rows = await db
        .select({ mc: memberCoupons, c: coupons })
        .from(memberCoupons)
        .innerJoin(coupons, eq(coupons.id, memberCoupons.couponId))
        .where(eq(memberCoupons.memberId, memberId))
        .orderBy(memberCoupons.expiresAt);
      const at = now().getTime();
      return rows
        .map(({ mc, c }) => ({
          id: mc.id,
          title: c.title,
          kind: c.kind,
          value: c.value,
          min_spend: c.minSpend,
          expires_at: mc.expiresAt.toISOString(),
          used_order_no: mc.usedOrderNo,
          state: (mc.usedOrderNo ? "used" : mc.expiresAt.getTime() <= at ? "expired" : "available") as
            | "available"
            | "used"
            | "expired",
        }))
        .filter((c) => c.state === state);
    },

    /** The member's coupons that are unused and unexpired. */
    async usableCoupons(memberId: number, q: Db | Tx = db): Promise<UsableCoupon[]> {
      const rows = await q
        .select({ mc: memberCoupons, c: coupons })
        .from(memberCoupons)
        .innerJoin(coupons, eq(coupons.id, memberCoupons.couponId))
        .where(and(eq(memberCoupons.memberId, memberId), isNull(memberCoupons.usedOrderNo), gt(memberCoupons.expiresAt, now())));
      return rows.map(({ mc, c }) => ({
        id: mc.id,
        title: c.title,
        kind: c.kind,
        value: c.value,
        minSpend: c.minSpend,
        productIds: c.productIds,
        categoryIds: c.categoryIds,
        expiresAt: mc.expiresAt,
      }));
    },

    /** Marks a coupon used by an order; 409 when it was used meanwhile (a twin order won). */
    async useCoupon(tx: Tx, memberId: number, memberCouponId: number, orderNo: string) {
      const used = await tx
        .update(memberCoupons)
        .set({ usedOrderNo: orderNo, usedAt: now() })
        .where(
          and(
            eq(memberCoupons.id, memberCouponId),
            eq(memberCoupons.memberId, memberId),
            isNull(memberCoupons.usedOrderNo),
            gt(memberCoupons.expiresAt, now()),
          ),
        )
        .returning({ id: memberCoupons.id });
      if (used.length === 0) throw conflict("COUPON_UNAVAILABLE", "優惠券已使用或已過期");
    },

    /** Gives a cancelled order's coupon back. */
    async restoreCoupon(tx: Tx, orderNo: string) {
      await tx.update(memberCoupons).set({ usedOrderNo: null, usedAt: null }).where(eq(memberCoupons.usedOrderNo, orderNo));
    },

    /** Issues coupons to a member (demo data, back office). */
    async issueCoupons(tx: Tx, memberId: number, couponIds: number[], expiresAt: Date) {
      if (couponIds.length === 0) return;
      const exists = await tx.select({ id: coupons.id }).from(coupons).where(inArray(coupons.id, couponIds));
      await tx.insert(memberCoupons).values(exists.map((c) => ({ memberId, couponId: c.id, expiresAt })));
    },
  };
}
