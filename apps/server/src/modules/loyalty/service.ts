import type { Db, Tx } from "../../db/client.js";
import { createCouponCodes } from "./coupon-codes.js";
import { createCouponTitles } from "./coupon-titles.js";
import { createMemberCoupons } from "./coupons.js";
import {
  type CompletedOrder,
  creditOrder,
  monthMember,
  reverseOrderCredits,
  settleDueMonth,
  settleMonth,
  spendIn,
  teamEarned,
} from "./credits.js";
import {
  balances,
  change,
  commissionEarned,
  type LoyaltyDeps,
  ledgerPage,
  lockMember,
  type NumberSetting,
  pointMonths,
  type UplineOf,
  unbalanced,
} from "./ledgers.js";

// Other modules name these from the loyalty module's service.
export { type CompletedOrder, taipeiMonth } from "./credits.js";
export type { NumberSetting, UplineOf } from "./ledgers.js";

/**
 * Points and wallet as ledgers with balances, and members' coupons. Balances change only here,
 * inside the caller's transaction, together with their entry; the entry's ref is unique per
 * member, so applying the same cause twice is refused by the database. The ledgers are
 * ledgers.ts, what orders credit and the month-end settlement credits.ts, each a function
 * taking `d`.
 */
export function createLoyaltyService(
  db: Db,
  setting: NumberSetting,
  now: () => Date = () => new Date(),
  uplineOf: UplineOf = async () => null,
  /** False for a closed account (decision 78): it earns no team points; the chain above it still does. */
  canEarn: (q: Db | Tx, memberId: number) => Promise<boolean> = async () => true,
) {
  const d: LoyaltyDeps = { db, setting, now, uplineOf, canEarn };
  const memberCoupons = createMemberCoupons(db, now);
  const codes = createCouponCodes(db, now);
  return {
    ...memberCoupons,
    ...codes,
    ...createCouponTitles(db),
    /** Gives a cancelled order's coupon back: the member's issued coupon, or the typed code's use (decision 92). */
    async restoreCoupon(tx: Tx, orderNo: string) {
      await memberCoupons.restoreCoupon(tx, orderNo);
      await codes.releaseCode(tx, orderNo);
    },
    async teamPointPercent(): Promise<{ level1: number; level2: number }> {
      return { level1: await setting("team_point_level1"), level2: await setting("team_point_level2") };
    },

    /** The referral percentages and the team points the member earned by each level (decision 94). */
    async teamPoints(memberId: number) {
      const percents = { level1: await setting("team_point_level1"), level2: await setting("team_point_level2") };
      return { ...percents, ...(await teamEarned(db, memberId)) };
    },

    /** The monthly-member threshold (NT$ of completed purchases in a calendar month). */
    monthlyThreshold: () => setting("monthly_member_threshold"),

    monthSpend: (memberId: number, month: string, q: Db | Tx = db) => spendIn(q, memberId, month),

    /** Completion credits (decision 19): own points, the month's qualifying spend, team points. */
    creditOrder: (tx: Tx, o: CompletedOrder) => creditOrder(d, tx, o),

    /** A completed sub-mall order's commission into its seller's wallet (once per order). */
    async creditCommission(tx: Tx, c: { orderNo: string; sellerId: number; amount: number }) {
      await change(tx, "wallet", c.sellerId, c.amount, `商城分潤 訂單 ${c.orderNo}`, `order:${c.orderNo}:commission`);
    },

    /** A refund after completion takes back the credits' share of what was refunded. */
    reverseOrderCredits: (tx: Tx, orderNo: string, share: { seq: number; soFar: number; whole: number; final: boolean }) =>
      reverseOrderCredits(d, tx, orderNo, share),

    /** Month-end settlement of a finished month (Asia/Taipei); safe to run again. */
    settleMonth: (month: string): Promise<{ month: string; qualified_members: number; team_points_credited: number }> =>
      settleMonth(d, month),

    /** Settles the previous month if it has not been settled yet (the scheduled job). */
    settleDueMonth: () => settleDueMonth(d),

    /** A ledger page, newest first, with the balance. */
    ledger: (kind: "points" | "wallet", memberId: number, page: number, perPage: number) =>
      ledgerPage(d, kind, memberId, page, perPage),

    /** Points earned and used per calendar month (Asia/Taipei), newest first. */
    pointMonths: (memberId: number) => pointMonths(d, memberId),

    monthMember: (memberId: number) => monthMember(d, memberId),

    /** The most points one order may use (decided: set in the back office). */
    pointsCapPerOrder: () => setting("points_cap_per_order"),

    /** A seller's shop commission credited to their wallet, net of refunds: in one month and in all. */
    commissionEarned: (memberId: number, month: string) => commissionEarned(d, memberId, month),

    balances: (memberId: number, q: Db | Tx = db): Promise<{ points: number; wallet: number }> => balances(q, memberId),

    /** Adds (positive) or takes (negative) points; throws 409 when the balance would go below zero. */
    changePoints: (tx: Tx, memberId: number, delta: number, reason: string, ref: string) =>
      change(tx, "points", memberId, delta, reason, ref),
    changeWallet: (tx: Tx, memberId: number, delta: number, reason: string, ref: string) =>
      change(tx, "wallet", memberId, delta, reason, ref),

    /** Members whose balance differs from the sum of their ledger (should always be none). */
    unbalanced: (): Promise<number[]> => unbalanced(d),

    /** Locks the member's loyalty account row for the rest of the transaction (one change at a time per member). */
    lockMember: (tx: Tx, memberId: number) => lockMember(tx, memberId),
  };
}

export type LoyaltyService = ReturnType<typeof createLoyaltyService>;
