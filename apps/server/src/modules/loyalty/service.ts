import { and, eq, gt, gte, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  coupons,
  depotEntries,
  loyaltyAccounts,
  memberCoupons,
  pointEntries,
  shopSettings,
  walletEntries,
} from "../../db/schema/index.js";
import { conflict } from "../../lib/errors.js";
import { MAIN_SHOP_ID } from "../shops/service.js";

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

type Ledger = typeof pointEntries | typeof walletEntries;

/**
 * Points and wallet as ledgers with balances, and members' coupons. Balances change only here,
 * inside the caller's transaction, together with their entry; the entry's ref is unique per
 * member, so applying the same cause twice is refused by the database.
 */
export function createLoyaltyService(db: Db, now: () => Date = () => new Date()) {
  async function setting(key: string, fallback: number): Promise<number> {
    const [row] = await db
      .select()
      .from(shopSettings)
      .where(and(eq(shopSettings.shopId, MAIN_SHOP_ID), eq(shopSettings.key, key)));
    const n = Number(row?.value);
    return Number.isFinite(n) ? n : fallback;
  }

  async function change(tx: Tx, kind: "points" | "wallet", memberId: number, delta: number, reason: string, ref: string) {
    if (!Number.isInteger(delta) || delta === 0) throw new Error(`bad ${kind} delta ${delta}`);
    const ledger: Ledger = kind === "points" ? pointEntries : walletEntries;
    const column = kind === "points" ? loyaltyAccounts.points : loyaltyAccounts.wallet;
    await tx.insert(loyaltyAccounts).values({ memberId }).onConflictDoNothing();
    const updated = await tx
      .update(loyaltyAccounts)
      .set({ [kind]: sql`${column} + ${delta}` })
      .where(and(eq(loyaltyAccounts.memberId, memberId), gte(column, -delta)))
      .returning({ memberId: loyaltyAccounts.memberId });
    if (updated.length === 0) throw conflict(kind === "points" ? "點數不足" : "錢包餘額不足");
    await tx.insert(ledger).values({ memberId, delta, reason, ref });
  }

  return {
    async teamPointPercent(): Promise<{ level1: number; level2: number }> {
      return { level1: await setting("team_point_level1", 0), level2: await setting("team_point_level2", 0) };
    },

    /** The most points one order may use (decided: set in the back office). */
    pointsCapPerOrder: () => setting("points_cap_per_order", 0),

    async balances(memberId: number, q: Db | Tx = db): Promise<{ points: number; wallet: number }> {
      const [row] = await q.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.memberId, memberId));
      return { points: row?.points ?? 0, wallet: row?.wallet ?? 0 };
    },

    /** Adds (positive) or takes (negative) points; throws 409 when the balance would go below zero. */
    changePoints: (tx: Tx, memberId: number, delta: number, reason: string, ref: string) =>
      change(tx, "points", memberId, delta, reason, ref),
    changeWallet: (tx: Tx, memberId: number, delta: number, reason: string, ref: string) =>
      change(tx, "wallet", memberId, delta, reason, ref),

    /** Members whose balance differs from the sum of their ledger (should always be none). */
    async unbalanced(): Promise<number[]> {
      const rows = await db.execute(sql`
        select a.member_id as id from ${loyaltyAccounts} a
        where a.points <> coalesce((select sum(delta) from ${pointEntries} p where p.member_id = a.member_id), 0)
           or a.wallet <> coalesce((select sum(delta) from ${walletEntries} w where w.member_id = a.member_id), 0)`);
      return (rows as unknown as { rows: Array<{ id: number }> }).rows.map((r) => r.id);
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
      if (used.length === 0) throw conflict("優惠券已使用或已過期");
    },

    /** Gives a cancelled order's coupon back. */
    async restoreCoupon(tx: Tx, orderNo: string) {
      await tx.update(memberCoupons).set({ usedOrderNo: null, usedAt: null }).where(eq(memberCoupons.usedOrderNo, orderNo));
    },

    /** Puts paid depot-order goods into the member's cloud depot. */
    async depositToDepot(tx: Tx, memberId: number, lines: Array<{ variantId: number; qty: number }>, ref: string) {
      if (lines.length === 0) return;
      await tx
        .insert(depotEntries)
        .values(lines.map((l) => ({ memberId, variantId: l.variantId, qty: l.qty, reason: "訂單入庫", ref })));
    },

    /** Takes a cancelled depot order's goods back out of the depot. */
    async withdrawFromDepot(tx: Tx, ref: string) {
      const rows = await tx.select().from(depotEntries).where(eq(depotEntries.ref, ref));
      const back = rows.filter((r) => r.qty > 0);
      if (back.length === 0) return;
      await tx.insert(depotEntries).values(
        back.map((r) => ({
          memberId: r.memberId,
          variantId: r.variantId,
          qty: -r.qty,
          reason: "訂單退款出庫",
          ref: `${ref}:reversal`,
        })),
      );
    },

    /** Issues coupons to a member (demo data, back office). */
    async issueCoupons(tx: Tx, memberId: number, couponIds: number[], expiresAt: Date) {
      if (couponIds.length === 0) return;
      const exists = await tx.select({ id: coupons.id }).from(coupons).where(inArray(coupons.id, couponIds));
      await tx.insert(memberCoupons).values(exists.map((c) => ({ memberId, couponId: c.id, expiresAt })));
    },
  };
}

export type LoyaltyService = ReturnType<typeof createLoyaltyService>;
