import type { SettingKey } from "@shop/contract/admin";
import { and, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  loyaltyAccounts,
  monthlySpend,
  monthPurchases,
  monthSettlements,
  pointEntries,
  walletEntries,
} from "../../db/schema/index.js";
import { badRequest, conflict } from "../../lib/errors.js";
import { createMemberCoupons } from "./coupons.js";

type Ledger = typeof pointEntries | typeof walletEntries;

/**
 * Points and wallet as ledgers with balances, and members' coupons. Balances change only here,
 * inside the caller's transaction, together with their entry; the entry's ref is unique per
 * member, so applying the same cause twice is refused by the database.
 */
/** "2026-11" for a moment in Asia/Taipei. */
export function taipeiMonth(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Taipei", year: "numeric", month: "2-digit" }).format(at).slice(0, 7);
}

export interface CompletedOrder {
  orderNo: string;
  memberId: number;
  goodsAmount: number;
  discountTotal: number;
  pointsUsed: number;
  lines: Array<{ price: number; qty: number; pointPercent: number }>;
}

/** Who referred a member (the members module answers). */
export type UplineOf = (q: Db | Tx, memberId: number) => Promise<number | null>;

/** A main-mall whole-number setting, read inside the caller's transaction when given (the shops module answers). */
export type NumberSetting = (key: SettingKey, q?: Db | Tx) => Promise<number>;

