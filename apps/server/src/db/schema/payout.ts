import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** A member's payout bank account (sellers' shop payouts, wallet withdrawals). Names come from reference data. */
export const payoutAccounts = pgTable("payout_accounts", {
  memberId: integer("member_id").primaryKey(),
  holderName: text("holder_name").notNull(),
  bankCode: text("bank_code").notNull(),
  bankName: text("bank_name").notNull(),
  branchCode: text("branch_code").notNull(),
  branchName: text("branch_name").notNull(),
  account: text("account").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/**
 * A wallet withdrawal. The amount leaves the wallet when requested (held, ref withdrawal:<id>);
 * staff pay it (to the bank account snapshot) or reject it (the amount goes back to the wallet).
 */
export const withdrawals = pgTable(
  "withdrawals",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id").notNull(),
    amount: integer("amount").notNull(),
    fee: integer("fee").notNull(),
    /** What reaches the bank account: amount - fee. */
    net: integer("net").notNull(),
    status: text("status", { enum: ["requested", "approved", "paid", "rejected"] }).notNull(),
    bank: jsonb("bank")
      .$type<{
        holder: string;
        bank_code: string;
        bank_name: string;
        branch_code: string;
        branch_name: string;
        account: string;
        /** Set since decision 77: the holder was the member's own name, and when the account was set. */
        holder_matches_name?: boolean;
        account_changed_at?: string;
      }>()
      .notNull(),
    /** Staff's payment reference, or why it was rejected. */
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [index("withdrawals_member_idx").on(t.memberId, t.id)],
);
