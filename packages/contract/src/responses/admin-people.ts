import { PERMISSIONS, type Permission, STAFF_ROLES } from "../codes.js";
import { z } from "../zod.js";
import { withdrawalView } from "./bank.js";
import { adminPage } from "./envelope.js";
import { ledgerPage, takeoutView } from "./loyalty.js";
import { orderSummary } from "./order.js";

/** Shapes of the back office's members, withdrawals, staff and audit log (apps/admin/src/people.tsx). */
const int = z.number().int();

/** A page of a back-office list (react-admin reads `total` and `items`). */

/** A withdrawal as staff handle it: the full bank account to pay into. */
export const staffWithdrawal = withdrawalView.extend({
  member_id: int,
  /** The account as it was when the member asked (a later change of account does not move it). */
  bank: z.object({
    holder: z.string(),
    bank_code: z.string(),
    bank_name: z.string(),
    branch_code: z.string(),
    branch_name: z.string(),
    account: z.string(),
    /** The holder is the member's own name on file (同名帳戶); false: staff check before paying. */
    holder_matches_name: z.boolean().optional(),
    /** When the member last set or changed this account (a new account is flagged). */
    account_changed_at: z.string().optional(),
  }),
  decided_at: z.string().nullable(),
});

/** /admin/withdrawals: newest first, optionally one state. */
export const staffWithdrawalPage = adminPage(staffWithdrawal);

const memberStatus = z.enum(["active", "disabled", "closed"]);

/** One row of /admin/members. */
export const adminMemberRow = z.object({
  id: int,
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  refcode: z.string(),
  shop_id: int,
  status: memberStatus,
  created_at: z.string(),
});

/** /admin/members: newest first. */
export const adminMemberPage = adminPage(adminMemberRow);

/** /admin/members/:id (and after issuing a coupon or adjusting a balance): the member with balances and latest activity. */
export const memberDetail = adminMemberRow.extend({
  nickname: z.string().nullable(),
  /** Who referred the member. */
  upline_id: int.nullable(),
  points: int,
  wallet: int,
  /** How many members this member referred. */
  referrals: int,
  /** Labels of the sign-in providers bound to the account. */
  bindings: z.array(z.string()),
  /** The ten latest orders. */
  recent_orders: z.array(orderSummary),
  points_ledger: ledgerPage,
  wallet_ledger: ledgerPage,
});

/** A lock failed sign-ins put on a member's account (decision 77): until when, or null. */
export const memberSignInLock = z.object({ locked_until: z.string().nullable() });

/** One entry of the audit log: who changed what, with the record before and after. */
export const auditEntry = z.object({
  id: int,
  staff_id: int,
  staff_name: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  at: z.string(),
});

/** /admin/audit: newest first. */
export const auditPage = adminPage(auditEntry);

/** A staff account (never its password hash or TOTP secret). */
export const staffView = z.object({
  id: int,
  username: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  totp_enabled: z.boolean(),
  active: z.boolean(),
  last_login_at: z.string().nullable(),
  /** Until when sign-in is locked after repeated failures (null: not locked; the owner can lift it). */
  locked_until: z.string().nullable(),
  /** Failed sign-ins in the current run (the fifth locks the account; decision 79). */
  failed_sign_ins: int,
  /** What the role may do, for the UI to show or hide actions (the server checks each call again). */
  permissions: z.array(z.enum(Object.keys(PERMISSIONS) as [Permission, ...Permission[]])),
});

/** /admin/staff: every account. */
export const staffPage = adminPage(staffView);

/** A staff session still valid: when and from where it signed in, when it was last used. */
export const staffSessionView = z.object({
  id: int,
  created_at: z.string(),
  /** Written at most once a minute. */
  last_used_at: z.string().nullable(),
  expires_at: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
/** /admin/auth/sessions, /admin/staff/:id/sessions: newest first. */
export const staffSessionList = z.array(staffSessionView);

export type StaffWithdrawal = z.output<typeof staffWithdrawal>;
export type AdminMemberRow = z.output<typeof adminMemberRow>;
export type MemberDetail = z.output<typeof memberDetail>;
export type AuditEntry = z.output<typeof auditEntry>;

/** /admin/takeouts: a pick-up as staff ship it, with whose it is. */
export const staffTakeout = takeoutView.extend({ member_id: int });
export const staffTakeoutPage = adminPage(staffTakeout);
export type StaffTakeout = z.output<typeof staffTakeout>;
