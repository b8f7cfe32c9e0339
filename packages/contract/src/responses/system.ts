import { z } from "../zod.js";

const int = z.number().int();

export const health = z.object({ db: z.string() });
export const readiness = z.object({ ready: z.literal(true), db: z.string() });
export const notReady = z.object({ ready: z.literal(false) });

/** TEST_MODE-only routes (system/routes.ts): what e2e and reliability suites read back. */
export const integrityReport = z.record(z.string(), z.array(z.unknown()));
export const testJobQueued = z.object({ id: int.optional(), enqueued_by: z.string() });
export const testJobState = z.object({
  status: z.string(),
  attempts: int,
  locked_by: z.string().nullable(),
  instance: z.string(),
});
/** /test/messages (test mode): what the local SMTP server, the LINE fake and the SMS sink received. */
export const testMessages = z.object({
  mail: z.array(z.object({ to: z.string(), subject: z.string(), text: z.string() })),
  line: z.array(z.object({ to: z.string(), text: z.string() })),
  sms: z.array(z.object({ phone: z.string(), text: z.string() })),
});

export const testSms = z.object({ phone: z.string(), text: z.string(), sent_at: z.string() });

/** Test mode: what the e-invoice simulator holds for a RelateNumber (e2e reads invoices back from it). */
export const testInvoice = z.object({
  relate_number: z.string(),
  invoice_no: z.string(),
  voided: z.boolean(),
  sales_amount: z.number().int(),
  carrier_type: z.string(),
  carrier_num: z.string(),
  allowances: z.array(z.object({ allowance_no: z.string(), amount: z.number().int() })),
});

/** Work that should have finished and has not (/metrics, the dashboard's 待處理異常; zero when healthy). */
export const stuckWork = z.object({
  /** Background jobs that gave up after five attempts. */
  jobs_failed: int,
  /** Customer messages not yet delivered, those waiting over 15 minutes, and the oldest's wait in seconds. */
  outbox_waiting: int,
  outbox_stuck: int,
  outbox_oldest_seconds: int,
  /** Customer messages given up on. */
  outbox_failed: int,
  /** E-invoices waiting for staff. */
  invoices_parked: int,
  /** TapPay payments awaiting reconciliation: a charge with no answer, a wallet's or 3-D Secure page whose notify never came. */
  payments_in_doubt: int,
  /** Virtual accounts paid with another amount than the order's, waiting for staff (decision 88). */
  payments_wrong_amount: int,
  /** Unpaid orders open 15 minutes past their payment deadline. */
  orders_overdue: int,
  /** ECPay shipments created over 3 days ago that never heard a status (decision 90). */
  shipments_silent: int,
});
export type StuckWork = z.output<typeof stuckWork>;

export const CHANNEL_NAMES = [
  "card",
  "store_pickup",
  "einvoice",
  "hct",
  "ecpay_home",
  "sms",
  "email",
  "line_messages",
  "line_login",
  "google_login",
  "facebook_login",
] as const;
const channelMode = z.enum(["real", "simulator", "off"]);
/** Each outside channel: its real provider, its simulator (測試模式) or switched off (decision 74). */
export const channelModes = z.object(
  Object.fromEntries(CHANNEL_NAMES.map((c) => [c, channelMode])) as Record<(typeof CHANNEL_NAMES)[number], typeof channelMode>,
);
export type ChannelModes = z.output<typeof channelModes>;

/** /admin/system: each provider's mode and last answers, stuck work, and the background jobs that gave up. */
export const systemStatus = z.object({
  providers: z.array(
    z.object({
      channel: z.enum(CHANNEL_NAMES),
      mode: channelMode,
      last_success_at: z.string().nullable(),
      last_failure_at: z.string().nullable(),
      last_failure: z.string(),
    }),
  ),
  stuck: stuckWork,
  failed_jobs: z.array(
    z.object({
      id: int,
      kind: z.string(),
      attempts: int,
      last_error: z.string(),
      run_at: z.string(),
      finished_at: z.string().nullable(),
    }),
  ),
});
export type SystemStatus = z.output<typeof systemStatus>;
