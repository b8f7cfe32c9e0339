import type { SettingKey } from "@shop/contract/admin";
import { and, eq, gte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { loyaltyAccounts, pointEntries, walletEntries } from "../../db/schema/index.js";
import { conflict } from "../../lib/errors.js";

export type Ledger = typeof pointEntries | typeof walletEntries;

/** Who referred a member (the members module answers). */
export type UplineOf = (q: Db | Tx, memberId: number) => Promise<number | null>;

/** A main-mall whole-number setting, read inside the caller's transaction when given (the shops module answers). */
export type NumberSetting = (key: SettingKey, q?: Db | Tx) => Promise<number>;

/** What the ledgers and the credits work with (service.ts builds it once). */
export interface LoyaltyDeps {
  db: Db;
  setting: NumberSetting;
  now: () => Date;
  uplineOf: UplineOf;
  /** False for a closed account (decision 78): it earns no team points; the chain above it still does. */
  canEarn: (q: Db | Tx, memberId: number) => Promise<boolean>;
}

/** Adds (positive) or takes (negative) points or wallet money; throws 409 when the balance would go below zero. */
export async function change(tx: Tx, kind: "points" | "wallet", memberId: number, delta: number, reason: string, ref: string) {
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

export async function balances(q: Db | Tx, memberId: number): Promise<{ points: number; wallet: number }> {
  const [row] = await q.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.memberId, memberId));
  return { points: row?.points ?? 0, wallet: row?.wallet ?? 0 };
}

/** A ledger page, newest first, with the balance. */
export async function ledgerPage(
  deps: Pick<LoyaltyDeps, "db">,
  kind: "points" | "wallet",
  memberId: number,
  page: number,
  perPage: number,
) {
  const { db } = deps;
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
  const b = await balances(db, memberId);
  return {
    balance: kind === "points" ? b.points : b.wallet,
    list: rows.map((r) => ({ id: r.id, delta: r.delta, reason: r.reason, created_at: r.createdAt.toISOString() })),
    total: Number(total?.n ?? 0),
    page,
    per_page: perPage,
  };
}

/** Points earned and used per calendar month (Asia/Taipei), newest first. */
export async function pointMonths(deps: Pick<LoyaltyDeps, "db">, memberId: number) {
  const rows = await deps.db
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
}

/**
 * A seller's shop commission credited to their wallet, net of what refunds took back: in one
 * month ("2026-11", Asia/Taipei) and in all.
 */
export async function commissionEarned(deps: Pick<LoyaltyDeps, "db">, memberId: number, month: string) {
  const [row] = await deps.db
    .select({
      month: sql<number>`coalesce(sum(${walletEntries.delta}) filter (where to_char(${walletEntries.createdAt} at time zone 'Asia/Taipei', 'YYYY-MM') = ${month}), 0)::int`,
      total: sql<number>`coalesce(sum(${walletEntries.delta}), 0)::int`,
    })
    .from(walletEntries)
    .where(and(eq(walletEntries.memberId, memberId), sql`${walletEntries.ref} like 'order:%:commission%'`));
  return { month: Number(row?.month ?? 0), total: Number(row?.total ?? 0) };
}

/** Members whose balance differs from the sum of their ledger (should always be none). */
export async function unbalanced(deps: Pick<LoyaltyDeps, "db">): Promise<number[]> {
  const rows = await deps.db.execute(sql`
        select a.member_id as id from ${loyaltyAccounts} a
        where a.points <> coalesce((select sum(delta) from ${pointEntries} p where p.member_id = a.member_id), 0)
           or a.wallet <> coalesce((select sum(delta) from ${walletEntries} w where w.member_id = a.member_id), 0)`);
  return (rows as unknown as { rows: Array<{ id: number }> }).rows.map((r) => r.id);
}

/**
 * Locks the member's loyalty account row for the rest of the transaction: one change at a
 * time per member for points, wallet and the cloud depot (which takes this lock, not the row).
 */
export async function lockMember(tx: Tx, memberId: number) {
  await tx.insert(loyaltyAccounts).values({ memberId }).onConflictDoNothing();
  await tx.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.memberId, memberId)).for("update");
}
