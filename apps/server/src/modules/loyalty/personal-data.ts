import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { coupons, loyaltyAccounts, memberCoupons, monthlySpend, pointEntries, walletEntries } from "../../db/schema/index.js";

/**
 * The loyalty module's part of a member's personal data (decision 78): balances, the whole points and
 * wallet ledgers, coupons and monthly spend for the export. A closing account's balances are
 * forfeited through the ledger functions of the loyalty service (never here); its unused coupons
 * expire with it.
 */
export function createLoyaltyPersonalData(db: Db, now: () => Date = () => new Date()) {
  const ledger = async (table: typeof pointEntries | typeof walletEntries, memberId: number) =>
    (await db.select().from(table).where(eq(table.memberId, memberId)).orderBy(asc(table.id))).map((e) => ({
      delta: e.delta,
      reason: e.reason,
      at: e.createdAt.toISOString(),
    }));

  return {
    async exportOf(memberId: number) {
      const [account] = await db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.memberId, memberId));
      const owned = await db
        .select({ mc: memberCoupons, c: coupons })
        .from(memberCoupons)
        .innerJoin(coupons, eq(coupons.id, memberCoupons.couponId))
        .where(eq(memberCoupons.memberId, memberId))
        .orderBy(asc(memberCoupons.id));
      const spend = await db
        .select()
        .from(monthlySpend)
        .where(eq(monthlySpend.memberId, memberId))
        .orderBy(asc(monthlySpend.month));
      return {
        balances: { points: account?.points ?? 0, wallet: account?.wallet ?? 0 },
        points_ledger: await ledger(pointEntries, memberId),
        wallet_ledger: await ledger(walletEntries, memberId),
        coupons: owned.map(({ mc, c }) => ({
          title: c.title,
          kind: c.kind,
          value: c.value,
          min_spend: c.minSpend,
          received_at: mc.createdAt.toISOString(),
          expires_at: mc.expiresAt.toISOString(),
          used_order_no: mc.usedOrderNo,
          used_at: mc.usedAt?.toISOString() ?? null,
        })),
        monthly_spend: spend.map((s) => ({ month: s.month, amount: s.amount })),
      };
    },

    /** The closing member's unused coupons expire now (nobody can use them any more). */
    async expireCoupons(tx: Tx, memberId: number) {
      await tx
        .update(memberCoupons)
        .set({ expiresAt: now() })
        .where(and(eq(memberCoupons.memberId, memberId), isNull(memberCoupons.usedOrderNo), gt(memberCoupons.expiresAt, now())));
    },
  };
}
