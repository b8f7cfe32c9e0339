import { asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { inquiries, inquiryReplies } from "../../db/schema/index.js";

/**
 * Inquiries name no member: a member's are those sent with their phone — the one thing the shop
 * proved is theirs (an SMS code at sign-up). Never the e-mail: nobody proved it, and matching it
 * let a member who typed a stranger's address download or erase that stranger's inquiries.
 */
const sentBy = (who: { phone: string }) => eq(inquiries.phone, who.phone);

/**
 * The inquiry inbox's part of a member's personal data (decision 78): what they asked and what the
 * shop answered, for the export; and, when the account closes, the inquiries' contact and text
 * removed (the subject, dates and state stay as the inbox's record).
 */
export function createSupportPersonalData(db: Db) {
  return {
    async exportOf(who: { phone: string }) {
      const rows = await db.select().from(inquiries).where(sentBy(who)).orderBy(asc(inquiries.id));
      const replies = rows.length
        ? await db
            .select()
            .from(inquiryReplies)
            .where(
              inArray(
                inquiryReplies.inquiryId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(asc(inquiryReplies.id))
        : [];
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind === "contact" ? "聯絡我們" : "訪客詢問",
        name: r.name,
        phone: r.phone,
        email: r.email,
        subject: r.subject,
        message: r.message,
        status: r.status,
        at: r.createdAt.toISOString(),
        replies: replies.filter((p) => p.inquiryId === r.id).map((p) => ({ body: p.body, at: p.createdAt.toISOString() })),
      }));
    },

    /** Removes the closing member's contact and words from their inquiries; their ids (their mails go too). */
    async erase(tx: Tx, who: { phone: string }): Promise<number[]> {
      const rows = await tx.select({ id: inquiries.id }).from(inquiries).where(sentBy(who));
      const ids = rows.map((r) => r.id);
      if (ids.length === 0) return [];
      await tx
        .update(inquiries)
        .set({ name: "○○○", phone: "", email: "", message: "（已依會員要求刪除）" })
        .where(inArray(inquiries.id, ids));
      await tx.update(inquiryReplies).set({ body: "（已刪除）" }).where(inArray(inquiryReplies.inquiryId, ids));
      return ids;
    },
  };
}
