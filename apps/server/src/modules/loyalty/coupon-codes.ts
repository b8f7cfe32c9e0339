import { formatDate, formatDateTime } from "@shop/contract/format";
import { and, count, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { couponCodes, couponRedemptions, coupons } from "../../db/schema/index.js";
import { conflict, unprocessable } from "../../lib/errors.js";
import type { UsableCoupon } from "./coupons.js";

type CouponRow = typeof coupons.$inferSelect;

/** A typed code's coupon for one member, with the uses it has left (decision 92). */
export type CodeCoupon = UsableCoupon & { couponId: number; codeId: number | null; usesLeft: number | null };

/** Far enough ahead to stand for "no end" in UsableCoupon's expiresAt (a code's coupon has no member copy). */
const NO_END = new Date("9999-12-31T00:00:00Z");

/** Refuses a coupon that cannot be used now, each reason in its own words (422). */
function checkUsable(c: CouponRow, at: Date) {
  if (!c.active) throw unprocessable("COUPON_CODE_DISABLED", "此優惠碼已停止使用");
  if (c.startsAt && c.startsAt.getTime() > at.getTime())
    throw unprocessable("COUPON_CODE_NOT_STARTED", `此優惠碼尚未開始，${formatDateTime(c.startsAt)} 起可使用`);
  if (c.endsAt && c.endsAt.getTime() <= at.getTime())
    throw unprocessable("COUPON_CODE_EXPIRED", `此優惠碼已於 ${formatDate(c.endsAt)} 到期`);
}

/** Orders holding this coupon now (released redemptions do not count): in all, and this member's. */
async function usesOf(q: Db | Tx, couponId: number, memberId: number) {
  const held = and(eq(couponRedemptions.couponId, couponId), isNull(couponRedemptions.releasedAt));
  // One after the other: inside a transaction there is one connection.
  const [all] = await q.select({ n: count() }).from(couponRedemptions).where(held);
  const [mine] = await q
    .select({ n: count() })
    .from(couponRedemptions)
    .where(and(held, eq(couponRedemptions.memberId, memberId)));
  return { all: all?.n ?? 0, mine: mine?.n ?? 0 };
}

const memberUsedUp = (c: CouponRow) =>
  unprocessable("COUPON_CODE_MEMBER_LIMIT", `此優惠碼每人限用 ${c.perMemberLimit} 次，您已使用完畢`);

/**
 * Coupon codes typed at checkout (decision 92): a shared code (coupons.code) or one of a batch of
 * single-use codes (coupon_codes). The quote looks the code up; placing the order redeems it
 * under the coupon row's lock; cancelling the order gives it back. Part of the loyalty service.
 */
export function createCouponCodes(db: Db, now: () => Date) {
  /** The coupon behind a code, and the single code's row (null for a shared code). */
  async function find(q: Db | Tx, code: string) {
    const [shared] = await q
      .select()
      .from(coupons)
      .where(and(eq(coupons.code, code), eq(coupons.issue, "shared")));
    if (shared) return { c: shared, single: null };
    const [row] = await q
      .select({ c: coupons, single: couponCodes })
      .from(couponCodes)
      .innerJoin(coupons, eq(coupons.id, couponCodes.couponId))
      .where(and(eq(couponCodes.code, code), eq(coupons.issue, "single")));
    return row ?? null;
  }

  return {
    /** The code's coupon for this member (422 with the reason when it cannot be used). */
    async codeCoupon(memberId: number, code: string): Promise<CodeCoupon> {
      const found = code ? await find(db, code) : null;
      if (!found) throw unprocessable("COUPON_CODE_NOT_FOUND", "查無此優惠碼，請確認後再輸入");
      const { c, single } = found;
      checkUsable(c, now());
      if (single?.usedOrderNo) throw unprocessable("COUPON_CODE_USED", "此優惠碼已被使用");
      const uses = await usesOf(db, c.id, memberId);
      const mineLeft = c.perMemberLimit - uses.mine;
      if (mineLeft <= 0) throw memberUsedUp(c);
      const totalLeft = c.totalLimit === null ? null : Math.max(0, c.totalLimit - uses.all);
      return {
        id: c.id,
        title: `${c.title}（${code}）`,
        kind: c.kind,
        value: c.value,
        minSpend: c.minSpend,
        productIds: c.productIds,
        categoryIds: c.categoryIds,
        expiresAt: c.endsAt ?? NO_END,
        couponId: c.id,
        codeId: single?.id ?? null,
        usesLeft: totalLeft === null ? mineLeft : Math.min(totalLeft, mineLeft),
      };
    },

    /**
     * Redeems a code for an order inside the order's transaction: locks the coupon row (so two
     * orders count one after the other), checks it again, counts its uses in all and the
     * member's, records the redemption and, for a single-use code, takes the code by a
     * conditional update. 409 when another order took the last use meanwhile. Returns the
     * redemption's id (the order keeps it).
     */
    async redeemCode(tx: Tx, r: { couponId: number; codeId: number | null; memberId: number; orderNo: string }) {
      const [c] = await tx.select().from(coupons).where(eq(coupons.id, r.couponId)).for("update");
      if (!c) throw conflict("COUPON_CODE_NOT_FOUND", "查無此優惠碼，請確認後再輸入");
      checkUsable(c, now());
      const uses = await usesOf(tx, c.id, r.memberId);
      if (uses.mine >= c.perMemberLimit)
        throw conflict("COUPON_CODE_MEMBER_LIMIT", `此優惠碼每人限用 ${c.perMemberLimit} 次，您已使用完畢`);
      if (c.totalLimit !== null && uses.all >= c.totalLimit)
        throw conflict("COUPON_CODE_USED_UP", "此優惠碼已達使用上限，請移除優惠碼後再結帳");
      if (r.codeId !== null) {
        const taken = await tx
          .update(couponCodes)
          .set({ usedOrderNo: r.orderNo, usedAt: now() })
          .where(and(eq(couponCodes.id, r.codeId), eq(couponCodes.couponId, c.id), isNull(couponCodes.usedOrderNo)))
          .returning({ id: couponCodes.id });
        if (taken.length === 0) throw conflict("COUPON_CODE_USED", "此優惠碼已被使用，請移除優惠碼後再結帳");
      }
      const [row] = await tx
        .insert(couponRedemptions)
        .values({ couponId: c.id, memberId: r.memberId, orderNo: r.orderNo, codeId: r.codeId, createdAt: now() })
        .returning({ id: couponRedemptions.id });
      return (row as { id: number }).id;
    },

    /** Gives a cancelled order's code back: its redemption no longer counts and its single code is free again. */
    async releaseCode(tx: Tx, orderNo: string) {
      const released = await tx
        .update(couponRedemptions)
        .set({ releasedAt: now() })
        .where(and(eq(couponRedemptions.orderNo, orderNo), isNull(couponRedemptions.releasedAt)))
        .returning({ codeId: couponRedemptions.codeId });
      const codeId = released[0]?.codeId;
      if (codeId != null)
        await tx
          .update(couponCodes)
          .set({ usedOrderNo: null, usedAt: null })
          .where(and(eq(couponCodes.id, codeId), eq(couponCodes.usedOrderNo, orderNo)));
    },
  };
}
