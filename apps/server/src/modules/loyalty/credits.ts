import { formatDate } from "@shop/contract/format";
import { and, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { monthlySpend, monthPurchases, monthSettlements, pointEntries, walletEntries } from "../../db/schema/index.js";
import { badRequest } from "../../lib/errors.js";
import { balances, change, type Ledger, type LoyaltyDeps } from "./ledgers.js";

/** "2026-11" for a moment in Asia/Taipei. */
export function taipeiMonth(at: Date): string {
  return formatDate(at).slice(0, 7).replace("/", "-");
}

export interface CompletedOrder {
  orderNo: string;
  memberId: number;
  goodsAmount: number;
  discountTotal: number;
  pointsUsed: number;
  /** The member tier's points multiplier when ordered (decision 94): 100 = ×1; absent: ×1. */
  pointsMultiplier?: number;
  lines: Array<{ price: number; qty: number; pointPercent: number }>;
}

/** Own points for a completed order: per line on its share of what was paid for goods, × the tier's multiplier, floored. */
export function ownPoints(
  o: Pick<CompletedOrder, "goodsAmount" | "discountTotal" | "pointsUsed" | "pointsMultiplier" | "lines">,
) {
  const base = Math.max(0, o.goodsAmount - o.discountTotal - o.pointsUsed);
  let earned = 0;
  for (const l of o.lines) {
    const share = o.goodsAmount === 0 ? 0 : Math.floor((l.price * l.qty * base) / o.goodsAmount);
    earned += Math.floor((share * l.pointPercent) / 100);
  }
  return Math.floor((earned * (o.pointsMultiplier ?? 100)) / 100);
}

/** The team points a member earned (decision 94 shows them): per level, net of what refunds took back. */
export async function teamEarned(q: Db | Tx, memberId: number): Promise<{ earned1: number; earned2: number }> {
  const sum = (level: 1 | 2) =>
    sql<number>`coalesce(sum(${pointEntries.delta}) filter (where ${pointEntries.ref} ~ ${`^order:[^:]+:team${level}(:reversal:[0-9]+)?$`}), 0)::int`;
  const [row] = await q
    .select({ earned1: sum(1), earned2: sum(2) })
    .from(pointEntries)
    .where(and(eq(pointEntries.memberId, memberId), sql`${pointEntries.ref} like 'order:%:team%'`));
  return { earned1: Number(row?.earned1 ?? 0), earned2: Number(row?.earned2 ?? 0) };
}

export async function spendIn(q: Db | Tx, memberId: number, month: string): Promise<number> {
  const [row] = await q
    .select()
    .from(monthlySpend)
    .where(and(eq(monthlySpend.memberId, memberId), eq(monthlySpend.month, month)));
  return row?.amount ?? 0;
}

/**
 * Team points for one purchase to its two upline levels, each only if that upline qualifies for
 * `month`; credits that exist already are skipped. Returns the points credited.
 */
async function creditTeam(deps: LoyaltyDeps, tx: Tx, p: { orderNo: string; memberId: number; amount: number }, month: string) {
  const { setting, uplineOf, canEarn } = deps;
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

/**
 * Completion credits (decision 19): own points per line on the money paid for
 * goods (× the member tier's multiplier, decision 94), the month's qualifying spend, and team points to two upline levels that qualify.
 */
export async function creditOrder(deps: LoyaltyDeps, tx: Tx, o: CompletedOrder) {
  const base = Math.max(0, o.goodsAmount - o.discountTotal - o.pointsUsed);
  const month = taipeiMonth(deps.now());
  const earned = ownPoints(o);
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
  await creditTeam(deps, tx, { orderNo: o.orderNo, memberId: o.memberId, amount: base }, month);
}

/**
 * A refund after completion takes back the credits' share of what was refunded: `soFar` of
 * `whole` (goods after discounts) by this and earlier refunds, everything on the `final` one.
 * Each credit is taken back as far as the balance allows (never below zero); what could not
 * be taken is tried again at the next refund. The month's qualifying spend shrinks the same way.
 */
export async function reverseOrderCredits(
  deps: Pick<LoyaltyDeps, "now">,
  tx: Tx,
  orderNo: string,
  share: { seq: number; soFar: number; whole: number; final: boolean },
) {
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
      const balance = (await balances(tx, c.memberId))[kind];
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
    .set({ returned: purchase.returned + less, ...(share.final ? { returnedAt: deps.now() } : {}) })
    .where(eq(monthPurchases.orderNo, orderNo));
  if (less > 0) {
    await tx
      .update(monthlySpend)
      .set({ amount: sql`greatest(0, ${monthlySpend.amount} - ${less})` })
      .where(and(eq(monthlySpend.memberId, purchase.memberId), eq(monthlySpend.month, purchase.month)));
  }
}

/**
 * Month-end settlement of a finished month (Asia/Taipei): team points for that month's orders
 * whose upline qualified only after the order completed. Safe to run again: each credit's ref
 * is unique per member, and what exists is skipped.
 */
export async function settleMonth(
  deps: LoyaltyDeps,
  month: string,
): Promise<{ month: string; qualified_members: number; team_points_credited: number }> {
  const { db, now, setting } = deps;
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
    for (const p of purchases) credited += await creditTeam(deps, tx, { ...p, amount: p.amount - p.returned }, month);
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
}

/** Settles the previous month if it has not been settled yet (the scheduled job). */
export async function settleDueMonth(deps: LoyaltyDeps) {
  const [y, m] = taipeiMonth(deps.now()).split("-").map(Number) as [number, number];
  const previous = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
  const [done] = await deps.db.select().from(monthSettlements).where(eq(monthSettlements.month, previous));
  return done ? null : settleMonth(deps, previous);
}

/** This month's qualifying spend against the monthly-member threshold. */
export async function monthMember(deps: LoyaltyDeps, memberId: number) {
  const month = taipeiMonth(deps.now());
  const threshold = await deps.setting("monthly_member_threshold");
  const counted = await spendIn(deps.db, memberId, month);
  return { month, threshold, counted, remaining: Math.max(0, threshold - counted), qualified: counted >= threshold };
}
