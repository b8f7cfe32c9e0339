import { and, asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { notificationPreferences, notifications, outboxMessages } from "../../db/schema/index.js";

/**
 * The messages about someone: the member's own, and those of their orders and inquiries by event
 * key (`order:<no>`, `inquiry:<id>`: a guest order's SMS or an inquiry's mail names no member).
 */
function about(memberId: number | null, subjects: string[]): SQL {
  const key = outboxMessages.eventKey;
  const ofSubjects =
    subjects.length > 0 ? inArray(sql`split_part(${key}, ':', 1) || ':' || split_part(${key}, ':', 2)`, subjects) : undefined;
  // Nobody named: nothing matches (never every message).
  return or(memberId === null ? undefined : eq(outboxMessages.memberId, memberId), ofSubjects) ?? sql`false`;
}

/**
 * The notifications module's part of a member's personal data (decision 78): channel choices, site
 * notices and every customer message sent to them (the outbox) for the export; and their erasure —
 * notices and choices deleted, messages not yet sent dropped, sent ones kept as a record that a
 * message went out, with the address and the text removed.
 */
export function createNotificationPersonalData(db: Db) {
  /** Sent (or being sent) messages keep their event, channel and times; the address, subject and text go. */
  const blank = (tx: Tx, where: SQL) =>
    tx.update(outboxMessages).set({ recipient: "", subject: "", body: "（已刪除）", providerAnswer: "" }).where(where);

  return {
    async exportOf(memberId: number, subjects: string[]) {
      const [prefs] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.memberId, memberId));
      const notices = await db
        .select()
        .from(notifications)
        .where(eq(notifications.memberId, memberId))
        .orderBy(asc(notifications.id));
      const messages = await db.select().from(outboxMessages).where(about(memberId, subjects)).orderBy(asc(outboxMessages.id));
      return {
        preferences: { line: prefs?.line ?? true, email: prefs?.email ?? true },
        notices: notices.map((n) => ({
          title: n.title,
          body: n.body,
          link: n.link,
          read_at: n.readAt?.toISOString() ?? null,
          at: n.createdAt.toISOString(),
        })),
        messages: messages.map((m) => ({
          channel: m.channel,
          recipient: m.recipient,
          subject: m.subject,
          body: m.body,
          status: m.status,
          at: m.createdAt.toISOString(),
          sent_at: m.sentAt?.toISOString() ?? null,
        })),
      };
    },

    /** A closing member: notices and choices deleted, unsent messages dropped, sent ones blanked. */
    async erase(tx: Tx, memberId: number, subjects: string[]) {
      await tx.delete(notifications).where(eq(notifications.memberId, memberId));
      await tx.delete(notificationPreferences).where(eq(notificationPreferences.memberId, memberId));
      const theirs = about(memberId, subjects);
      await tx.delete(outboxMessages).where(and(theirs, inArray(outboxMessages.status, ["pending", "failed"])));
      await blank(tx, theirs);
    },

    /** Guest orders past the retention period (`order:<no>`): their messages blanked (long sent by then). */
    async blankAbout(tx: Tx, subjects: string[]) {
      if (subjects.length > 0) await blank(tx, about(null, subjects));
    },
  };
}
