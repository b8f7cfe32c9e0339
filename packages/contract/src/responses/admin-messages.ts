import { z } from "../zod.js";
import { adminPage } from "./envelope.js";

/** Shapes of the back office's customer-message log and test mailbox (apps/admin/src/messages.tsx). */
const int = z.number().int();

/** One message of the outbox: to whom, by which channel, and what the provider answered. */
export const outboxMessageView = z.object({
  id: int,
  /** What it reports, e.g. `order:20261122123456:shipped`. */
  event_key: z.string(),
  channel: z.enum(["email", "line", "sms"]),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(["pending", "sending", "sent", "failed"]),
  attempts: int,
  provider_answer: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  next_attempt_at: z.string(),
});
export const outboxMessagePage = adminPage(outboxMessageView);

/** What the shop's own SMTP server received (測試模式 only), newest first. */
export const testMail = z.object({
  id: int,
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  received_at: z.string(),
});
export const testMailPage = adminPage(testMail);

/** A customer-message template as the back office edits it: the shop's text, or the default. */
export const messageTemplateView = z.object({
  id: z.string(),
  event: z.string(),
  label: z.string(),
  subject: z.string(),
  body: z.string(),
  /** The shop changed it (else it is the default). */
  custom: z.boolean(),
  default_subject: z.string(),
  default_body: z.string(),
});
export const messageTemplatePage = adminPage(messageTemplateView);
/** What a template says for a sample order (預覽). */
export const templatePreview = z.object({ subject: z.string(), body: z.string() });
