import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { payoutAccounts, withdrawals } from "../../db/schema/index.js";
import { maskAccount } from "./service.js";

/**
 * The payout module's part of a member's personal data (decision 78): the bank account and every
 * withdrawal for the export; whether a withdrawal is still being paid (closing waits for it); and,
 * when the account closes, the bank account deleted and each paid withdrawal's copy of it reduced
 * to the bank and the account's last four digits (the shop's record of where the money went).
 */
export function createPayoutPersonalData(db: Db) {
  return {
    async exportOf(memberId: number) {
      const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.memberId, memberId));
      const rows = await db.select().from(withdrawals).where(eq(withdrawals.memberId, memberId)).orderBy(asc(withdrawals.id));
      return {
        bank_account: account
          ? {
              holder: account.holderName,
              bank: `${account.bankCode} ${account.bankName}`,
              branch: `${account.branchCode} ${account.branchName}`,
              // Masked as on every screen: the export is a token's reach, and the whole number is
              // what a thief would need to pass as the member to the bank.
              account: maskAccount(account.account),
              updated_at: account.updatedAt.toISOString(),
            }
          : null,
        withdrawals: rows.map((w) => ({
          amount: w.amount,
          fee: w.fee,
          net: w.net,
          status: w.status,
          bank: { ...w.bank, account: maskAccount(w.bank.account) },
          note: w.note,
          at: w.createdAt.toISOString(),
          decided_at: w.decidedAt?.toISOString() ?? null,
        })),
      };
    },

    /** Withdrawals asked for and not yet paid or rejected. */
    async openCount(q: Db | Tx, memberId: number): Promise<number> {
      const [row] = await q
        .select({ n: sql<number>`count(*)::int` })
        .from(withdrawals)
        .where(and(eq(withdrawals.memberId, memberId), inArray(withdrawals.status, ["requested", "approved"])));
      return Number(row?.n ?? 0);
    },

    async erase(tx: Tx, memberId: number) {
      await tx.delete(payoutAccounts).where(eq(payoutAccounts.memberId, memberId));
      await tx
        .update(withdrawals)
        .set({
          bank: sql`jsonb_set(jsonb_set(${withdrawals.bank}, '{holder}', '"○○○"'), '{account}',
            to_jsonb('****' || right(${withdrawals.bank}->>'account', 4)))`,
        })
        .where(eq(withdrawals.memberId, memberId));
    },
  };
}
