import type { BankAccountInput, Lang, PayoutAccountView } from "@shop/contract";
import type { SettingKey } from "@shop/contract/admin";
import { BANKS, bankName, findBranch } from "@shop/reference-data";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { payoutAccounts } from "../../db/schema/index.js";
import { badRequest } from "../../lib/errors.js";
import type { LoyaltyService } from "../loyalty/service.js";
import type { NotificationsService } from "../notifications/service.js";
import { payoutWords } from "./notice-words.js";

/** An account number as shown to those who need not pay into it: its last four digits. */
export const maskAccount = (account: string) => `****${account.slice(-4)}`;

/** Who asks: their own name (同名帳戶 is checked against it) and phone (the proof goes there). */
export interface PayoutMember {
  id: number;
  name: string;
  phone: string;
  /** The member's language (decision 109): the texts and the notice are in it. */
  lang?: Lang;
}

/** The same name, whatever the spaces or full-width letters (戶名 as banks print it). */
export const sameName = (a: string, b: string) => {
  const norm = (s: string) => s.normalize("NFKC").replace(/\s+/g, "").toUpperCase();
  return norm(a) === norm(b);
};

/** What payout accounts and withdrawals work with (service.ts builds it once). */
export interface PayoutDeps {
  db: Db;
  loyalty: LoyaltyService;
  notifications: Pick<NotificationsService, "notify" | "tell">;
  now: () => Date;
  /** A main-mall whole-number setting (the shops module answers). */
  setting: (key: SettingKey) => Promise<number>;
  /** One-time codes to the member's own phone (the auth module's, purpose `payout`). */
  codes: {
    send(phone: string, ip: string, text: (code: string) => string, purpose: "payout"): Promise<{ resend_after_s: number }>;
    consume(phone: string, code: string, purpose: "payout"): Promise<void>;
  };
}

export async function payoutAccount(deps: Pick<PayoutDeps, "db">, memberId: number) {
  return (await deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.memberId, memberId)))[0];
}

/** The member's own view of their account: the number masked. */
export async function accountView(deps: Pick<PayoutDeps, "db">, memberId: number): Promise<PayoutAccountView | null> {
  const a = await payoutAccount(deps, memberId);
  if (!a) return null;
  return {
    bank_user_name: a.holderName,
    bank_code: a.bankCode,
    // Reference data first (a renamed bank shows its current name); the saved name otherwise.
    bank_name: bankName(a.bankCode) ?? a.bankName,
    branch_code: a.branchCode,
    bank_branch: a.branchName,
    bank_account_masked: maskAccount(a.account),
  };
}

/** Texts the member's own phone the code that proves a change of account is theirs. */
export const sendChangeCode = (deps: Pick<PayoutDeps, "codes">, member: PayoutMember, ip: string) =>
  deps.codes.send(member.phone, ip, payoutWords(member.lang).code, "payout");

/**
 * Sets the payout account, proven by the code texted to the member's own phone (a session
 * token alone cannot move money out); the member is told of every change by SMS and notice.
 * The bank and branch names are taken from the reference data, never the client.
 * Returns whether the holder is the member's own name (else staff check it before paying).
 */
export async function saveAccount(
  deps: PayoutDeps,
  member: PayoutMember,
  input: BankAccountInput,
): Promise<{ holderMatches: boolean }> {
  const { db, notifications } = deps;
  const branch = findBranch(input.bank_code, input.branch_code);
  if (!branch) {
    const offered = BANKS.some((b) => b.bankCode === input.bank_code);
    const field = offered ? "branch_code" : "bank_code";
    const [code, message] = offered
      ? (["UNKNOWN_BRANCH_CODE", "查無此分行代碼，請確認銀行與分行"] as const)
      : bankName(input.bank_code)
        ? (["BANK_MERGED", "此銀行已合併，請選擇合併後的銀行"] as const)
        : (["UNKNOWN_BANK_CODE", "查無此銀行代碼"] as const);
    throw badRequest(code, message, [{ field, message }]);
  }
  await deps.codes.consume(member.phone, input.captcha, "payout");
  const at = deps.now();
  const values = {
    holderName: input.bank_user_name,
    bankCode: branch.bankCode,
    bankName: branch.bankName,
    branchCode: branch.branchCode,
    branchName: branch.branchName,
    account: input.bank_account,
    updatedAt: at,
  };
  const hold = await deps.setting("withdrawal_hold_hours");
  const w = payoutWords(member.lang);
  const body = w.changed(branch.bankName, maskAccount(input.bank_account), input.bank_user_name, hold);
  await db.transaction(async (tx) => {
    await tx
      .insert(payoutAccounts)
      .values({ memberId: member.id, ...values })
      .onConflictDoUpdate({ target: payoutAccounts.memberId, set: values });
    const key = `payout-account:${member.id}:${at.toISOString()}`;
    await notifications.notify(tx, member.id, { kind: "system", title: w.changedTitle, body, key, lang: member.lang });
    await notifications.tell(
      tx,
      `${key}:sms`,
      { memberId: member.id, phone: member.phone },
      {
        subject: w.changedTitle,
        text: body,
        sms: w.sms(body),
      },
      ["sms"],
    );
  });
  return { holderMatches: sameName(input.bank_user_name, member.name) };
}
