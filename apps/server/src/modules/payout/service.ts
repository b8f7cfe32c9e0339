import type { BankAccountInput, PayoutAccountView, WithdrawalRules, WithdrawalView } from "@shop/contract";
import type { SettingKey } from "@shop/contract/admin";
import type { Db, Tx } from "../../db/client.js";
import type { LoyaltyService } from "../loyalty/service.js";
import type { NotificationsService } from "../notifications/service.js";
import type { ShopsService } from "../shops/service.js";
import { accountView, type PayoutDeps, type PayoutMember, payoutAccount, saveAccount, sendChangeCode } from "./accounts.js";
import {
  applyForWithdrawal,
  decideWithdrawal,
  type StaffWithdrawalView,
  staffGet,
  staffList,
  type WithdrawalDecision,
  withdrawalRules,
  withdrawalsOf,
} from "./withdrawals.js";

// Other modules and the routes name these from the payout module's service.
export { maskAccount, type PayoutMember } from "./accounts.js";
export type { StaffWithdrawalView, WithdrawalDecision } from "./withdrawals.js";

/**
 * Payout bank accounts, checked against the official bank and branch reference data, and
 * withdrawals from the wallet. The accounts are accounts.ts, the withdrawals withdrawals.ts, each
 * a function taking `d`.
 */
export function createPayoutService(
  db: Db,
  loyalty: LoyaltyService,
  shops: ShopsService,
  notifications: Pick<NotificationsService, "notify" | "tell">,
  now: () => Date = () => new Date(),
  /** One-time codes to the member's own phone (the auth module's, purpose `payout`). */
  codes: {
    send(phone: string, ip: string, text: (code: string) => string, purpose: "payout"): Promise<{ resend_after_s: number }>;
    consume(phone: string, code: string, purpose: "payout"): Promise<void>;
  },
) {
  const setting = (key: SettingKey) => shops.numberSetting(key);
  const d: PayoutDeps = { db, loyalty, notifications, now, setting, codes };
  return {
    get: (memberId: number) => payoutAccount(d, memberId),

    withdrawalRules: (memberId: number): Promise<WithdrawalRules> => withdrawalRules(d, memberId),

    /** wallet/apply: holds the amount (it leaves the wallet now) until staff pay or reject it. */
    apply: (member: Pick<PayoutMember, "id" | "name">, amount: number): Promise<WithdrawalView> =>
      applyForWithdrawal(d, member, amount),

    withdrawalsOf: (memberId: number): Promise<WithdrawalView[]> => withdrawalsOf(d, memberId),

    /** The back office's list: newest first; full bank details only for `fullAccount` (decision 79). */
    staffList: (
      status: WithdrawalDecision | "requested" | undefined,
      page: number,
      perPage: number,
      options: { fullAccount: boolean } = { fullAccount: false },
    ) => staffList(d, status, page, perPage, options),
    staffGet: (id: number, options: { fullAccount: boolean } = { fullAccount: false }) => staffGet(d, id, options),

    /**
     * Staff decide: approve, then mark paid with the bank reference; or reject (the held amount
     * returns to the wallet). `audit` runs in the same transaction.
     */
    decide: (
      id: number,
      decision: WithdrawalDecision,
      note: string,
      audit?: (tx: Tx, before: StaffWithdrawalView, after: StaffWithdrawalView) => Promise<unknown>,
    ) => decideWithdrawal(d, id, decision, note, audit),

    view: (memberId: number): Promise<PayoutAccountView | null> => accountView(d, memberId),
    /** Texts the member's own phone the code that proves a change of account is theirs. */
    sendChangeCode: (member: PayoutMember, ip: string) => sendChangeCode(d, member, ip),

    /** Sets the payout account, proven by the code texted to the member's own phone; the member is told by SMS and notice. */
    save: (member: PayoutMember, input: BankAccountInput): Promise<{ holderMatches: boolean }> => saveAccount(d, member, input),
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
