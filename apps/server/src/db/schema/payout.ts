import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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
