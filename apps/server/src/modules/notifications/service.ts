import type { NotificationView, Paged } from "@shop/contract";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { notifications } from "../../db/schema/index.js";

/** Notices to members. Written inside the caller's transaction, so a notice exists only if its cause does. */
export function createNotificationsService(db: Db, now: () => Date = () => new Date()) {
  return {
    async notify(tx: Tx, memberId: number, n: { kind: "order" | "system"; title: string; body?: string; link?: string }) {
      await tx
        .insert(notifications)
        .values({ memberId, kind: n.kind, title: n.title, body: n.body ?? "", link: n.link ?? "", createdAt: now() });
    },

    async search(memberId: number, page: number, perPage: number): Promise<Paged<NotificationView> & { unread: number }> {
      const mine = eq(notifications.memberId, memberId);
      const [[total], [unread], rows] = await Promise.all([
        db.select({ n: count() }).from(notifications).where(mine),
        db
          .select({ n: count() })
          .from(notifications)
          .where(and(mine, isNull(notifications.readAt))),
        db
          .select()
          .from(notifications)
          .where(mine)
          .orderBy(desc(notifications.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
      ]);
      return {
        list: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          title: r.title,
          body: r.body,
          link: r.link,
          read: r.readAt !== null,
          created_at: r.createdAt.toISOString(),
        })),
        total: total?.n ?? 0,
        unread: unread?.n ?? 0,
        page,
        per_page: perPage,
      };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
