import type {
  bankOption,
  branchOption,
  payoutAccountView,
  withdrawalRules,
  withdrawalsHome,
  withdrawalView,
} from "./responses/bank.js";
import { z } from "./zod.js";

/** The specification's bank-account payload (supmall/updateBank). Names are re-derived by the server. */
export const bankAccountInput = z.strictObject({
  bank_user_name: z.string({ error: "請輸入戶名" }).trim().min(1, { error: "請輸入戶名" }).max(50, { error: "戶名最多 50 個字" }),
  bank_name: z.string().trim().max(60).optional(),
  bank_code: z
    .string({ error: "請選擇銀行" })
    .trim()
    .regex(/^\d{3}$/, { error: "請選擇銀行" }),
  bank_branch: z.string().trim().max(60).optional(),
  branch_code: z
    .string({ error: "請選擇分行" })
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z]{4}$/, { error: "分行代碼為 4 碼" }),
  bank_account: z
    .string({ error: "請輸入帳號" })
    .trim()
    .regex(/^\d{10,16}$/, { error: "帳號為 10 到 16 位數字" }),
  /** The code texted to the member's own phone: a sign-in token alone cannot move money out (decision 77). */
  captcha: z
    .string({ error: "請輸入簡訊驗證碼" })
    .trim()
    .regex(/^\d{6}$/, { error: "請輸入簡訊中的 6 位數驗證碼" }),
});
export type BankAccountInput = z.output<typeof bankAccountInput>;

export const walletApplyInput = z.strictObject({
  amount: z.coerce
    .number({ error: "請輸入提領金額" })
    .int({ error: "提領金額需為整數" })
    .positive({ error: "提領金額需大於 0" })
    .max(10_000_000, { error: "提領金額過大" }),
});

export type PayoutAccountView = z.output<typeof payoutAccountView>;
export type BankOption = z.output<typeof bankOption>;
export type BranchOption = z.output<typeof branchOption>;
export type WithdrawalView = z.output<typeof withdrawalView>;
export type WithdrawalRules = z.output<typeof withdrawalRules>;
export type WithdrawalsHome = z.output<typeof withdrawalsHome>;
