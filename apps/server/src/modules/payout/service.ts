import type { BankAccountInput, PayoutAccountView, WithdrawalRules, WithdrawalView } from "@shop/contract";
import type { SettingKey } from "@shop/contract/admin";
import { formatDateTime, formatMoney } from "@shop/contract/format";
import { BANKS, bankName, findBranch } from "@shop/reference-data";
import { count, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { payoutAccounts, withdrawals } from "../../db/schema/index.js";
import { badRequest, conflict, notFound, unprocessable } from "../../lib/errors.js";
import type { LoyaltyService } from "../loyalty/service.js";
import type { NotificationsService } from "../notifications/service.js";
import type { ShopsService } from "../shops/service.js";

/** An account number as shown to those who need not pay into it: its last four digits. */
export const maskAccount = (account: string) => `****${account.slice(-4)}`;

/** Payout bank accounts, checked against the official bank and branch reference data. */
const STATUS_LABELS = { requested: "處理中", approved: "已核准，待匯款", paid: "已匯款", rejected: "已退回" } as const;
/** Which states each staff decision may start from: approve, then mark paid; reject until paid. */
const DECISIONS = {
  approved: ["requested"],
  paid: ["approved"],
  rejected: ["requested", "approved"],
} as const satisfies Record<string, ReadonlyArray<(typeof withdrawals.$inferSelect)["status"]>>;
export type WithdrawalDecision = keyof typeof DECISIONS;
const DECISION_LABELS: Record<WithdrawalDecision, string> = { approved: "核准", paid: "標記已匯款", rejected: "退回" };

export interface StaffWithdrawalView {
  id: number;
  member_id: number;
  amount: number;
  fee: number;
  net: number;
  status: (typeof withdrawals.$inferSelect)["status"];
  status_label: string;
  bank: (typeof withdrawals.$inferSelect)["bank"];
  note: string;
  created_at: string;
  decided_at: string | null;
}

/** Who asks: their own name (同名帳戶 is checked against it) and phone (the proof goes there). */
export interface PayoutMember {
  id: number;
  name: string;
  phone: string;
}
/** The same name, whatever the spaces or full-width letters (戶名 as banks print it). */
const sameName = (a: string, b: string) => {
  const norm = (s: string) => s.normalize("NFKC").replace(/\s+/g, "").toUpperCase();
  return norm(a) === norm(b);
};

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
  const view = (w: typeof withdrawals.$inferSelect): WithdrawalView => ({
    id: w.id,
    amount: w.amount,
    fee: w.fee,
    net: w.net,
    status: w.status,
    status_label: STATUS_LABELS[w.status],
    bank: `${w.bank.bank_code} ${w.bank.bank_name} ${w.bank.branch_name} ${maskAccount(w.bank.account)}`,
    note: w.note,
    created_at: w.createdAt.toISOString(),
  });

  /** `fullAccount`: the whole account number, for roles that pay it (bank_accounts.read); else its last four digits. */
  const staffView = (w: typeof withdrawals.$inferSelect, fullAccount = true): StaffWithdrawalView => ({
    id: w.id,
    member_id: w.memberId,
    amount: w.amount,
    fee: w.fee,
    net: w.net,
    status: w.status,
    status_label: STATUS_LABELS[w.status],
    bank: fullAccount ? w.bank : { ...w.bank, account: maskAccount(w.bank.account) },
    note: w.note,
    created_at: w.createdAt.toISOString(),
    decided_at: w.decidedAt?.toISOString() ?? null,
  });

  async function get(memberId: number) {
    return (await db.select().from(payoutAccounts).where(eq(payoutAccounts.memberId, memberId)))[0];
  }
  return {
    get,

    async withdrawalRules(memberId: number): Promise<WithdrawalRules> {
      return {
        minimum: await setting("withdrawal_minimum"),
        fee: await setting("withdrawal_fee"),
        balance: (await loyalty.balances(memberId)).wallet,
        has_bank: Boolean(await get(memberId)),
      };
    },

    /** wallet/apply: holds the amount (it leaves the wallet now) until staff pay or reject it. */
    async apply(member: Pick<PayoutMember, "id" | "name">, amount: number): Promise<WithdrawalView> {
      const memberId = member.id;
      const account = await get(memberId);
      if (!account) throw unprocessable("BANK_ACCOUNT_REQUIRED", "請先設定收款銀行帳號", { need_bank: true });
      // A new or changed account waits (decision 77): a stolen session cannot change it and cash out at once.
      const holdUntil = new Date(account.updatedAt.getTime() + (await setting("withdrawal_hold_hours")) * 3_600_000);
      if (holdUntil > now())
        throw conflict(
          "PAYOUT_ACCOUNT_ON_HOLD",
          `收款帳戶於 ${formatDateTime(account.updatedAt)} 設定或變更，為保護您的資金，${formatDateTime(holdUntil)} 後才能申請提領`,
        );
      const minimum = await setting("withdrawal_minimum");
      const fee = await setting("withdrawal_fee");
      if (amount < minimum) throw unprocessable("WITHDRAWAL_BELOW_MINIMUM", `最低提領金額為 ${formatMoney(minimum)}`);
      if (amount <= fee) throw unprocessable("WITHDRAWAL_NOT_ABOVE_FEE", `提領金額需大於手續費 ${formatMoney(fee)}`);
      const row = await db.transaction(async (tx) => {
        const [w] = await tx
          .insert(withdrawals)
          .values({
            memberId,
            amount,
            fee,
            net: amount - fee,
            status: "requested",
            bank: {
              holder: account.holderName,
              bank_code: account.bankCode,
              bank_name: account.bankName,
              branch_code: account.branchCode,
              branch_name: account.branchName,
              account: account.account,
              holder_matches_name: sameName(account.holderName, member.name),
              account_changed_at: account.updatedAt.toISOString(),
            },
            createdAt: now(),
          })
          .returning();
        if (!w) throw new Error("withdrawal insert returned nothing");
        // Conditional on the balance: two requests at once cannot both take the same money.
        await loyalty.changeWallet(tx, memberId, -amount, `提領申請 #${w.id}`, `withdrawal:${w.id}`);
        return w;
      });
      return view(row);
    },

    async withdrawalsOf(memberId: number): Promise<WithdrawalView[]> {
      const rows = await db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.memberId, memberId))
        .orderBy(desc(withdrawals.id))
        .limit(50);
      return rows.map(view);
    },

    /**
     * The back office's list: newest first, optionally one state; full bank details to pay from for
     * `fullAccount` (owner and operator), the account's last four digits otherwise (the default; decision 79).
     */
    async staffList(
      status: WithdrawalDecision | "requested" | undefined,
      page: number,
      perPage: number,
      { fullAccount }: { fullAccount: boolean } = { fullAccount: false },
    ) {
      const where = status ? eq(withdrawals.status, status) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(withdrawals)
          .where(where)
          .orderBy(desc(withdrawals.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(withdrawals).where(where),
      ]);
      return { total: total?.n ?? 0, items: rows.map((w) => staffView(w, fullAccount)) };
    },
    async staffGet(id: number, { fullAccount }: { fullAccount: boolean } = { fullAccount: false }) {
      const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
      if (!w) throw notFound("WITHDRAWAL_NOT_FOUND", "找不到此提領申請");
      return staffView(w, fullAccount);
    },

    /**
     * Staff decide: approve, then mark paid with the bank reference; or reject (the held amount
     * returns to the wallet). `audit` runs in the same transaction.
     */
    async decide(
      id: number,
      decision: WithdrawalDecision,
      note: string,
      audit?: (tx: Tx, before: StaffWithdrawalView, after: StaffWithdrawalView) => Promise<unknown>,
    ) {
      return db.transaction(async (tx) => {
        const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for("update");
        if (!w) throw notFound("WITHDRAWAL_NOT_FOUND", "找不到此提領申請");
        if (!(DECISIONS[decision] as readonly string[]).includes(w.status))
          throw conflict(
            "WITHDRAWAL_NOT_DECIDABLE",
            `此提領申請目前為「${STATUS_LABELS[w.status]}」，無法${DECISION_LABELS[decision]}`,
          );
        const [after] = await tx
          .update(withdrawals)
          .set({ status: decision, note, decidedAt: now() })
          .where(eq(withdrawals.id, id))
          .returning();
        if (!after) throw new Error("withdrawal update returned nothing");
        if (decision === "rejected")
          await loyalty.changeWallet(tx, w.memberId, w.amount, `提領退回 #${w.id}`, `withdrawal:${w.id}:release`);
        // The member hears when the money is on its way or back in the wallet (approval stays on the site).
        if (decision !== "approved")
          await notifications.notify(tx, w.memberId, {
            kind: "system",
            title:
              decision === "paid" ? `提領 ${formatMoney(w.net)} 已匯款` : `提領申請已退回，${formatMoney(w.amount)} 已回到錢包`,
            body: decision === "paid" ? `匯款參考編號：${note}` : note,
            link: "/member/wallet",
            key: `withdrawal:${w.id}:${decision}`,
          });
        await audit?.(tx, staffView(w), staffView(after));
        return staffView(after);
      });
    },

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
        bank_account_masked: maskAccount(a.account),
      };
    },
    /** Saves the account; the bank and branch names are taken from the reference data, never the client. */
    /** Texts the member's own phone the code that proves a change of account is theirs. */
    sendChangeCode: (member: PayoutMember, ip: string) =>
      codes.send(
        member.phone,
        ip,
        (c) => `【茶山好物】您正在設定收款帳戶，驗證碼為 ${c}，10 分鐘內有效。若非本人操作，請立即變更密碼並聯繫客服。`,
        "payout",
      ),

    /**
     * Sets the payout account, proven by the code texted to the member's own phone (a session
     * token alone cannot move money out); the member is told of every change by SMS and notice.
     * Returns whether the holder is the member's own name (else staff check it before paying).
     */
    async save(member: PayoutMember, input: BankAccountInput): Promise<{ holderMatches: boolean }> {
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
      await codes.consume(member.phone, input.captcha, "payout");
      const at = now();
      const values = {
        holderName: input.bank_user_name,
        bankCode: branch.bankCode,
        bankName: branch.bankName,
        branchCode: branch.branchCode,
        branchName: branch.branchName,
        account: input.bank_account,
        updatedAt: at,
      };
      const hold = await setting("withdrawal_hold_hours");
      const body = `您的收款帳戶已設定為 ${branch.bankName} ${maskAccount(input.bank_account)}（戶名 ${input.bank_user_name}），${hold} 小時後才能提領。若不是您本人操作，請立即聯繫客服。`;
      await db.transaction(async (tx) => {
        await tx
          .insert(payoutAccounts)
          .values({ memberId: member.id, ...values })
          .onConflictDoUpdate({ target: payoutAccounts.memberId, set: values });
        const key = `payout-account:${member.id}:${at.toISOString()}`;
        await notifications.notify(tx, member.id, { kind: "system", title: "收款帳戶已變更", body, key });
        await notifications.tell(
          tx,
          `${key}:sms`,
          { memberId: member.id, phone: member.phone },
          {
            subject: "收款帳戶已變更",
            text: body,
            sms: `【茶山好物】${body}`,
          },
          ["sms"],
        );
      });
      return { holderMatches: sameName(input.bank_user_name, member.name) };
    },
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
