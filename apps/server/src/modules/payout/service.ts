import type { BankAccountInput, PayoutAccountView } from "@shop/contract";
import { BANKS, bankName, findBranch } from "@shop/reference-data";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { payoutAccounts } from "../../db/schema/index.js";
import { badRequest } from "../../lib/errors.js";

/** Payout bank accounts, checked against the official bank and branch reference data. */
export function createPayoutService(db: Db, now: () => Date = () => new Date()) {
  async function get(memberId: number) {
    return (await db.select().from(payoutAccounts).where(eq(payoutAccounts.memberId, memberId)))[0];
  }
  return {
    get,
    async view(memberId: number): Promise<PayoutAccountView | null> {
      const a = await get(memberId);
      if (!a) return null;
      return {
        bank_user_name: a.holderName,
        bank_code: a.bankCode,
        // Reference data first (a renamed bank shows its current name); the saved name otherwise.
        bank_name: bankName(a.bankCode) ?? a.bankName,
        branch_code: a.branchCode,
        bank_branch: a.branchName,
        bank_account_masked: `****${a.account.slice(-4)}`,
      };
    },
    /** Saves the account; the bank and branch names are taken from the reference data, never the client. */
    async save(memberId: number, input: BankAccountInput) {
      const branch = findBranch(input.bank_code, input.branch_code);
      if (!branch) {
        const offered = BANKS.some((b) => b.bankCode === input.bank_code);
        const field = offered ? "branch_code" : "bank_code";
        const message = offered
          ? "查無此分行代碼，請確認銀行與分行"
          : bankName(input.bank_code)
            ? "此銀行已合併，請選擇合併後的銀行"
            : "查無此銀行代碼";
        throw badRequest(message, [{ field, message }]);
      }
      const values = {
        holderName: input.bank_user_name,
        bankCode: branch.bankCode,
        bankName: branch.bankName,
        branchCode: branch.branchCode,
        branchName: branch.branchName,
        account: input.bank_account,
        updatedAt: now(),
      };
      await db
        .insert(payoutAccounts)
        .values({ memberId, ...values })
        .onConflictDoUpdate({ target: payoutAccounts.memberId, set: values });
    },
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
