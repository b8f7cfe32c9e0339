import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** Messages to a member (order changes, …), read on /member/notice. */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id").notNull(),
    kind: text("kind", { enum: ["order", "system", "prize"] }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    /** In-app path the notice opens, e.g. /member/order_detail?order_no=… */
    link: text("link").notNull().default(""),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("notifications_member_idx").on(t.memberId, t.id)],
);

/**
 * The transactional outbox (decision 35): a message to a customer is written in the transaction of
 * the change it reports, then delivered by a worker with retries. One row per event and channel:
 * the unique key is what keeps one event from producing the same message twice.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: serial("id").primaryKey(),
    /** What happened, e.g. `order:20261122123456:shipped` or `notice:812`. */
    eventKey: text("event_key").notNull(),
    channel: text("channel", { enum: ["email", "line", "sms"] }).notNull(),
    /** An e-mail address, a LINE user id or a mobile number. */
    recipient: text("recipient").notNull(),
    memberId: integer("member_id"),
    subject: text("subject").notNull().default(""),
    body: text("body").notNull(),
    /** Sent with the message so a provider that dedupes (LINE's retry key, Mitake's clientid) drops a repeat. */
    retryKey: text("retry_key").notNull(),
    status: text("status", { enum: ["pending", "sending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    /** The provider's last answer (status and body), or the error that stopped the attempt. */
    providerAnswer: text("provider_answer").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("outbox_messages_event_channel_key").on(t.eventKey, t.channel),
    index("outbox_messages_due_idx").on(t.status, t.nextAttemptAt),
  ],
);

/** A member's choice of channels outside the site (通知方式); no row = both on. Site notices always stay. */
export const notificationPreferences = pgTable("notification_preferences", {
  memberId: integer("member_id").primaryKey(),
  line: boolean("line").notNull().default(true),
  email: boolean("email").notNull().default(true),
  /** Abandoned-cart reminders (decision 97); the member can say no on /member/notice. */
  cartReminders: boolean("cart_reminders").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** A shop's own wording of a customer message (decision 41); no row = the default in templates.ts. */
export const messageTemplates = pgTable("message_templates", {
  event: text("event").primaryKey(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