export function createLoyaltyService(
  db: Db,
  setting: NumberSetting,
  now: () => Date = () => new Date(),
  uplineOf: UplineOf = async () => null,
  /** False for a closed account (decision 78): it earns no team points; the chain above it still does. */
  canEarn: (q: Db | Tx, memberId: number) => Promise<boolean> = async () => true,
) {
  async function change(tx: Tx, kind: "points" | "wallet", memberId: number, delta: number, reason: string, ref: string) {
    if (!Number.isInteger(delta) || delta === 0) throw new Error(`bad ${kind} delta ${delta}`);
    const ledger: Ledger = kind === "points" ? pointEntries : walletEntries;
    const column = kind === "points" ? loyaltyAccounts.points : loyaltyAccounts.wallet;
    await tx.insert(loyaltyAccounts).values({ memberId }).onConflictDoNothing();
    // Locks the account row when the balance covers the change; the entry's insert trigger then
    // moves the balance (migration 0015: balances change only through entries, never below zero).
    const covered = await tx
      .update(loyaltyAccounts)
      .set({ memberId })
      .where(and(eq(loyaltyAccounts.memberId, memberId), gte(column, -delta)))
      .returning({ memberId: loyaltyAccounts.memberId });
    if (covered.length === 0)
      throw kind === "points"
        ? conflict("INSUFFICIENT_POINTS", "點數不足")
        : conflict("INSUFFICIENT_WALLET_BALANCE", "錢包餘額不足");
    await tx.insert(ledger).values({ memberId, delta, reason, ref });
  }

  /**
   * Team points for one purchase to its two upline levels, each only if that upline qualifies for
   * `month`; credits that exist already are skipped. Returns the points credited.
   */
  async function creditTeam(tx: Tx, p: { orderNo: string; memberId: number; amount: number }, month: string) {
    const threshold = await setting("monthly_member_threshold", tx);
    const percents = [await setting("team_point_level1", tx), await setting("team_point_level2", tx)];
    let credited = 0;
    let upline = await uplineOf(tx, p.memberId);
    for (const [i, percent] of percents.entries()) {
      if (upline === null) break;
      const level = i + 1;
      const team = Math.floor((p.amount * percent) / 100);
      const ref = `order:${p.orderNo}:team${level}`;
      if (team > 0 && (await spendIn(tx, upline, month)) >= threshold && (await canEarn(tx, upline))) {
        const [exists] = await tx
          .select({ id: pointEntries.id })
          .from(pointEntries)
          .where(and(eq(pointEntries.memberId, upline), eq(pointEntries.ref, ref)));
        if (!exists) {
          await change(tx, "points", upline, team, `團隊點數（第 ${level} 代）訂單 ${p.orderNo}`, ref);
          credited += team;
        }
      }
      upline = await uplineOf(tx, upline);
    }
    return credited;
  }

  async function spendIn(q: Db | Tx, memberId: number, month: string): Promise<number> {
    const [row] = await q
      .select()
      .from(monthlySpend)
      .where(and(eq(monthlySpend.memberId, memberId), eq(monthlySpend.month, month)));
    return row?.amount ?? 0;
  }

  return {
    ...createMemberCoupons(db, now),
    async teamPointPercent(): Promise<{ level1: number; level2: number }> {
      return { level1: await setting("team_point_level1"), level2: await setting("team_point_level2") };
    },

    /** The monthly-member threshold (NT$ of completed purchases in a calendar month). */
    monthlyThreshold: () => setting("monthly_member_threshold"),

    monthSpend: (memberId: number, month: string, q: Db | Tx = db) => spendIn(q, memberId, month),

    /**
     * Completion credits (decision 19): own points per line on the money paid for
     * goods, the month's qualifying spend, and team points to two upline levels that qualify.
     */
    async creditOrder(tx: Tx, o: CompletedOrder) {
      const base = Math.max(0, o.goodsAmount - o.discountTotal - o.pointsUsed);
      const month = taipeiMonth(now());
      let earned = 0;
      for (const l of o.lines) {
        const share = o.goodsAmount === 0 ? 0 : Math.floor((l.price * l.qty * base) / o.goodsAmount);
        earned += Math.floor((share * l.pointPercent) / 100);
      }
      if (base > 0) {
        const recorded = await tx
          .insert(monthPurchases)
          .values({ orderNo: o.orderNo, memberId: o.memberId, month, amount: base })
          .onConflictDoNothing()
          .returning({ orderNo: monthPurchases.orderNo });
        if (recorded.length > 0) {
          await tx
            .insert(monthlySpend)
            .values({ memberId: o.memberId, month, amount: base })
            .onConflictDoUpdate({
              target: [monthlySpend.memberId, monthlySpend.month],
              set: { amount: sql`${monthlySpend.amount} + ${base}` },
            });
        }
      }
      const ref = `order:${o.orderNo}`;
      if (earned > 0) await change(tx, "points", o.memberId, earned, `訂單 ${o.orderNo} 完成回饋`, `${ref}:earn`);
      await creditTeam(tx, { orderNo: o.orderNo, memberId: o.memberId, amount: base }, month);
    },

    /** A completed sub-mall order's commission into its seller's wallet (once per order). */
    async creditCommission(tx: Tx, c: { orderNo: string; sellerId: number; amount: number }) {
      await change(tx, "wallet", c.sellerId, c.amount, `商城分潤 訂單 ${c.orderNo}`, `order:${c.orderNo}:commission`);
    },

    /**
     * A refund after completion takes back the credits' share of what was refunded: `soFar` of
     * `whole` (goods after discounts) by this and earlier refunds, everything on the `final` one.
     * Each credit is taken back as far as the balance allows (never below zero); what could not
     * be taken is tried again at the next refund. The month's qualifying spend shrinks the same way.
     */
    async reverseOrderCredits(tx: Tx, orderNo: string, share: { seq: number; soFar: number; whole: number; final: boolean }) {
      const ref = `order:${orderNo}`;
      const part = (n: number) =>
        share.final || share.whole === 0 ? n : Math.floor((n * Math.min(share.soFar, share.whole)) / share.whole);
      const reverse = async (kind: "points" | "wallet", ledger: Ledger, refs: string[], label: string) => {
        const credits = await tx.select().from(ledger).where(inArray(ledger.ref, refs));
        for (const c of credits) {
          const [taken] = await tx
            .select({ n: sql<number>`coalesce(-sum(${ledger.delta}), 0)::int` })
            .from(ledger)
            .where(and(eq(ledger.memberId, c.memberId), sql`${ledger.ref} like ${`${c.ref}:reversal%`}`));
          const balance = (await this.balances(c.memberId, tx))[kind];
          const back = Math.min(balance, part(c.delta) - Number(taken?.n ?? 0));
          if (back > 0)
            await change(tx, kind, c.memberId, -back, `訂單 ${orderNo} 退款收回${label}`, `${c.ref}:reversal:${share.seq}`);
        }
      };
      await reverse("points", pointEntries, [`${ref}:earn`, `${ref}:team1`, `${ref}:team2`], "點數");
      // The seller's shop commission comes back out of their wallet the same way.
      await reverse("wallet", walletEntries, [`${ref}:commission`], "分潤");
      const [purchase] = await tx
        .select()
        .from(monthPurchases)
        .where(and(eq(monthPurchases.orderNo, orderNo), isNull(monthPurchases.returnedAt)));
      if (!purchase) return;
      const less = part(purchase.amount) - purchase.returned;
      await tx
        .update(monthPurchases)
        .set({ returned: purchase.returned + less, ...(share.final ? { returnedAt: now() } : {}) })
        .where(eq(monthPurchases.orderNo, orderNo));
      if (less > 0) {
        await tx
          .update(monthlySpend)
          .set({ amount: sql`greatest(0, ${monthlySpend.amount} - ${less})` })
          .where(and(eq(monthlySpend.memberId, purchase.memberId), eq(monthlySpend.month, purchase.month)));
      }
    },

    /**
     * Month-end settlement of a finished month (Asia/Taipei): team points for that month's orders
     * whose upline qualified only after the order completed. Safe to run again: each credit's ref
     * is unique per member, and what exists is skipped.
     */
    async settleMonth(month: string): Promise<{ month: string; qualified_members: number; team_points_credited: number }> {
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw badRequest("INVALID_MONTH", "月份格式錯誤（YYYY-MM）");
      if (month >= taipeiMonth(now())) throw badRequest("MONTH_NOT_ENDED", "只能結算已結束的月份");
      return db.transaction(async (tx) => {
        // One settlement at a time per month: a second run waits here, then finds nothing to add.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`month-settlement:${month}`}))`);
        const purchases = await tx
          .select()
          .from(monthPurchases)
          .where(and(eq(monthPurchases.month, month), isNull(monthPurchases.returnedAt)))
          .orderBy(monthPurchases.orderNo);
        let credited = 0;
        for (const p of purchases) credited += await creditTeam(tx, { ...p, amount: p.amount - p.returned }, month);
        const threshold = await setting("monthly_member_threshold", tx);
        const [q] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(monthlySpend)
          .where(and(eq(monthlySpend.month, month), gte(monthlySpend.amount, threshold)));
        const qualified = Number(q?.n ?? 0);
        await tx
          .insert(monthSettlements)
          .values({ month, qualifiedMembers: qualified, teamPointsCredited: credited, settledAt: now() })
          .onConflictDoUpdate({
            target: monthSettlements.month,
            set: {
              qualifiedMembers: qualified,
              teamPointsCredited: sql`${monthSettlements.teamPointsCredited} + ${credited}`,
              settledAt: now(),
            },
          });
        return { month, qualified_members: qualified, team_points_credited: credited };
      });
    },

    /** Settles the previous month if it has not been settled yet (the scheduled job). */
    async settleDueMonth() {
      const [y, m] = taipeiMonth(now()).split("-").map(Number) as [number, number];
      const previous = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
      const [done] = await db.select().from(monthSettlements).where(eq(monthSettlements.month, previous));
      return done ? null : this.settleMonth(previous);
    },

    /** A ledger page, newest first, with the balance. */
    async ledger(kind: "points" | "wallet", memberId: number, page: number, perPage: number) {
      const table: Ledger = kind === "points" ? pointEntries : walletEntries;
      const mine = eq(table.memberId, memberId);
      const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(mine);
      const rows = await db
        .select()
        .from(table)
        .where(mine)
        .orderBy(sql`${table.id} desc`)
        .limit(perPage)
        .offset((page - 1) * perPage);
      const b = await this.balances(memberId);
      return {
        balance: kind === "points" ? b.points : b.wallet,
        list: rows.map((r) => ({ id: r.id, delta: r.delta, reason: r.reason, created_at: r.createdAt.toISOString() })),
        total: Number(total?.n ?? 0),
        page,
        per_page: perPage,
      };
    },

    /** Points earned and used per calendar month (Asia/Taipei), newest first. */
    async pointMonths(memberId: number) {
      const rows = await db
        .select({
          month: sql<string>`to_char(${pointEntries.createdAt} at time zone 'Asia/Taipei', 'YYYY-MM')`,
          earned: sql<number>`coalesce(sum(case when ${pointEntries.delta} > 0 then ${pointEntries.delta} end), 0)::int`,
          used: sql<number>`coalesce(-sum(case when ${pointEntries.delta} < 0 then ${pointEntries.delta} end), 0)::int`,
        })
        .from(pointEntries)
        .where(eq(pointEntries.memberId, memberId))
        .groupBy(sql`1`)
        .orderBy(sql`1 desc`);
      return rows.map((r) => ({ month: r.month, earned: Number(r.earned), used: Number(r.used) }));
    },

    async monthMember(memberId: number) {
      const month = taipeiMonth(now());
      const threshold = await setting("monthly_member_threshold");
      const counted = await this.monthSpend(memberId, month);
      return { month, threshold, counted, remaining: Math.max(0, threshold - counted), qualified: counted >= threshold };
    },

    /** The most points one order may use (decided: set in the back office). */
    pointsCapPerOrder: () => setting("points_cap_per_order"),

    /**
     * A seller's shop commission credited to their wallet, net of what refunds took back: in one
     * month ("2026-11", Asia/Taipei) and in all.
     */
    async commissionEarned(memberId: number, month: string) {
      const [row] = await db
        .select({
          month: sql<number>`coalesce(sum(${walletEntries.delta}) filter (where to_char(${walletEntries.createdAt} at time zone 'Asia/Taipei', 'YYYY-MM') = ${month}), 0)::int`,
          total: sql<number>`coalesce(sum(${walletEntries.delta}), 0)::int`,
        })
        .from(walletEntries)
        .where(and(eq(walletEntries.memberId, memberId), sql`${walletEntries.ref} like 'order:%:commission%'`));
      return { month: Number(row?.month ?? 0), total: Number(row?.total ?? 0) };
    },

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

    /**
     * Locks the member's loyalty account row for the rest of the transaction: one change at a
     * time per member for points, wallet and the cloud depot (which takes this lock, not the row).
     */
    async lockMember(tx: Tx, memberId: number) {
      await tx.insert(loyaltyAccounts).values({ memberId }).onConflictDoNothing();
      await tx.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.memberId, memberId)).for("update");
    },
  };
}

export type LoyaltyService = ReturnType<typeof createLoyaltyService>;
