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
