import { z } from "../zod.js";

/** Shapes of payout bank accounts, the bank reference lists and wallet withdrawals. */
const int = z.number().int();

export const payoutAccountView = z.object({
  bank_user_name: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
  branch_code: z.string(),
  bank_branch: z.string(),
  /** Only the last four digits are shown back. */
  bank_account_masked: z.string(),
});

export const bankOption = z.object({
  bankCodeString: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  totalName: z.string(),
});

export const branchOption = bankOption.extend({
  branchCode: z.string(),
  branchName: z.string(),
});

export const withdrawalView = z.object({
  id: int,
  amount: int,
  fee: int,
  net: int,
  status: z.enum(["requested", "approved", "paid", "rejected"]),
  status_label: z.string(),
  bank: z.string(),
  note: z.string(),
  created_at: z.string(),
});

export const withdrawalRules = z.object({
  minimum: int,
  fee: int,
  balance: int,
  has_bank: z.boolean(),
});

/** /user/wallet/withdrawals: the rules for a new request and the member's latest requests. */
export const withdrawalsHome = z.object({ rules: withdrawalRules, list: z.array(withdrawalView) });
