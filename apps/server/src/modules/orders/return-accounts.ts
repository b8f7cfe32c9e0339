import { bankName, findBranch } from "@shop/reference-data";
import type { returnRequests } from "../../db/schema/index.js";
import { badRequest, fieldError } from "../../lib/errors.js";
import type { Order } from "./types.js";

type ReturnRow = typeof returnRequests.$inferSelect;
/** The part of a return request the refund account comes from. */
interface AccountInput {
  kind: ReturnRow["kind"];
  refund_account?: { bank_user_name: string; bank_code: string; branch_code: string; bank_account: string };
}

/** Offline money (transfer, cash on delivery) is refunded to the buyer's own bank account (decision 83). */
const needsAccount = (o: Pick<Order, "paymentMethod">) => o.paymentMethod === "transfer" || o.paymentMethod === "cod";

/** The account a return's refund goes to, checked against the banks' reference data. */
export function refundAccountOf(o: Order, input: AccountInput): ReturnRow["refundAccount"] {
  if (input.kind !== "return" || !needsAccount(o)) return null;
  const a = input.refund_account;
  if (!a) throw fieldError("refund_account", "請輸入退款帳戶：銀行、分行與帳號");
  if (!findBranch(a.bank_code, a.branch_code)) {
    const message = bankName(a.bank_code) ? "查無此分行代碼，請確認銀行與分行" : "查無此銀行代碼";
    throw badRequest("UNKNOWN_BRANCH_CODE", message, [{ field: "refund_account.branch_code", message }]);
  }
  return { bank_code: a.bank_code, branch_code: a.branch_code, account: a.bank_account, name: a.bank_user_name };
}

/** What staff read of the refund account: the bank and branch by name, the whole number to transfer to. */
export function accountView(a: ReturnRow["refundAccount"]) {
  if (!a) return null;
  const b = findBranch(a.bank_code, a.branch_code);
  return {
    holder: a.name,
    bank: `${a.bank_code} ${b?.bankName ?? ""} ${b?.branchName ?? ""}（${a.branch_code}）`,
    account: a.account,
  };
}
