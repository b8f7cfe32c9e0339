import { z } from "../zod.js";
import { lowStockVariant } from "./admin-catalogue.js";
import { staffView } from "./admin-people.js";
import { stuckWork } from "./system.js";

/** Shapes of staff sign-in and the back office's first screen (apps/admin/src/authProvider.ts, dashboard.tsx). */
const int = z.number().int();

/** /admin/auth/login: the staff token (send it as `Authorization: Bearer …`, valid 12 hours) and who signed in. */
export const staffLogin = z.object({ token: z.string(), staff: staffView });

/** /admin/auth/totp/setup: a new authenticator secret, pending until a code from it is confirmed. */
export const totpSetup = z.object({
  /** Base32, for typing into the authenticator app. */
  secret: z.string(),
  /** The same secret as an otpauth:// URL (for a QR code). */
  otpauth_url: z.string(),
});

/** /admin/dashboard: today's figures (Asia/Taipei), what waits for staff, 14 days of sales, low stock. */
export const adminDashboard = z.object({
  today_orders: int,
  today_sales: int,
  waiting: z.object({
    /** Transfer orders whose buyer reported the payment. */
    transfer_reported: int,
    pending_payment: int,
    /** Paid or processing orders, and unpaid cash on delivery (it ships before it is paid). */
    to_ship: int,
    /** Cloud-depot pick-ups waiting to ship. */
    takeouts: int,
    /** Inquiries nobody answered yet. */
    inquiries: int,
    /** Return requests to decide, and returned goods to refund. */
    returns: int,
    /** Withdrawals waiting for a decision. */
    withdrawals: int,
    /** Customer messages given up on (to look at and send again). */
    failed_messages: int,
    /** E-invoices the provider refused (or whose answer was lost): staff decide. */
    invoices: int,
  }),
  /** 待處理異常: work that should have finished and has not (zero when the shop is healthy). */
  anomalies: stuckWork,
  /** One entry a day, oldest first (days without orders are 0). */
  series: z.array(z.object({ day: z.string(), orders: int, sales: int })),
  /** On-shelf variants at 5 or fewer, fewest first (at most 10). */
  low_stock: z.array(lowStockVariant),
});
