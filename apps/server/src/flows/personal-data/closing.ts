import type { Member } from "../../modules/members/service.js";
import type { Actor } from "../../modules/staff/service.js";
import { anonymiseAccount, type ClosingDeps, closeAccount, closingOverview, sendClosingCode } from "./closing-actions.js";

export type { ClosingDeps } from "./closing-actions.js";

/**
 * Closing an account (個資法 art. 11; decision 78), by the member or by staff on the member's
 * request. Refused (409, each with what to do first) while something of value is still on its way
 * to or from the member: an order not finished, a withdrawal being paid, a wallet balance that can
 * be withdrawn, goods in the cloud depot or on their way from it, an e-invoice still with the
 * provider, a sub-mall they run. Otherwise, in one transaction that holds the member's row and
 * loyalty account: points, a wallet balance too small to withdraw and unused coupons are forfeited
 * through the ledgers, unscratched cards voided, every module's personal data erased or masked,
 * every session ended, and the request recorded (and audited, when staff did it). The steps are
 * closing-actions.ts.
 */
export function createClosing(d: ClosingDeps) {
  return {
    /** The 個人資料 page: how to confirm, what stops closing now, what it would forfeit. */
    overview: (member: Member) => closingOverview(d, member),
    /** The code that confirms closing for a member without a password, to their own phone. */
    sendCode: (member: Member, ip: string) => sendClosingCode(d, member, ip),
    /** The member closes their own account, confirmed by their password or the code sent to their phone. */
    close: (member: Member, confirm: { password?: string; captcha?: string }, ip: string) => closeAccount(d, member, confirm, ip),
    /** Staff anonymise an account on the member's request (audited with the reason). */
    anonymise: (actor: Actor, memberId: number, reason: string) => anonymiseAccount(d, actor, memberId, reason),
  };
}
