import type { WithdrawalRules, WithdrawalView } from "@shop/contract";
import { formatDateTime, formatMoney } from "@shop/contract/format";
import { count, desc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { withdrawals } from "../../db/schema/index.js";
import { conflict, notFound, unprocessable } from "../../lib/errors.js";
import { maskAccount, type PayoutDeps, type PayoutMember, payoutAccount, sameName } from "./accounts.js";

type Withdrawal = typeof withdrawals.$inferSelect;

const STATUS_LABELS = { requested: "處理中", approved: "已核准，待匯款", paid: "已匯款", rejected: "已退回" } as const;
/** Which states each staff decision may start from: approve, then mark paid; reject until paid. */
const DECISIONS = {
  approved: ["requested"],
  paid: ["approved"],
  rejected: ["requested", "approved"],
} as const satisfies Record<string, ReadonlyArray<Withdrawal["status"]>>;
export type WithdrawalDecision = keyof typeof DECISIONS;
const DECISION_LABELS: Record<WithdrawalDecision, string> = { approved: "核准", paid: "標記已匯款", rejected: "退回" };

export interface StaffWithdrawalView {
  id: number;
  member_id: number;
  amount: number;
  fee: number;
  net: number;
  status: Withdrawal["status"];
  status_label: string;
  bank: Withdrawal["bank"];
  note: string;
  created_at: string;
  decided_at: string | null;
}

const view = (w: Withdrawal): WithdrawalView => ({
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
const staffView = (w: Withdrawal, fullAccount = true): StaffWithdrawalView => ({
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

export async function withdrawalRules(deps: PayoutDeps, memberId: number): Promise<WithdrawalRules> {
  return {
    minimum: await deps.setting("withdrawal_minimum"),
    fee: await deps.setting("withdrawal_fee"),
    balance: (await deps.loyalty.balances(memberId)).wallet,
    has_bank: Boolean(await payoutAccount(deps, memberId)),
  };
}

/** wallet/apply: holds the amount (it leaves the wallet now) until staff pay or reject it. */
export async function applyForWithdrawal(
  deps: PayoutDeps,
  member: Pick<PayoutMember, "id" | "name">,
  amount: number,
): Promise<WithdrawalView> {
  const { db, loyalty, now, setting } = deps;
  const memberId = member.id;
  const account = await payoutAccount(deps, memberId);
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
}

export async function withdrawalsOf(deps: Pick<PayoutDeps, "db">, memberId: number): Promise<WithdrawalView[]> {
  const rows = await deps.db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.memberId, memberId))
    .orderBy(desc(withdrawals.id))
    .limit(50);
  return rows.map(view);
}

/**
 * The back office's list: newest first, optionally one state; full bank details to pay from for
 * `fullAccount` (owner and operator), the account's last four digits otherwise (the default; decision 79).
 */
export async function staffList(
  deps: Pick<PayoutDeps, "db">,
  status: WithdrawalDecision | "requested" | undefined,
  page: number,
  perPage: number,
  { fullAccount }: { fullAccount: boolean } = { fullAccount: false },
) {
  const { db } = deps;
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
}

export async function staffGet(
  deps: Pick<PayoutDeps, "db">,
  id: number,
  { fullAccount }: { fullAccount: boolean } = { fullAccount: false },
) {
  const [w] = await deps.db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!w) throw notFound("WITHDRAWAL_NOT_FOUND", "找不到此提領申請");
  return staffView(w, fullAccount);
}

/**
 * Staff decide: approve, then mark paid with the bank reference; or reject (the held amount
 * returns to the wallet). `audit` runs in the same transaction.
 */
export async function decideWithdrawal(
  deps: PayoutDeps,
  id: number,
  decision: WithdrawalDecision,
  note: string,
  audit?: (tx: Tx, before: StaffWithdrawalView, after: StaffWithdrawalView) => Promise<unknown>,
) {
  const { loyalty, notifications, now } = deps;
  return deps.db.transaction(async (tx) => {
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
        title: decision === "paid" ? `提領 ${formatMoney(w.net)} 已匯款` : `提領申請已退回，${formatMoney(w.amount)} 已回到錢包`,
        body: decision === "paid" ? `匯款參考編號：${note}` : note,
        // Staff's note on a refusal is kept as they wrote it.
        en: {
          title:
            decision === "paid"
              ? `Your withdrawal of ${formatMoney(w.net)} has been transferred`
              : `Your withdrawal was declined; ${formatMoney(w.amount)} is back in your wallet`,
          body: decision === "paid" ? `Transfer reference: ${note}` : note,
        },
        link: "/member/wallet",
        key: `withdrawal:${w.id}:${decision}`,
      });
    await audit?.(tx, staffView(w), staffView(after));
    return staffView(after);
  });
}
